import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { tooManyRequestsMessage } from '../infra/rate-limiter.js';
import { legacyErrorBody, sendJson } from '../rest/legacy-errors.js';
import type { RequestBudget } from './request-budget.js';

/**
 * REST pays the same budget as tRPC (request-budget.ts): 2,200 anonymous `GET /api/crash/rounds?limit=100` in 12 s
 * were all answered before it. Signed server-to-server calls (the providers' wallet, the payment webhooks) are not
 * counted: a busy studio sends thousands a second from one address, and each is authenticated by its signature.
 */
export interface RestBudgetOptions {
  budget: RequestBudget;
  bearerToken(req: IncomingMessage): string | undefined;
  clientAddress(req: IncomingMessage): string;
}

const SIGNED_PATHS = ['/api/providers/', '/api/webhooks/'];

export function isSignedServerCall(method: string | undefined, path: string): boolean {
  return method === 'POST' && SIGNED_PATHS.some((prefix) => path.startsWith(prefix));
}

/** Spends one point of the caller's budget; false (and a 429 with Retry-After sent) when it is spent. */
export async function admitRestRequest(
  options: RestBudgetOptions,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const answer = await options.budget.take({ token: options.bearerToken(req), ip: options.clientAddress(req) });
  if (answer.ok) return true;
  res.setHeader('Retry-After', String(answer.retryAfterSeconds));
  sendJson(res, 429, legacyErrorBody(tooManyRequestsMessage(answer.retryAfterSeconds), 'RATE_LIMITED'));
  return false;
}

/** The Express side: every /api request but tRPC (its own guard pays) and the signed server calls. */
export function restBudget(options: RestBudgetOptions): RequestHandler {
  return (req, res, next) => {
    const path = req.originalUrl.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || path.startsWith('/api/trpc') || isSignedServerCall(req.method, path)) {
      next();
      return;
    }
    admitRestRequest(options, req, res).then((admitted) => admitted && next(), next);
  };
}
