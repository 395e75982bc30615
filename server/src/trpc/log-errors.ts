import type { TRPCError } from '@trpc/server';
import type { Logger } from '../infra/logger.js';

export interface ProcedureFailure {
  error: TRPCError;
  path: string | undefined;
  /** The request's id (app.ts) when there is one. */
  reqId?: unknown;
}

/**
 * tRPC's onError for both transports (HTTP and WebSocket): a 500 is logged at error level with its
 * cause and stack; a 503 (database or Redis away) at warn; the rest are the client's mistakes.
 */
export function logProcedureError(
  logger: Pick<Logger, 'error' | 'warn'>,
  { error, path, reqId }: ProcedureFailure,
): void {
  if (error.code === 'INTERNAL_SERVER_ERROR') {
    logger.error({ err: error.cause ?? error, procedure: path, reqId }, 'tRPC procedure failed');
  } else if (error.code === 'SERVICE_UNAVAILABLE') {
    logger.warn({ err: error.cause ?? error, procedure: path, reqId }, 'tRPC procedure: service unavailable');
  }
}
