import type { Request, RequestHandler, Response } from 'express';
import type { Context } from '../trpc/context.js';
import { createCaller } from '../trpc/router.js';
import { sendLegacyError } from './legacy-errors.js';

export type Caller = ReturnType<typeof createCaller>;
export type ContextForRequest = (req: Request) => Context;

/**
 * Wraps one legacy path: build a caller for the request, run the procedure, let the route shape the
 * reply. Errors of every kind leave through the single legacy error mapping.
 */
export function legacyHandler(
  contextFor: ContextForRequest,
  run: (caller: Caller, req: Request, res: Response) => Promise<void>,
): RequestHandler {
  return async (req, res) => {
    try {
      await run(createCaller(contextFor(req)), req, res);
    } catch (error) {
      sendLegacyError(res, error);
    }
  };
}
