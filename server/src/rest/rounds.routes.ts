import { Router, type Request } from 'express';
import { ROUND_GAMES } from '../domain/games/registry.js';
import type { BetResult } from '../domain/games/bet.views.js';
import { queryCursor, queryLimit } from './economy.routes.js';
import { legacyAmounts, legacyBet } from './games.routes.js';
import { legacyHandler, type Caller, type ContextForRequest } from './legacy-handler.js';

type RoundProcedures = {
  chain(): Promise<unknown>;
  current(): Promise<unknown>;
  rounds(input: { cursor?: string; limit: number }): Promise<unknown>;
  round(input: { id: string }): Promise<unknown>;
  bet(input: unknown): Promise<BetResult>;
  cashout(input: { betId?: string }): Promise<BetResult>;
};
const proceduresOf = (caller: Caller, slug: string) => (caller as unknown as Record<string, RoundProcedures>)[slug]!;

function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Round games over REST (API.md "Round games"): /api/<slug>/chain, current, rounds, rounds/:id, bets, cashout. */
export function roundsRoutes(contextFor: ContextForRequest): Router {
  const routes = Router();
  for (const game of ROUND_GAMES) {
    const base = `/api/${game.slug}`;
    const amounts = new Set(game.amountFields);
    const call = (caller: Caller) => proceduresOf(caller, game.slug);
    routes.get(`${base}/chain`, legacyHandler(contextFor, async (caller, _req, res) => void res.json(await call(caller).chain())));
    routes.get(`${base}/current`, legacyHandler(contextFor, async (caller, _req, res) => void res.json(await call(caller).current())));
    routes.get(
      `${base}/rounds`,
      legacyHandler(contextFor, async (caller, req, res) => {
        res.json(await call(caller).rounds({ cursor: queryCursor(req.query.cursor), limit: queryLimit(req.query.limit) ?? 20 }));
      }),
    );
    routes.get(`${base}/rounds/:id`, legacyHandler(contextFor, async (caller, req, res) => void res.json(await call(caller).round({ id: String(req.params.id) }))));
    routes.post(
      `${base}/bets`,
      legacyHandler(contextFor, async (caller, req, res) => {
        const result = await call(caller).bet(legacyAmounts(body(req), amounts));
        res.status(201).json({ ...legacyBet(result.bet), balance: result.balance });
      }),
    );
    routes.post(
      `${base}/cashout`,
      legacyHandler(contextFor, async (caller, req, res) => {
        const betId = body(req).betId;
        const result = await call(caller).cashout(betId === undefined ? {} : { betId: String(betId) });
        res.json({ ...legacyBet(result.bet), balance: result.balance });
      }),
    );
  }
  return routes;
}
