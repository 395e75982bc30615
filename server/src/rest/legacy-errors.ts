import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Response } from 'express';
import { ZodError } from 'zod';
import { DomainError } from '../domain/errors.js';
import { describeZodError } from '../trpc/init.js';

export interface LegacyErrorBody {
  message: string;
  error: string;
  code: string;
  details?: unknown;
}

export function legacyErrorBody(message: string, code: string, details?: unknown): LegacyErrorBody {
  return details === undefined ? { message, error: message, code } : { message, error: message, code, details };
}

/**
 * The one mapping from any error a procedure throws to the body legacy clients read (API.md):
 * `message` and `error` carry the same text, `code` the stable reason.
 */
export function sendLegacyError(res: Response, error: unknown): void {
  const trpcError =
    error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error as Error });
  const cause = trpcError.cause;
  const status = getHTTPStatusCodeFromError(trpcError);
  if (cause instanceof DomainError) {
    if (cause.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(cause.retryAfterSeconds));
    res.status(status).json(legacyErrorBody(cause.message, cause.code, cause.details));
    return;
  }
  if (cause instanceof ZodError) {
    res.status(400).json(legacyErrorBody(describeZodError(cause), 'BAD_REQUEST'));
    return;
  }
  if (status >= 500) {
    res.status(status).json(legacyErrorBody(status === 503 ? 'Service unavailable' : 'Internal server error', trpcError.code));
    return;
  }
  res.status(status).json(legacyErrorBody(trpcError.message, trpcError.code));
}
