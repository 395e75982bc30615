/**
 * What one HTTP request to /api/trpc may cost, checked before tRPC runs any procedure. tRPC runs
 * every call of a batch at once: one anonymous `GET raffle.current,...(x1000)?batch=1` held the
 * database pool for 11 s and made a signed-in bet wait 21 s. So:
 *
 * - a query batch holds at most `maxBatch` calls, a mutation request exactly one (a mutation may
 *   move money; one request, one movement, one answer);
 * - every request spends one point per call (`budget`, http/request-budget.ts): a signed-in
 *   player's from the account's budget (not the address's: many share one behind a NAT), anyone
 *   else's from the address's; past it, 429 with Retry-After;
 * - one answer is at most `maxResponseBytes` (SSE streams excepted): a larger one is replaced by a
 *   413 before anything is sent.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { sendJson } from '../rest/legacy-errors.js';
import type { RestBudgetOptions } from './rest-budget.js';
import { tooManyRequestsMessage } from '../infra/rate-limiter.js';
import { RecentKeys, type RequestBudget } from './request-budget.js';

export interface TrpcRequestLimits {
  maxBatch: number;
  maxResponseBytes: number;
  budget: RequestBudget;
  bearerToken(req: Request): string | undefined;
  /** Called for an address's first refusal in a minute (a flood must not write a line per request). */
  logRefusal(req: Request, reason: string): void;
}

/** tRPC's JSON-RPC numbers for the codes this guard answers with (TRPC_ERROR_CODES_BY_KEY). */
const JSONRPC_CODE = { BAD_REQUEST: -32600, PAYLOAD_TOO_LARGE: -32013, TOO_MANY_REQUESTS: -32029 } as const;
const HTTP_STATUS = { BAD_REQUEST: 400, PAYLOAD_TOO_LARGE: 413, TOO_MANY_REQUESTS: 429 } as const;
type GuardCode = keyof typeof JSONRPC_CODE;

/** The body tRPC itself sends for an error (trpc/init.ts errorFormatter), so tRPC clients read it as usual. */
export function trpcErrorBody(message: string, code: GuardCode, extra: { retryAfterSeconds?: number } = {}) {
  return {
    error: {
      message,
      code: JSONRPC_CODE[code],
      data: {
        code,
        httpStatus: HTTP_STATUS[code],
        domainCode: code === 'TOO_MANY_REQUESTS' ? 'RATE_LIMITED' : code,
        ...extra,
      },
    },
  };
}

function answerRefusal(res: ServerResponse, message: string, code: GuardCode, retryAfterSeconds?: number): void {
  if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(retryAfterSeconds));
  sendJson(
    res,
    HTTP_STATUS[code],
    trpcErrorBody(message, code, retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  );
}

/**
 * A refusal is answered after REFUSAL_DELAY_MS. A client that repeats a refused request at once (a
 * flood does) would otherwise keep the process's one thread busy answering it, which slows every
 * other request as much as the work it was refused (measured: a bet x7 slower). Waiting costs a
 * timer and a socket; past MAX_HELD_REFUSALS waiting in this process, refusals are answered at once.
 */
export const REFUSAL_DELAY_MS = 1_000;
const MAX_HELD_REFUSALS = 1_000;
let heldRefusals = 0;

function holdRefusal(res: ServerResponse, answer: () => void): void {
  if (heldRefusals >= MAX_HELD_REFUSALS) {
    answer();
    return;
  }
  heldRefusals += 1;
  const release = () => {
    clearTimeout(timer);
    res.off('close', release);
    heldRefusals -= 1;
  };
  const timer = setTimeout(() => {
    release();
    if (!res.writableEnded && !res.destroyed) answer();
  }, REFUSAL_DELAY_MS);
  res.on('close', release);
}

/**
 * The guard's budget for a tRPC call answered ahead of Express (the bet fast path: one mutation, so one point):
 * false once it has answered (held) the refusal itself.
 */
export async function admitTrpcRequest(
  options: RestBudgetOptions,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const answer = await options.budget.take({ token: options.bearerToken(req), ip: options.clientAddress(req) });
  if (answer.ok) return true;
  holdRefusal(res, () =>
    answerRefusal(res, tooManyRequestsMessage(answer.retryAfterSeconds), 'TOO_MANY_REQUESTS', answer.retryAfterSeconds),
  );
  return false;
}

export function trpcRequestGuard(limits: TrpcRequestLimits): RequestHandler {
  const loggedAddresses = new RecentKeys(60_000, 10_000);
  return async (req, res, next) => {
    const refuse = (message: string, code: GuardCode, retryAfterSeconds?: number) => {
      const address = req.ip ?? 'unknown';
      if (!loggedAddresses.has(address)) {
        loggedAddresses.add(address);
        limits.logRefusal(req, message);
      }
      holdRefusal(res, () => answerRefusal(res, message, code, retryAfterSeconds));
    };
    let procedurePath: string;
    try {
      // tRPC decodes the path itself and answers a malformed escape (%ZZ) with a 500.
      procedurePath = decodeURIComponent(req.path);
    } catch {
      refuse('Malformed URL: the procedure path is not valid percent-encoding', 'BAD_REQUEST');
      return;
    }
    const calls = req.query.batch === '1' ? procedurePath.split(',').length : 1;
    if (req.method === 'POST' && calls > 1) {
      refuse('Mutations cannot be batched: send one per request', 'BAD_REQUEST');
      return;
    }
    if (calls > limits.maxBatch) {
      refuse(`A batch holds at most ${limits.maxBatch} calls; this one has ${calls}`, 'BAD_REQUEST');
      return;
    }
    try {
      const answer = await limits.budget.take({ token: limits.bearerToken(req), ip: req.ip ?? 'unknown' }, calls);
      if (!answer.ok) {
        refuse(tooManyRequestsMessage(answer.retryAfterSeconds), 'TOO_MANY_REQUESTS', answer.retryAfterSeconds);
        return;
      }
    } catch (error) {
      next(error);
      return;
    }
    capResponseBytes(res, limits.maxResponseBytes);
    next();
  };
}

/**
 * Holds one response to `maxBytes`. tRPC writes a query's or a batch's whole answer as one chunk
 * before anything is sent, so an answer too large becomes a 413 instead; a streamed answer (SSE,
 * JSON lines) that grows past the limit after its first bytes went out is cut off. SSE streams
 * (subscriptions) run for as long as they are open and are not counted.
 */
function capResponseBytes(res: Response, maxBytes: number): void {
  let sent = 0;
  let cut = false;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const exceeds = (chunk: unknown): boolean => {
    if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) return false;
    if (String(res.getHeader('content-type') ?? '').startsWith('text/event-stream')) return false;
    sent += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    return sent > maxBytes;
  };
  const cutOff = () => {
    cut = true;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.removeHeader('content-length');
    res.statusCode = HTTP_STATUS.PAYLOAD_TOO_LARGE;
    res.setHeader('content-type', 'application/json');
    end(
      JSON.stringify(
        trpcErrorBody(
          `The answer is larger than ${maxBytes} bytes: ask for fewer calls or smaller pages`,
          'PAYLOAD_TOO_LARGE',
        ),
      ),
    );
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (cut) return true;
    if (exceeds(chunk)) {
      cutOff();
      return true;
    }
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (cut) return res;
    if (exceeds(chunk)) {
      cutOff();
      return res;
    }
    return end(chunk, ...rest);
  }) as Response['end'];
}
