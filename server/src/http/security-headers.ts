import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';

/** What a header-only middleware did to a response: the headers it set (flat name, value list) and removed. */
export interface CapturedHeaders {
  set: string[];
  removed: string[];
}

/** Runs a synchronous, header-only middleware such as helmet on a stand-in response and records what it did. */
export function captureHeaders(middleware: RequestHandler): CapturedHeaders {
  const headers = new Map<string, string>();
  const removed = new Set<string>();
  const fakeResponse = {
    setHeader: (name: string, value: unknown) => {
      removed.delete(name);
      headers.set(name, String(value));
    },
    removeHeader: (name: string) => {
      headers.delete(name);
      removed.add(name);
    },
    getHeader: (name: string) => headers.get(name),
  };
  let finished = false;
  void middleware({ headers: {} } as Request, fakeResponse as unknown as Response, () => {
    finished = true;
  });
  if (!finished) throw new Error('security header middleware did not finish synchronously');
  return { set: [...headers].flat(), removed: [...removed] };
}

/** The headers a header-only middleware sets, as a flat name, value list. */
export function capturedHeaders(middleware: RequestHandler): string[] {
  return captureHeaders(middleware).set;
}

/**
 * helmet headers that only mean something on a document a browser renders (process isolation, DNS prefetching, old
 * IE and Flash/PDF policies, the retired XSS auditor): a JSON answer is never one, so the chat poll's answers leave
 * them out. The CSP, nosniff, frame, referrer and resource policies (and HSTS where on) stay on every answer.
 */
const DOCUMENT_ONLY_HEADERS = new Set(
  [
    'Cross-Origin-Opener-Policy',
    'Origin-Agent-Cluster',
    'X-DNS-Prefetch-Control',
    'X-Download-Options',
    'X-Permitted-Cross-Domain-Policies',
    'X-XSS-Protection',
  ].map((name) => name.toLowerCase()),
);

/**
 * What a script or a stylesheet the page loads does without: besides the document-only headers, the CSP and the frame
 * policy, which a browser reads only on a document (or a worker's script: the client starts none). nosniff, the
 * referrer and the resource policies stay. About 550 bytes off each of the first visit's files.
 */
const NOT_ON_SUBRESOURCES = [...DOCUMENT_ONLY_HEADERS, 'content-security-policy', 'x-frame-options'];

/** Takes the headers of NOT_ON_SUBRESOURCES off an answer that carries a script or a stylesheet. */
export function dropDocumentHeaders(res: ServerResponse): void {
  for (const name of NOT_ON_SUBRESOURCES) res.removeHeader(name);
}

/** The headers a header-only middleware sets that apply to a JSON answer (see DOCUMENT_ONLY_HEADERS). */
export function jsonAnswerHeaders(middleware: RequestHandler): string[] {
  const all = capturedHeaders(middleware);
  const kept: string[] = [];
  for (let i = 0; i < all.length; i += 2)
    if (!DOCUMENT_ONLY_HEADERS.has(all[i]!.toLowerCase())) kept.push(all[i]!, all[i + 1]!);
  return kept;
}

/**
 * The same headers as `middleware` (helmet) on every response, computed once per `variant` instead of per request.
 * helmet builds its whole header set, the CSP string included, on every request, although it only changes with its
 * dynamic directives (the providers' frame and image origins): `variant` names their current value, and a new one
 * recomputes the set on the next request.
 */
export function memoizedHeaders(
  middleware: RequestHandler,
  variant: () => string,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  let key: string | undefined;
  let captured: CapturedHeaders = { set: [], removed: [] };
  return (_req, res, next) => {
    const current = variant();
    if (current !== key) {
      captured = captureHeaders(middleware);
      key = current;
    }
    const { set, removed } = captured;
    for (let i = 0; i < set.length; i += 2) res.setHeader(set[i]!, set[i + 1]!);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
