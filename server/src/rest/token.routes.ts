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

const numOrNull = (value: string | null) => (value === null ? null : Number(value));

export function legacyTokenBurns(burns: TokenBurns) {
  return {
    totalBurned: num(burns.totalBurned),
    burned24h: num(burns.burned24h),
    burns: burns.burns.map((burn) => ({
      ...burn,
      amount: num(burn.amount),
      usdValue: num(burn.usdValue),
      revenue: numOrNull(burn.revenue),
      share: numOrNull(burn.share),
      usdSpent: numOrNull(burn.usdSpent),
      bzuBought: numOrNull(burn.bzuBought),
      price: numOrNull(burn.price),
    })),
    periods: burns.periods.map((period) => ({ ...period, revenue: num(period.revenue), share: num(period.share) })),
  };
}

/** Money fields of a flat object as JSON numbers (legacy REST); other fields as they are. */
function numbersFor<T extends object>(body: T, keys: (keyof T)[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of keys) {
    const value = body[key];
    if (typeof value === 'string') out[key as string] = Number(value);
  }
  return out;
}

const quoteMoney = ['amountIn', 'amountOut', 'fee', 'price', 'priceAfter', 'executionPrice', 'minimumReceived'] as const;

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
  // Trading (signed in: Bearer token). Same checks and errors as tRPC token.quote / token.trade.
  routes.get(
    '/api/token/quote',
    legacyHandler(contextFor, async (caller, req, res) => {
      const slippage = req.query.slippageBps;
      const quote = await caller.token.quote({
        side: req.query.side as 'buy' | 'sell',
        amount: String(req.query.amount ?? ''),
        slippageBps: typeof slippage === 'string' ? Number(slippage) : undefined,
      } as never);
      res.setHeader('Cache-Control', 'no-store');
      res.json(numbersFor(quote, [...quoteMoney]));
    }),
  );
  routes.post(
    '/api/token/trade',
    legacyHandler(contextFor, async (caller, req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const text = (value: unknown) => (typeof value === 'number' ? String(value) : value);
      const result = await caller.token.trade({
        side: body.side,
        amount: text(body.amount),
        minOut: text(body.minOut),
        clientTradeId: body.clientTradeId,
      } as never);
      res.status(result.replayed ? 200 : 201).json({
        ...numbersFor(result, ['amountIn', 'amountOut', 'fee', 'priceAfter']),
        balances: { USD: num(result.balances.USD), BZU: num(result.balances.BZU) },
      });
    }),
  );
  routes.get(
    '/api/token/holdings',
    legacyHandler(contextFor, async (caller, _req, res) => {
      const holdings = await caller.token.holdings();
      res.setHeader('Cache-Control', 'no-store');
      res.json(
        numbersFor(holdings, ['bzu', 'usd', 'price', 'usdValue', 'averageCost', 'tradedBzuHeld', 'costBasis', 'realizedPnl', 'unrealizedPnl', 'totalPnl', 'totalBought', 'totalSold']),
      );
    }),
  );
  return routes;
}
