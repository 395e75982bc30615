import { Router } from 'express';
import type { TokenBurns, TokenData, TokenSupply } from '../domain/token/token.schemas.js';
import type { Caller } from './legacy-handler.js';
import { legacyHandler, type ContextForRequest } from './legacy-handler.js';

/** Legacy clients read money as JSON numbers (API.md); tRPC carries the exact decimal strings. */
const num = (value: string) => Number(value);

export function legacyTokenData(data: TokenData) {
  return { ...data, price: num(data.price), marketCap: num(data.marketCap), volume24h: num(data.volume24h) };
}

export function legacyTokenSupply(supply: TokenSupply) {
  return {
    maxSupply: num(supply.maxSupply),
    totalSupply: num(supply.totalSupply),
    circulatingSupply: num(supply.circulatingSupply),
    burned: num(supply.burned),
    updatedAt: supply.updatedAt,
  };
}

export function legacyTokenBurns(burns: TokenBurns) {
  return {
    totalBurned: num(burns.totalBurned),
    burned24h: num(burns.burned24h),
    burns: burns.burns.map((burn) => ({ ...burn, amount: num(burn.amount), usdValue: num(burn.usdValue) })),
  };
}

const views: Record<string, (caller: Caller) => Promise<unknown>> = {
  data: async (caller) => legacyTokenData(await caller.token.latest()),
  supply: async (caller) => legacyTokenSupply(await caller.token.supply()),
  burn: async (caller) => legacyTokenBurns(await caller.token.burns()),
  all: async (caller) => {
    const [data, supply, burn] = await Promise.all([caller.token.latest(), caller.token.supply(), caller.token.burns()]);
    return { data: legacyTokenData(data), supply: legacyTokenSupply(supply), burn: legacyTokenBurns(burn) };
  },
};

/** GET /token/{data,supply,burn,all}, also under /api/token/... */
export function tokenRoutes(contextFor: ContextForRequest): Router {
  const routes = Router();
  for (const [name, view] of Object.entries(views)) {
    routes.get(
      [`/token/${name}`, `/api/token/${name}`],
      legacyHandler(contextFor, async (caller, _req, res) => {
        res.setHeader('Cache-Control', 'no-cache');
        res.json(await view(caller));
      }),
    );
  }
  return routes;
}
