import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX, sendInputSchema } from '../domain/chat/chat.schemas.js';
import {
  chatAnnouncementSchema,
  chatMessageSchema,
  type ChatAnnouncement,
  type ChatMessage,
} from '../domain/chat/chat.views.js';
import { jsonAnswerHeaders } from '../http/security-headers.js';
import type { ServerServices } from '../composition/server.js';
import { CachedValue, prepareBody, type PreparedBody } from './chat-poll.cache.js';
import { legacyErrorBody, sendLegacyError } from './legacy-errors.js';
import { legacyHandler, type Caller, type ContextForRequest } from './legacy-handler.js';
import { RestRoutes, type RouteDoc } from './openapi/rest-routes.js';
import { body } from './request-body.js';

/** The JSON body as a plain object; anything else (missing, array, string) reads as empty. */
/** POST /api/chat/messages: chat.send, 201 with the stored message. */
export function chatRoutes(contextFor: ContextForRequest): RestRoutes {
  const routes = new RestRoutes();
  routes.add(
    {
      method: 'post',
      path: '/api/chat/messages',
      summary: 'Send a chat message',
      tags: ['chat'],
      access: 'bearer',
      body: sendInputSchema.meta({ example: { message: 'gl all', clientMessageId: 'c-1' } }),
      responses: { 201: chatMessageSchema },
      errors: [400, 401, 403, 429],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      const { message, clientMessageId } = body(req);
      const sent = await caller.chat.send({
        message: message as string,
        clientMessageId: clientMessageId as string | undefined,
      });
      res.status(201).json(sent);
    }),
  );
  return routes;
}

export interface ChatPollOptions {
  services: ServerServices;
  /** A caller with an internal, anonymous context: the pages are public. */
  caller: () => Caller;
  /** The app's helmet middleware; its headers are captured once and sent with every page. */
  securityHeaders: RequestHandler;
  maxAgeMs: number;
}

export interface ChatPoll {
  /**
   * Answers a poll synchronously from a fresh in-process page, before Express sees the request
   * (no router, logging or body parsing); false when it cannot (miss, bad query, old ?after=).
   */
  fastPath(req: IncomingMessage, res: ServerResponse): boolean;
  /** The same two GET paths through Express, for everything the fast path declines. */
  routes: Router;
}

/** The poll's query (parsePollQuery checks it by hand: the fast path runs before Express). */
const pollQuerySchema = z.object({
  after: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .meta({ description: 'A message id: only newer messages, oldest first' }),
  limit: z
    .string()
    .regex(/^\d{1,3}$/)
    .optional()
    .meta({ description: `1-${CHAT_PAGE_MAX}, default ${CHAT_PAGE_DEFAULT}` }),
});
const notModified = { description: 'Not modified (If-None-Match matched the ETag)' };

/** The poll's two paths, documented here since createChatPoll mounts them itself, ahead of the REST router. */
export const chatPollDocs: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/chat/messages',
    summary: 'Poll the chat (ETag; 304 when unchanged)',
    tags: ['chat'],
    access: 'public',
    query: pollQuerySchema,
    responses: { 200: z.array(chatMessageSchema), 304: notModified },
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/chat/announcements',
    summary: 'The live announcements (ETag; 304 when unchanged)',
    tags: ['chat'],
    access: 'public',
    responses: { 200: z.array(chatAnnouncementSchema), 304: notModified },
  },
];

/** The newest messages kept in each process: enough for any ?limit, and for pollers' ?after=. */
const WINDOW = CHAT_PAGE_MAX;

type MessagesEntry = Parameters<typeof CachedValue.variant<ChatMessage[]>>[0];
type AnnouncementsEntry = Parameters<typeof CachedValue.variant<ChatAnnouncement[]>>[0];

/**
 * GET /api/chat/messages and GET /api/chat/announcements, answered from pre-serialized in-process
 * pages with strong ETags (304 on If-None-Match), with the same security headers as the rest of
 * the app. Any process's send, delete or announcement change invalidates every process's pages
 * through the event bus (and this process's at once, through the chat service).
 */
export function createChatPoll({ services, caller, securityHeaders, maxAgeMs }: ChatPollOptions): ChatPoll {
  const messages = new CachedValue(async () => (await caller().chat.list({ limit: WINDOW })).messages, { maxAgeMs });
  const announcements = new CachedValue(() => caller().chat.announcements(), {
    maxAgeMs,
    // An announcement must disappear when it expires, not when the page next happens to reload.
    validUntil: (list) =>
      Math.min(...list.map((a) => (a.expiresAt ? Date.parse(a.expiresAt) : Number.POSITIVE_INFINITY))),
  });
  services.live.hub.subscribe('chat', (event) => {
    if (event.type === 'chat-announcement') announcements.invalidate();
    else messages.invalidate();
  });
  services.chat.onChange((change) => (change === 'announcements' ? announcements : messages).invalidate());

  const revalidate = ['Cache-Control', 'no-cache'];
  const baseHeaders = [
    'Content-Type',
    'application/json; charset=utf-8',
    ...revalidate,
    ...jsonAnswerHeaders(securityHeaders),
  ];

  // A page's two header lists are built once per page, not per poll (thousands of pollers share each page).
  const headerLists = new WeakMap<PreparedBody, { fresh: string[]; notModified: string[] }>();
  const headersOf = (prepared: PreparedBody) => {
    let lists = headerLists.get(prepared);
    if (!lists) {
      lists = {
        // What RFC 9110 (15.4.5) has a 304 carry of its 200: Cache-Control and ETag (node adds Date). The body type and
        // the security policies stay those of the 200 the poller has cached, which a 304 only refreshes; an up-to-date
        // poller gets a 304 every few seconds, so each header more is paid on most answers.
        notModified: [...revalidate, 'ETag', prepared.etag],
        fresh: [...baseHeaders, 'ETag', prepared.etag, 'Content-Length', String(prepared.body.length)],
      };
      headerLists.set(prepared, lists);
    }
    return lists;
  };

  const send = (req: IncomingMessage, res: ServerResponse, prepared: PreparedBody): void => {
    const match = req.headers['if-none-match'];
    if (match !== undefined && etagMatches(match, prepared.etag)) {
      res.writeHead(304, headersOf(prepared).notModified);
      res.end();
      return;
    }
    res.writeHead(200, headersOf(prepared).fresh);
    res.end(req.method === 'HEAD' ? undefined : prepared.body);
  };

  /** The page for a query from an entry, or null when the entry's window does not cover ?after=. */
  const messagesPage = (entry: MessagesEntry, after: number | undefined, limit: number): PreparedBody | null => {
    const list = entry.value;
    const covered = list.length < WINDOW || after === undefined || after >= list[0]!.id;
    if (!covered) return null;
    return CachedValue.variant(entry, `${after ?? ''}:${limit}`, (all) =>
      after === undefined ? all.slice(-limit) : all.filter((m) => m.id > after).slice(0, limit),
    );
  };
  const announcementsPage = (entry: AnnouncementsEntry) => CachedValue.variant(entry, 'all', (list) => list);

  const fastPath = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (path === '/api/chat/messages') {
      const entry = messages.peek();
      const query = entry ? parsePollQuery(q < 0 ? '' : url.slice(q + 1)) : null;
      if (!entry || !query || typeof query === 'string') return false;
      const page = messagesPage(entry, query.after, query.limit);
      if (!page) return false;
      send(req, res, page);
      return true;
    }
    if (path === '/api/chat/announcements') {
      const entry = announcements.peek();
      if (!entry) return false;
      send(req, res, announcementsPage(entry));
      return true;
    }
    return false;
  };

  const routes = Router();
  routes.get('/api/chat/messages', async (req, res) => {
    try {
      const url = req.originalUrl;
      const query = parsePollQuery(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
      if (typeof query === 'string') {
        res.status(400).json(legacyErrorBody(query, 'BAD_REQUEST'));
        return;
      }
      const page = messagesPage(await messages.get(), query.after, query.limit);
      // A poller further behind than the window: the database, uncached.
      send(
        req,
        res,
        page ?? prepareBody((await caller().chat.list({ after: query.after, limit: query.limit })).messages),
      );
    } catch (error) {
      sendLegacyError(res, error);
    }
  });
  routes.get('/api/chat/announcements', async (req, res) => {
    try {
      send(req, res, announcementsPage(await announcements.get()));
    } catch (error) {
      sendLegacyError(res, error);
    }
  });
  return { fastPath, routes };
}

/** ?after= (a message id; empty means none) and ?limit= (1-100, default 50). */
export function parsePollQuery(query: string): { after?: number; limit: number } | string {
  if (query === '') return { limit: CHAT_PAGE_DEFAULT };
  const params = new URLSearchParams(query);
  const afterRaw = params.get('after');
  const limitRaw = params.get('limit');
  let after: number | undefined;
  let limit = CHAT_PAGE_DEFAULT;
  if (afterRaw !== null && afterRaw !== '') {
    if (!/^\d{1,15}$/.test(afterRaw)) return 'after must be a message id (a whole number)';
    after = Number(afterRaw);
  }
  if (limitRaw !== null && limitRaw !== '') {
    limit = /^\d{1,3}$/.test(limitRaw) ? Number(limitRaw) : 0;
    if (limit < 1 || limit > CHAT_PAGE_MAX) return `limit must be a whole number from 1 to ${CHAT_PAGE_MAX}`;
  }
  return { after, limit };
}

/** If-None-Match: "*", one tag or a list; weak tags compare equal to strong ones (RFC 9110 13.1.2). */
export function etagMatches(header: string, etag: string): boolean {
  if (header === etag || header.trim() === '*') return true;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}
