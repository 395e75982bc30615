import { Router, type Request } from 'express';
import { legacyHandler, type ContextForRequest } from './legacy-handler.js';

/** The JSON body as a plain object; anything else reads as empty (the procedure's schema says what is missing). */
function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Sportsbook REST paths. Unlike the older legacy paths they answer the tRPC shapes unchanged:
 * money and odds stay exact decimal strings (a bet's return must not pass through a float).
 */
export function sportsRoutes(contextFor: ContextForRequest): Router {
  const routes = Router();
  routes.get(
    '/api/sports/events',
    legacyHandler(contextFor, async (caller, _req, res) => {
      res.json(await caller.sports.events({ status: 'open' }));
    }),
  );
  routes.get(
    '/api/sports/events/:id',
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(await caller.sports.event({ id: String(req.params.id) }));
    }),
  );
  routes.post(
    '/api/sports/bets',
    legacyHandler(contextFor, async (caller, req, res) => {
      res.status(201).json(await caller.sports.placeBet(body(req) as never));
    }),
  );
  routes.get(
    '/api/sports/bets',
    legacyHandler(contextFor, async (caller, req, res) => {
      const status = req.query.status === 'settled' ? 'settled' : 'open';
      const limit = req.query.limit === undefined ? undefined : Number(req.query.limit);
      const cursor = typeof req.query.cursor === 'string' ? req.query.cursor : undefined;
      res.json(await caller.sports.bets({ status, limit: limit as number, cursor }));
    }),
  );
  routes.post(
    '/api/sports/bets/:id/cashout',
    legacyHandler(contextFor, async (caller, req, res) => {
      const { expectedValue } = body(req);
      res.json(await caller.sports.cashOut({ betId: String(req.params.id), expectedValue: expectedValue as string | undefined }));
    }),
  );
  return routes;
}
