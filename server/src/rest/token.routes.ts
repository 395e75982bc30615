import { z } from 'zod';
import type { TokenBurns, TokenData, TokenSupply } from '../domain/token/token.schemas.js';
import { quoteInputSchema, tradeInputSchema, tradeSideSchema } from '../domain/token/trade.schemas.js';
import type { Caller } from './legacy-handler.js';
import { legacyHandler, type ContextForRequest } from './legacy-handler.js';
import { RestRoutes } from './openapi/rest-routes.js';

const numOrNullSchema = z.number().nullable();
const tokenDataSchema = z
  .object({
    symbol: z.literal('BZU'),
    price: z.number(),
    change24h: z.number(),
    marketCap: z.number(),
    volume24h: z.number(),
    updatedAt: z.string(),
    source: z.enum(['pool', 'http']),
  })
  .meta({ id: 'TokenData' });
const tokenSupplySchema = z
  .object({
    maxSupply: z.number(),
    totalSupply: z.number(),
    circulatingSupply: z.number(),
    burned: z.number(),
    updatedAt: z.string(),
  })
  .meta({ id: 'TokenSupply' });
const tokenBurnsSchema = z
  .object({
    totalBurned: z.number(),
    burned24h: z.number(),
    burns: z.array(
      z.object({
        id: z.string(),
        amount: z.number(),
        usdValue: z.number(),
        reason: z.string(),
        createdAt: z.string(),
        periodStart: z.string().nullable(),
        periodEnd: z.string().nullable(),
        revenue: numOrNullSchema,
        share: numOrNullSchema,
        usdSpent: numOrNullSchema,
        bzuBought: numOrNullSchema,
        price: numOrNullSchema,
      }),
    ),
    periods: z.array(
      z.object({
        periodStart: z.string(),
        periodEnd: z.string(),
        revenue: z.number(),
        share: z.number(),
        status: z.enum(['burned', 'skipped']),
        reason: z.string().nullable(),
        burnId: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'TokenBurns' });
const quoteSchema = z.object({
  side: tradeSideSchema,
  amountIn: z.number(),
  amountOut: z.number(),
  fee: z.number(),
  feeBps: z.number(),
  baseFeeBps: z.number(),
  price: z.number(),
  priceAfter: z.number(),
  executionPrice: z.number(),
  priceImpact: z.number(),
  slippageBps: z.number(),
  minimumReceived: z.number(),
  inCurrency: z.enum(['USD', 'BZU']),
  outCurrency: z.enum(['USD', 'BZU']),
});
const tradeSchema = z.object({
  tradeId: z.string(),
  side: tradeSideSchema,
  amountIn: z.number(),
  amountOut: z.number(),
  fee: z.number(),
  priceAfter: z.number(),
  createdAt: z.string(),
  replayed: z.boolean(),
  balances: z.object({ USD: z.number(), BZU: z.number() }),
});
/** Money fields as numbers; the tier, balance history and recent trades as token.holdings gives them. */
const holdingsSchema = z
  .object({
    bzu: z.number(),
    usd: z.number(),
    price: z.number(),
    usdValue: z.number(),
    averageCost: z.number().nullable(),
    tradedBzuHeld: z.number(),
    costBasis: z.number(),
    realizedPnl: z.number(),
    unrealizedPnl: z.number(),
    totalPnl: z.number(),
    totalBought: z.number(),
    totalSold: z.number(),
    tradeCount: z.number().int(),
    history: z.array(z.object({ t: z.string(), bzu: z.string() })),
  })
  .loose();

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

const quoteMoney = [
  'amountIn',
  'amountOut',
  'fee',
  'price',
  'priceAfter',
  'executionPrice',
  'minimumReceived',
] as const;

const views: Record<string, { schema: z.ZodType; view: (caller: Caller) => Promise<unknown> }> = {
  data: { schema: tokenDataSchema, view: async (caller) => legacyTokenData(await caller.token.latest()) },
  supply: { schema: tokenSupplySchema, view: async (caller) => legacyTokenSupply(await caller.token.supply()) },
  burn: { schema: tokenBurnsSchema, view: async (caller) => legacyTokenBurns(await caller.token.burns()) },
  all: {
    schema: z.object({ data: tokenDataSchema, supply: tokenSupplySchema, burn: tokenBurnsSchema }),
    view: async (caller) => {
      const [data, supply, burn] = await Promise.all([
        caller.token.latest(),
        caller.token.supply(),
        caller.token.burns(),
      ]);
      return { data: legacyTokenData(data), supply: legacyTokenSupply(supply), burn: legacyTokenBurns(burn) };
    },
  },
};
const tags = ['token'];

/** GET /token/{data,supply,burn,all}, also under /api/token/... */
export function tokenRoutes(contextFor: ContextForRequest): RestRoutes {
  const routes = new RestRoutes();
  for (const [name, { schema, view }] of Object.entries(views)) {
    routes.add(
      {
        method: 'get',
        path: [`/token/${name}`, `/api/token/${name}`],
        summary: `BZU token ${name} (money as JSON numbers)`,
        tags,
        access: 'public',
        responses: { 200: schema },
      },
      legacyHandler(contextFor, async (caller, _req, res) => {
        res.setHeader('Cache-Control', 'no-cache');
        res.json(await view(caller));
      }),
    );
  }
  // Trading (signed in: Bearer token). Same checks and errors as tRPC token.quote / token.trade.
  routes.add(
    {
      method: 'get',
      path: '/api/token/quote',
      summary: 'Quote a buy or sell against the pool',
      tags,
      access: 'bearer',
      query: quoteInputSchema,
      responses: { 200: quoteSchema },
      errors: [400, 401],
    },
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
  routes.add(
    {
      method: 'post',
      path: '/api/token/trade',
      summary: 'Buy or sell BZU (idempotent by clientTradeId: a replay answers 200 with the first result)',
      tags,
      access: 'bearer',
      body: tradeInputSchema.meta({
        example: { side: 'buy', amount: '10', minOut: '9.5', clientTradeId: 'trade-0001' },
      }),
      responses: { 201: tradeSchema, 200: tradeSchema },
      errors: [400, 401, 409, 429],
    },
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
  routes.add(
    {
      method: 'get',
      path: '/api/token/holdings',
      summary: "The player's BZU position and profit/loss",
      tags,
      access: 'bearer',
      responses: { 200: holdingsSchema },
      errors: [401],
    },
    legacyHandler(contextFor, async (caller, _req, res) => {
      const holdings = await caller.token.holdings();
      res.setHeader('Cache-Control', 'no-store');
      res.json(
        numbersFor(holdings, [
          'bzu',
          'usd',
          'price',
          'usdValue',
          'averageCost',
          'tradedBzuHeld',
          'costBasis',
          'realizedPnl',
          'unrealizedPnl',
          'totalPnl',
          'totalBought',
          'totalSold',
        ]),
      );
    }),
  );
  return routes;
}
