import { z } from 'zod';
import type { RouteDoc } from './openapi/rest-routes.js';

/** GET /metrics (app.ts): Prometheus text; with METRICS_TOKEN set, only for that bearer token. */
export const metricsDoc: RouteDoc = {
  method: 'get',
  path: '/metrics',
  summary: 'Prometheus metrics',
  description: 'Open unless METRICS_TOKEN is set; then the bearer token must be METRICS_TOKEN (not a session token).',
  tags: ['status'],
  access: 'optional-bearer',
  responses: {
    200: { description: 'Prometheus text exposition format', contentType: 'text/plain', schema: z.string() },
  },
  errors: [401],
};
