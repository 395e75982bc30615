import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { capturedHeaders, jsonAnswerHeaders, memoizedHeaders } from './security-headers.js';

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
    const secure = helmet({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameSrc: ["'self'", () => frames] } },
    });
    const memoized = memoizedHeaders(secure, () => frames);

    expect(headersAfter(memoized, { 'x-powered-by': 'Express' })).toEqual(
      headersAfter(secure, { 'x-powered-by': 'Express' }),
    );
    expect(headersAfter(memoized)['content-security-policy']).toContain("frame-src 'self' https://one.example");

    frames = 'https://two.example';
    expect(headersAfter(memoized)['content-security-policy']).toContain("frame-src 'self' https://two.example");
    expect(headersAfter(memoized)).toEqual(headersAfter(secure));
  });
});

describe('jsonAnswerHeaders', () => {
  it("keeps helmet's CSP, nosniff, frame, referrer and resource policies and leaves out the document-only headers", () => {
    const secure = helmet({ strictTransportSecurity: { maxAge: 100 } });
    const names = (list: string[]) => list.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    const kept = names(jsonAnswerHeaders(secure));
    expect(kept).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-resource-policy',
        'strict-transport-security',
      ]),
    );
    for (const dropped of [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]) {
      expect(names(capturedHeaders(secure))).toContain(dropped);
      expect(kept).not.toContain(dropped);
    }
  });
});
