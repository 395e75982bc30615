import type { IncomingMessage, ServerResponse } from 'node:http';
import { getTRPCErrorFromUnknown, getTRPCErrorShape, type TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { DomainError } from '../domain/errors.js';
import type { AnyGame } from '../domain/games/registry.js';
import { jsonDepthExceeds } from '../http/json-depth.js';
import { appRouter, createCaller } from '../trpc/router.js';
import type { Context } from '../trpc/context.js';
import { legacyErrorBody, sendJson, sendLegacyError } from './legacy-errors.js';
import { placeLegacyBet, procedureOf } from './games.routes.js';
import type { Caller } from './legacy-handler.js';
import { bodyObject } from './request-body.js';

/**
 * What every answered request gets before its route runs, shared with the Express chain (app.ts): the request id,
 * the duration metric under `route`, the security headers and the request log.
 */
export type StartRequest = (req: IncomingMessage, res: ServerResponse, route: string) => void;

export interface BetFastPathOptions {
  games: readonly AnyGame[];
  /** The procedure context of a request without Express: its client address as Express's `req.ip` would read it. */
  contextFor(req: IncomingMessage): Context;
  startRequest: StartRequest;
  /** Spends the caller's request budget (http/rest-budget.ts); false once it sent the 429 itself. */
  admit(req: IncomingMessage, res: ServerResponse, transport: 'rest' | 'trpc'): Promise<boolean>;
  /** tRPC's onError on the Express side (trpc/log-errors.ts), for a failed procedure call answered here. */
  onProcedureError(failure: { error: TRPCError; path: string; req: IncomingMessage }): void;
  /** The JSON body parser's limits on the Express side (app.ts): bytes, and nesting depth. */
  bodyLimitBytes: number;
  maxDepth: number;
}

/** One kind of bet request the fast path answers: how it reads the input and how it answers. */
interface BetRoute {
  game: AnyGame;
  /** The duration metric's route label. */
  label: string;
  transport: 'rest' | 'trpc';
  answer(caller: Caller, body: unknown, res: ServerResponse, req: IncomingMessage, context: Context): Promise<void>;
}

/**
 * Bets answered before Express, for the two ways they arrive one after another by the thousand:
 *
 * - POST /api/games/<slug>/bets, the legacy clients' and bots' path: the same answer as the Express route
 *   (games.routes.ts `placeLegacyBet`), error bodies included;
 * - POST /api/trpc/games.<slug>.bet?batch=1 (`start` for a multi-step game), the web client's own (tRPC's
 *   httpBatchLink sends a mutation alone, its input under "0"): the same call of the procedure through
 *   `createCaller` and tRPC's own answer and error shapes (getTRPCErrorShape with the router's errorFormatter,
 *   the status tRPC gives the error), as its Express adapter sends them.
 *
 * Both keep the request id, metric, security headers, request log, request budget and body limits of the Express
 * chain, without its per-request work (its request and response setup, the router's walk over the middleware,
 * body-parser, `res.json`, tRPC's HTTP adapter), which cost the platform's node ~0.2-0.3 ms per bet
 * (docs/performance.md). A request the fast path does not take exactly as Express would (another content type, a
 * compressed or chunked body, one over the limit, another query string) goes on to Express, which answers it the
 * same way as before.
 */
export function createBetFastPath({
  games,
  contextFor,
  startRequest,
  admit,
  onProcedureError,
  bodyLimitBytes,
  maxDepth,
}: BetFastPathOptions) {
  const routes = new Map<string, BetRoute>();
  for (const game of games) {
    routes.set(`/api/games/${game.slug}/bets`, {
      game,
      label: `/api/games/${game.slug}/bets`,
      transport: 'rest',
      answer: async (caller, body, res) => sendJson(res, 201, await placeLegacyBet(caller, game, bodyObject(body))),
    });
    const path = `games.${game.slug}.${game.kind === 'instant' ? 'bet' : 'start'}`;
    routes.set(`/api/trpc/${path}?batch=1`, {
      game,
      label: `/api/trpc/${path}`,
      transport: 'trpc',
      answer: async (caller, body, res, req, context) => {
        const input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['0'] : undefined;
        try {
          const data = await procedureOf(caller, game.slug, game.kind === 'instant' ? 'bet' : 'start')(input);
          sendJson(res, 200, [{ result: { data } }]);
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          onProcedureError({ error, path, req });
          const shape = getTRPCErrorShape({
            config: appRouter._def._config,
            error,
            type: 'mutation',
            path,
            input,
            ctx: context,
          });
          if (error.cause instanceof DomainError && error.cause.retryAfterSeconds !== undefined)
            res.setHeader('Retry-After', String(error.cause.retryAfterSeconds));
          sendJson(res, getHTTPStatusCodeFromError(error), [{ error: shape }]);
        }
      },
    });
  }

  const serve = async (route: BetRoute, req: IncomingMessage, res: ServerResponse) => {
    let bytes: Buffer;
    startRequest(req, res, route.label);
    try {
      bytes = await readBody(req);
    } catch {
      // The client went away mid-body (body-parser's 400 "request aborted"): nobody reads the answer, nothing to log.
      if (!res.headersSent) sendJson(res, 400, legacyErrorBody('Request aborted', 'BAD_REQUEST'));
      return;
    }
    try {
      if (!(await admit(req, res, route.transport))) return;
      const parsed = parseJsonBody(bytes, maxDepth);
      if (parsed.problem !== undefined) {
        // Both transports: Express's JSON parser answers a bad body before any route or tRPC runs (app.ts).
        sendJson(res, 400, legacyErrorBody(parsed.problem, 'BAD_REQUEST'));
        return;
      }
      const context = contextFor(req);
      await route.answer(createCaller(context), parsed.value, res, req, context);
    } catch (error) {
      if (!res.headersSent) sendLegacyError(res, error);
    }
  };

  /** Takes the request (true) or leaves it to Express (false). */
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'POST') return false;
    const route = routes.get(req.url ?? '');
    if (!route || !plainJsonWithin(req, bodyLimitBytes)) return false;
    serve(route, req, res).catch((error: unknown) => {
      // Only what runs before serve's own catch can land here (the request's setup): answered like any other 500.
      if (!res.headersSent) sendLegacyError(res, error);
    });
    return true;
  };
}

/**
 * A body the JSON parser on the Express side would read as is: `application/json` in UTF-8, not compressed, with its
 * length given and within the limit. Anything else is left to that parser (and its 413 and 415 answers).
 */
function plainJsonWithin(req: IncomingMessage, limit: number): boolean {
  const type = req.headers['content-type'];
  if (type === undefined) return false;
  const [media = '', ...parameters] = type.split(';');
  if (media.trim().toLowerCase() !== 'application/json') return false;
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=');
    if (
      name.trim().toLowerCase() !== 'charset' ||
      !['utf-8', 'utf8'].includes(value.trim().toLowerCase().replace(/"/g, ''))
    )
      return false;
  }
  if (req.headers['content-encoding'] !== undefined && req.headers['content-encoding'].toLowerCase() !== 'identity')
    return false;
  const length = req.headers['content-length'];
  return (
    length !== undefined &&
    /^\d+$/.test(length) &&
    Number(length) <= limit &&
    req.headers['transfer-encoding'] === undefined
  );
}

/** The whole body; rejects when the client goes away before sending all of it. */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('request aborted'));
    });
  });
}

/** JSON's own whitespace (body-parser's strict check skips these before the first character). */
const JSON_WHITESPACE = new Set([' ', '\t', '\n', '\r']);

function firstCharacter(text: string): string | undefined {
  for (const character of text) if (!JSON_WHITESPACE.has(character)) return character;
  return undefined;
}

/**
 * The body as Express's JSON parser reads it (strict: an object or an array; empty is {}), with the same refusals:
 * nesting deeper than `maxDepth` and malformed JSON (the same messages app.ts's error handler gives).
 */
export function parseJsonBody(
  bytes: Buffer,
  maxDepth: number,
): { value: unknown; problem?: undefined } | { problem: string } {
  if (bytes.length === 0) return { value: {} };
  if (jsonDepthExceeds(bytes, maxDepth + 1)) return { problem: `JSON is nested more than ${maxDepth} levels deep` };
  const text = bytes.toString('utf8');
  const first = firstCharacter(text);
  if (first !== '{' && first !== '[') return { problem: 'Malformed JSON body' };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { problem: 'Malformed JSON body' };
  }
}
