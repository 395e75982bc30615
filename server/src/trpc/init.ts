import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../../../db/unavailable.js';
import { DomainError, type DomainErrorKind } from '../domain/errors.js';
import type { Context } from './context.js';
import { inputProblem } from './input-guard.js';

const trpcCodeByKind: Record<DomainErrorKind, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** Zod's own wording ("Invalid input: expected string", "Too big: ...") does not say which field. */
const GENERIC_MESSAGE = /^(invalid|too big|too small|unrecognized|expected|required)/i;

/**
 * The first validation issue as one sentence. A schema's own message ("Username must be 3-10
 * characters ...") is passed through as written; Zod's generic wording gets the field's name in front.
 */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.join('.');
  return field && GENERIC_MESSAGE.test(issue.message) ? `${field}: ${issue.message}` : issue.message;
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const isInternal = error.code === 'INTERNAL_SERVER_ERROR';
    const message =
      cause instanceof ZodError ? describeZodError(cause) : isInternal ? 'Internal server error' : shape.message;
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        domainCode: cause instanceof DomainError ? cause.code : shape.data.code,
        retryAfterSeconds: cause instanceof DomainError ? cause.retryAfterSeconds : undefined,
        details: cause instanceof DomainError ? cause.details : undefined,
        fieldErrors:
          cause instanceof ZodError
            ? cause.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
            : undefined,
      },
    };
  },
});

/**
 * Every procedure's one middleware (one level of tRPC's middleware chain, which every call pays for):
 * - input too deep to walk safely, or with text Postgres cannot store, is a 400 before any schema runs;
 * - the one place where domain errors become tRPC errors. A database that cannot be reached (refused, stopped, timed
 *   out) is 503, not a 500: the request may be retried.
 */
const guardInputAndMapErrors = t.middleware(async ({ getRawInput, next }) => {
  const problem = inputProblem(await getRawInput());
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
  const result = await next();
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR') {
    const mapped = toTrpcError(result.error.cause);
    if (mapped) throw mapped;
  }
  return result;
});

/**
 * The tRPC error for a domain error or an unreachable database; null for anything else (a 500).
 * Also used for errors a subscription throws while streaming, which no middleware sees.
 */
export function toTrpcError(cause: unknown): TRPCError | null {
  if (cause instanceof DomainError)
    return new TRPCError({ code: trpcCodeByKind[cause.kind], message: cause.message, cause });
  if (isDatabaseUnavailable(cause))
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable', cause });
  return null;
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
export const publicProcedure = t.procedure.use(guardInputAndMapErrors);
