import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { z, ZodError } from 'zod';
import { isDatabaseUnavailable } from '../../../db/unavailable.js';
import { DomainError } from '../domain/errors.js';
import { describeZodError } from '../trpc/init.js';

export interface LegacyErrorBody {
  message: string;
  error: string;
  code: string;
  details?: unknown;
}

/** The error body of every REST path (API.md): the OpenAPI document's `Error` schema. */
export const legacyErrorBodySchema = z
  .object({
    message: z.string(),
    error: z.string().meta({ description: 'The same text as message (older clients read this one).' }),
    code: z.string().meta({ description: 'The stable reason: BAD_REQUEST, UNAUTHORIZED, INSUFFICIENT_FUNDS, ...' }),
    details: z.unknown().optional(),
  })
  .meta({
    id: 'Error',
    example: { message: 'Insufficient balance', error: 'Insufficient balance', code: 'INSUFFICIENT_FUNDS' },
  });

export function legacyErrorBody(message: string, code: string, details?: unknown): LegacyErrorBody {
  return details === undefined ? { message, error: message, code } : { message, error: message, code, details };
}

/**
 * The logger for a response: the request's own (http/request-log.ts; its lines carry the request id), or the
 * app logger that app.ts puts in res.locals for paths mounted before the request log (the chat poll).
 */
export function requestLogger(res: ServerResponse): Pick<Logger, 'error' | 'warn'> {
  const locals = (res as ServerResponse & { locals?: { logger?: Logger } }).locals;
  return res.req.log ?? locals?.logger ?? console;
}

/** Turns anything thrown into a TRPCError; an unreachable database is 503, anything else unknown is 500. */
function asTrpcError(error: unknown): TRPCError {
  if (error instanceof TRPCError) return error;
  const cause = error instanceof Error ? error : new Error(String(error));
  return isDatabaseUnavailable(error)
    ? new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable', cause })
    : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause });
}

/**
 * The one mapping from any error a procedure throws to the body legacy clients read (API.md):
 * `message` and `error` carry the same text, `code` the stable reason. Every 5xx is logged with its
 * cause and stack (a 500 at error level, a 503 at warn: the database or Redis being away is not a bug).
 */
export function sendLegacyError(res: ServerResponse, error: unknown): void {
  const trpcError = asTrpcError(error);
  const cause = trpcError.cause;
  const status = getHTTPStatusCodeFromError(trpcError);
  if (status >= 500 && !(cause instanceof DomainError)) {
    const logged = {
      err: cause ?? trpcError,
      status,
      reqId: res.req.id,
      method: res.req.method,
      url: (res.req as { originalUrl?: string }).originalUrl ?? res.req.url,
    };
    if (status === 500) requestLogger(res).error(logged, 'request failed');
    else requestLogger(res).warn(logged, 'service unavailable');
  }
  if (cause instanceof DomainError) {
    if (cause.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(cause.retryAfterSeconds));
    sendJson(res, status, legacyErrorBody(cause.message, cause.code, cause.details));
    return;
  }
  if (cause instanceof ZodError) {
    sendJson(res, 400, legacyErrorBody(describeZodError(cause), 'BAD_REQUEST'));
    return;
  }
  if (status >= 500) {
    sendJson(
      res,
      status,
      legacyErrorBody(status === 503 ? 'Service unavailable' : 'Internal server error', trpcError.code),
    );
    return;
  }
  sendJson(res, status, legacyErrorBody(trpcError.message, trpcError.code));
}

/** A JSON answer as Express's `res.status(status).json(body)` writes it, without its ETag: errors and POST answers are not cached. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}
