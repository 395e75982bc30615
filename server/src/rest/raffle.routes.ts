import { Router } from 'express';
import { queryCursor, queryLimit } from './economy.routes.js';
import { legacyHandler, type ContextForRequest } from './legacy-handler.js';

/**
 * Raffles over REST (docs/api.md "Raffle"): each path calls its tRPC procedure; the answers are the same JSON (exact
 * decimal strings), except the entrants list, which is served as the CSV file whose SHA-256 is the entrants hash.
 */
export function raffleRoutes(contextFor: ContextForRequest): Router {
  const routes = Router();
  routes.get('/api/raffle/current', legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.raffle.current())));
  routes.post('/api/raffle/free-entry', legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.raffle.claimFreeEntry())));
  routes.get(
    '/api/raffle/past',
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(await caller.raffle.past({ limit: queryLimit(req.query.limit), cursor: queryCursor(req.query.cursor) }));
    }),
  );
  routes.get('/api/raffle/:id', legacyHandler(contextFor, async (caller, req, res) => void res.json(await caller.raffle.byId({ id: String(req.params.id) }))));
  routes.get(
    '/api/raffle/:id/entrants.csv',
    legacyHandler(contextFor, async (caller, req, res) => {
      const { raffleId, entrantsHash, csv } = await caller.raffle.entrantsCsv({ id: String(req.params.id) });
      res
        .status(200)
        .set('Content-Type', 'text/csv; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="raffle-${raffleId}-entrants.csv"`)
        .set('X-Entrants-Hash', entrantsHash)
        // Exactly the hashed bytes: no transformation by caches or proxies.
        .set('Cache-Control', 'public, max-age=60, no-transform')
        .send(Buffer.from(csv, 'utf8'));
    }),
  );
  return routes;
}
