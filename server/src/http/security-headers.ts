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
 * The same headers as `middleware` (helmet) on every response, computed once per `variant` instead of per request.
 * helmet builds its whole header set, the CSP string included, on every request, although it only changes with its
 * dynamic directives (the providers' frame and image origins): `variant` names their current value, and a new one
 * recomputes the set on the next request.
 */
export function memoizedHeaders(middleware: RequestHandler, variant: () => string): RequestHandler {
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
