import { z } from 'zod';
import { betsInputSchema, cashOutInputSchema, idSchema, placeBetInputSchema } from '../domain/sports/sports.schemas.js';
import { eventViewSchema, sportsBetViewSchema } from '../domain/sports/sports.views.js';
import { legacyHandler, type ContextForRequest } from './legacy-handler.js';
import { RestRoutes } from './openapi/rest-routes.js';
import { body } from './request-body.js';

/** Every sports path answers 404 while the sportsbook is switched off (SPORTS_ENABLED=false). */
const tags = ['sports'];
const idParams = z.object({ id: idSchema });

/** The JSON body as a plain object; anything else reads as empty (the procedure's schema says what is missing). */
/**
 * Sportsbook REST paths. Unlike the older legacy paths they answer the tRPC shapes unchanged:
 * money and odds stay exact decimal strings (a bet's return must not pass through a float).
 */
export function sportsRoutes(contextFor: ContextForRequest): RestRoutes {
  const routes = new RestRoutes();
  routes.add(
    {
      method: 'get',
      path: '/api/sports/events',
      summary: 'Open events with their markets and odds',
      tags,
      access: 'public',
      responses: { 200: z.array(eventViewSchema) },
      errors: [404],
    },
    legacyHandler(contextFor, async (caller, _req, res) => {
      res.json(await caller.sports.events({ status: 'open' }));
    }),
  );
  routes.add(
    {
      method: 'get',
      path: '/api/sports/events/:id',
      summary: 'One event',
      tags,
      access: 'public',
      params: idParams,
      responses: { 200: eventViewSchema },
      errors: [400, 404],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(await caller.sports.event({ id: String(req.params.id) }));
    }),
  );
  routes.add(
    {
      method: 'post',
      path: '/api/sports/bets',
      summary: 'Place a single or a multi (idempotent by clientId)',
      tags,
      access: 'bearer',
      body: placeBetInputSchema.meta({
        example: {
          clientId: 'slip-1',
          currency: 'USD',
          stake: '5',
          oddsPolicy: 'none',
          legs: [{ selectionId: '12', odds: '2.15' }],
        },
      }),
      responses: { 201: sportsBetViewSchema },
      errors: [400, 401, 403, 404, 409, 429],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      res.status(201).json(await caller.sports.placeBet(body(req) as never));
    }),
  );
  routes.add(
    {
      method: 'get',
      path: '/api/sports/bets',
      summary: "The player's open or settled bets",
      tags,
      access: 'bearer',
      query: betsInputSchema.unwrap().partial(),
      responses: { 200: z.object({ items: z.array(sportsBetViewSchema), nextCursor: z.string().nullable() }) },
      errors: [400, 401, 404],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      const status = req.query.status === 'settled' ? 'settled' : 'open';
      const limit = req.query.limit === undefined ? undefined : Number(req.query.limit);
      const cursor = typeof req.query.cursor === 'string' ? req.query.cursor : undefined;
      res.json(await caller.sports.bets({ status, limit: limit as number, cursor }));
    }),
  );
  routes.add(
    {
      method: 'post',
      path: '/api/sports/bets/:id/cashout',
      summary: 'Cash out at the current offer',
      tags,
      access: 'bearer',
      params: idParams,
      body: cashOutInputSchema.omit({ betId: true }),
      responses: { 200: sportsBetViewSchema },
      errors: [400, 401, 404, 409],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      const { expectedValue } = body(req);
      res.json(
        await caller.sports.cashOut({
          betId: String(req.params.id),
          expectedValue: expectedValue as string | undefined,
        }),
      );
    }),
  );
  return routes;
}
