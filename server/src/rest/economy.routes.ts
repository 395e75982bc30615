import { Router, type Request } from 'express';
import { amountText } from './games.routes.js';
import { legacyHandler, type ContextForRequest } from './legacy-handler.js';

function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A body whose amount may be a JSON number (legacy style) or an exact decimal string. */
const withAmount = (req: Request) => {
  const input = body(req);
  return { ...input, amount: amountText(input.amount) };
};

/** Query values as the procedures take them: absent stays absent (the schema's default applies), bad text fails it. */
export const queryLimit = (value: unknown) => (typeof value === 'string' && value !== '' ? Number(value) : undefined);
export const queryCursor = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Player economy over REST (docs/api.md "Player economy"): each path calls its tRPC procedure.
 * Amounts come back as exact decimal strings, as on tRPC.
 */
export function economyRoutes(contextFor: ContextForRequest): Router {
  const routes = Router();
  routes.get('/api/vip/ranks', legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.vip.ranks())));
  routes.get('/api/vip', legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.vip.status())));
  routes.post('/api/vip/rakeback/claim', legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.vip.claimRakeback())));
  routes.get(
    '/api/vip/rakeback',
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(await caller.vip.rakebackHistory({ limit: queryLimit(req.query.limit) ?? 20, cursor: queryCursor(req.query.cursor) }));
    }),
  );
  routes.get('/api/vault', legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.vault.balances())));
  routes.get(
    '/api/vault/history',
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(await caller.vault.history({ limit: queryLimit(req.query.limit) ?? 20, cursor: queryCursor(req.query.cursor) }));
    }),
  );
  routes.post('/api/vault/deposit', legacyHandler(contextFor, async (caller, req, res) => void res.json(await caller.vault.deposit(withAmount(req) as never))));
  routes.post('/api/vault/withdraw', legacyHandler(contextFor, async (caller, req, res) => void res.json(await caller.vault.withdraw(withAmount(req) as never))));
  routes.get('/api/tips/terms', legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.tips.terms())));
  routes.get('/api/tips', legacyHandler(contextFor, async (caller, req, res) => void res.json(await caller.tips.history({ limit: queryLimit(req.query.limit) ?? 20 }))));
  routes.post('/api/tips', legacyHandler(contextFor, async (caller, req, res) => void res.status(201).json(await caller.tips.send(withAmount(req) as never))));
  routes.get('/api/rain', legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.rain.pool())));
  routes.get('/api/rain/recent', legacyHandler(contextFor, async (caller, req, res) => void res.json(await caller.rain.recent({ limit: queryLimit(req.query.limit) ?? 10 }))));
  routes.post('/api/rain/contribute', legacyHandler(contextFor, async (caller, req, res) => void res.json(await caller.rain.contribute(withAmount(req) as never))));
  return routes;
}
