import { z } from 'zod';
import { ROUND_GAMES } from '../domain/games/registry.js';
import type { BetResult } from '../domain/games/bet.views.js';
import { roundChainSchema, roundViewSchema, roundWithBetsSchema } from '../domain/rounds/round.service.js';
import { cashoutSchema, roundIdSchema, roundsPageSchema } from '../trpc/routers/rounds.router.js';
import { queryCursor, queryLimit } from './economy.routes.js';
import { legacyAmounts, legacyBet, legacyBetWithBalanceSchema } from './games.routes.js';
import { legacyHandler, type Caller, type ContextForRequest } from './legacy-handler.js';
import { RestRoutes } from './openapi/rest-routes.js';
import { body } from './request-body.js';

type RoundProcedures = {
  chain(): Promise<unknown>;
  current(): Promise<unknown>;
  rounds(input: { cursor?: string; limit: number }): Promise<unknown>;
  round(input: { id: string }): Promise<unknown>;
  bet(input: unknown): Promise<BetResult>;
  cashout(input: { betId?: string }): Promise<BetResult>;
};
const proceduresOf = (caller: Caller, slug: string) => (caller as unknown as Record<string, RoundProcedures>)[slug]!;

/** Round games over REST (API.md "Round games"): /api/<slug>/chain, current, rounds, rounds/:id, bets, cashout. */
export function roundsRoutes(contextFor: ContextForRequest): RestRoutes {
  const routes = new RestRoutes();
  for (const game of ROUND_GAMES) {
    const base = `/api/${game.slug}`;
    const amounts = new Set(game.amountFields);
    const call = (caller: Caller) => proceduresOf(caller, game.slug);
    const tags = ['rounds'];
    routes.add(
      {
        method: 'get',
        path: `${base}/chain`,
        summary: `${game.name}: the published hash chain`,
        tags,
        access: 'public',
        responses: { 200: roundChainSchema.nullable() },
      },
      legacyHandler(contextFor, async (caller, _req, res) => void res.json(await call(caller).chain())),
    );
    routes.add(
      {
        method: 'get',
        path: `${base}/current`,
        summary: `${game.name}: the round on screen, with its bets`,
        tags,
        access: 'public',
        responses: { 200: roundWithBetsSchema.nullable() },
      },
      legacyHandler(contextFor, async (caller, _req, res) => void res.json(await call(caller).current())),
    );
    routes.add(
      {
        method: 'get',
        path: `${base}/rounds`,
        summary: `${game.name}: ended rounds, newest first`,
        tags,
        access: 'public',
        query: roundsPageSchema.unwrap().partial(),
        responses: { 200: z.object({ rounds: z.array(roundViewSchema), nextCursor: z.string().nullable() }) },
        errors: [400],
      },
      legacyHandler(contextFor, async (caller, req, res) => {
        res.json(
          await call(caller).rounds({
            cursor: queryCursor(req.query.cursor),
            limit: queryLimit(req.query.limit) ?? 20,
          }),
        );
      }),
    );
    routes.add(
      {
        method: 'get',
        path: `${base}/rounds/:id`,
        summary: `${game.name}: one round`,
        tags,
        access: 'public',
        params: roundIdSchema,
        responses: { 200: roundWithBetsSchema },
        errors: [400, 404],
      },
      legacyHandler(
        contextFor,
        async (caller, req, res) => void res.json(await call(caller).round({ id: String(req.params.id) })),
      ),
    );
    routes.add(
      {
        method: 'post',
        path: `${base}/bets`,
        summary: `${game.name}: bet on the round in its betting window`,
        description: 'Amounts may be JSON numbers (legacy) or exact decimal strings.',
        tags,
        access: 'bearer',
        body: game.input,
        responses: { 201: legacyBetWithBalanceSchema },
        errors: [400, 401, 403, 409, 429],
      },
      legacyHandler(contextFor, async (caller, req, res) => {
        const result = await call(caller).bet(legacyAmounts(body(req), amounts));
        res.status(201).json({ ...legacyBet(result.bet), balance: result.balance });
      }),
    );
    routes.add(
      {
        method: 'post',
        path: `${base}/cashout`,
        summary: `${game.name}: cash out of the running round`,
        tags,
        access: 'bearer',
        body: cashoutSchema.unwrap(),
        responses: { 200: legacyBetWithBalanceSchema },
        errors: [400, 401, 404, 409],
      },
      legacyHandler(contextFor, async (caller, req, res) => {
        const betId = body(req).betId;
        const result = await call(caller).cashout(betId === undefined ? {} : { betId: String(betId) });
        res.json({ ...legacyBet(result.bet), balance: result.balance });
      }),
    );
  }
  return routes;
}
