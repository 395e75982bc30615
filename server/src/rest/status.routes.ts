import { Router } from 'express';
import { legacyHandler, type ContextForRequest } from './legacy-handler.js';

export function statusRoutes(contextFor: ContextForRequest): Router {
  const routes = Router();
  routes.get(
    '/auth/status',
    legacyHandler(contextFor, async (caller, _req, res) => {
      const status = await caller.system.status();
      res.setHeader('Cache-Control', 'no-store');
      // Degraded (a lost job schedule) is still 200: the API works, and load balancers must keep the server.
      res.status(status.status === 'unavailable' ? 503 : 200).json(status);
    }),
  );
  return routes;
}
