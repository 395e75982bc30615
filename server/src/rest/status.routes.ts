import { Router } from 'express';
import { legacyHandler, type ContextForRequest } from './legacy-handler.js';

export function statusRoutes(contextFor: ContextForRequest): Router {
  const routes = Router();
  routes.get(
    '/auth/status',
    legacyHandler(contextFor, async (caller, _req, res) => {
      const status = await caller.system.status();
      res.setHeader('Cache-Control', 'no-store');
      res.status(status.status === 'ok' ? 200 : 503).json(status);
    }),
  );
  return routes;
}
