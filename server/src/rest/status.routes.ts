import { z } from 'zod';
import { legacyHandler, type ContextForRequest } from './legacy-handler.js';
import { RestRoutes } from './openapi/rest-routes.js';

const component = z.enum(['ok', 'down']);
/** SystemStatus (domain/system/system.service.ts) on the wire. */
export const systemStatusSchema = z
  .object({
    status: z.enum(['ok', 'degraded', 'unavailable']),
    version: z.string(),
    time: z.string(),
    database: component,
    redis: component,
    worker: component,
    databaseTime: z.string().nullable(),
    workerLastBeat: z.string().nullable(),
    schedules: z.enum(['ok', 'missing', 'unknown']),
    missingSchedules: z.array(z.string()),
  })
  .meta({ id: 'SystemStatus' });

export function statusRoutes(contextFor: ContextForRequest): RestRoutes {
  return new RestRoutes().add(
    {
      method: 'get',
      path: '/auth/status',
      summary: 'Health: database, Redis, worker and job schedules',
      description:
        'Degraded (a lost job schedule) is still 200; 503 when Postgres or Redis does not answer, with the same body.',
      tags: ['status'],
      access: 'public',
      responses: {
        200: systemStatusSchema,
        503: { description: 'Postgres or Redis is away', schema: systemStatusSchema },
      },
    },
    legacyHandler(contextFor, async (caller, _req, res) => {
      const status = await caller.system.status();
      res.setHeader('Cache-Control', 'no-store');
      // Degraded (a lost job schedule) is still 200: the API works, and load balancers must keep the server.
      res.status(status.status === 'unavailable' ? 503 : 200).json(status);
    }),
  );
}
