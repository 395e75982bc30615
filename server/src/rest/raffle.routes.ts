import { z } from 'zod';
import { raffleByIdSchema, rafflePastSchema } from '../domain/raffle/raffle.schemas.js';
import { currentRaffleSchema, raffleDetailSchema, raffleMineViewSchema } from '../domain/raffle/raffle.views.js';
import { queryCursor, queryLimit } from './economy.routes.js';
import { legacyHandler, type ContextForRequest } from './legacy-handler.js';
import { RestRoutes } from './openapi/rest-routes.js';

const tags = ['raffle'];

/**
 * Raffles over REST (docs/api.md "Raffle"): each path calls its tRPC procedure; the answers are the same JSON (exact
 * decimal strings), except the entrants list, which is served as the CSV file whose SHA-256 is the entrants hash.
 */
export function raffleRoutes(contextFor: ContextForRequest): RestRoutes {
  const routes = new RestRoutes();
  routes.add(
    {
      method: 'get',
      path: '/api/raffle/current',
      summary: "The open raffle (with the caller's tickets when signed in)",
      tags,
      access: 'optional-bearer',
      responses: { 200: currentRaffleSchema.nullable() },
    },
    legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.raffle.current())),
  );
  routes.add(
    {
      method: 'post',
      path: '/api/raffle/free-entry',
      summary: "Claim the day's free ticket",
      tags,
      access: 'bearer',
      responses: { 200: raffleMineViewSchema },
      errors: [401, 403, 409],
    },
    legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.raffle.claimFreeEntry())),
  );
  routes.add(
    {
      method: 'get',
      path: '/api/raffle/past',
      summary: 'Drawn raffles, newest first',
      tags,
      access: 'public',
      query: rafflePastSchema.unwrap().partial(),
      responses: { 200: z.object({ items: z.array(raffleDetailSchema), nextCursor: z.string().nullable() }) },
      errors: [400],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(await caller.raffle.past({ limit: queryLimit(req.query.limit), cursor: queryCursor(req.query.cursor) }));
    }),
  );
  routes.add(
    {
      method: 'get',
      path: '/api/raffle/:id',
      summary: 'One raffle',
      tags,
      access: 'public',
      params: raffleByIdSchema,
      responses: { 200: raffleDetailSchema },
      errors: [400, 404],
    },
    legacyHandler(
      contextFor,
      async (caller, req, res) => void res.json(await caller.raffle.byId({ id: String(req.params.id) })),
    ),
  );
  routes.add(
    {
      method: 'get',
      path: '/api/raffle/:id/entrants.csv',
      summary: 'The entrants list whose SHA-256 is the entrants hash',
      tags,
      access: 'public',
      params: raffleByIdSchema,
      responses: {
        200: {
          description: 'Exactly the hashed bytes',
          contentType: 'text/csv',
          schema: z.string(),
          headers: { 'X-Entrants-Hash': 'SHA-256 of the body, hex' },
        },
      },
      errors: [400, 404, 409],
    },
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
