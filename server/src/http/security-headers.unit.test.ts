import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { memoizedHeaders } from './security-headers.js';

/** The headers a middleware leaves on a response that starts with `initial`. */
function headersAfter(middleware: RequestHandler, initial: Record<string, string> = {}): Record<string, string> {
  const headers = new Map(Object.entries(initial));
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let nextCalled = false;
  void middleware({ headers: {} } as Request, res as unknown as Response, () => {
    nextCalled = true;
  });
  expect(nextCalled).toBe(true);
  return Object.fromEntries(headers);
}

describe('memoizedHeaders', () => {
  it("sets exactly helmet's headers, and follows a dynamic directive when its variant changes", () => {
    let frames = 'https://one.example';
    const secure = helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameSrc: ["'self'", () => frames] } } });
    const memoized = memoizedHeaders(secure, () => frames);

    expect(headersAfter(memoized, { 'x-powered-by': 'Express' })).toEqual(headersAfter(secure, { 'x-powered-by': 'Express' }));
    expect(headersAfter(memoized)['content-security-policy']).toContain("frame-src 'self' https://one.example");

    frames = 'https://two.example';
    expect(headersAfter(memoized)['content-security-policy']).toContain("frame-src 'self' https://two.example");
    expect(headersAfter(memoized)).toEqual(headersAfter(secure));
  });
});
