import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors.js';
import { fetchJson, retryAfterMs } from './http-json-fetch.js';

/** One real local server; each path answers in one of the ways an external JSON source can. */
const server = http.createServer((req, res) => {
  switch (req.url) {
    case '/ok':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ accept: req.headers.accept, authorization: req.headers.authorization ?? null }));
      return;
    case '/slow':
      setTimeout(() => res.end('{}'), 2_000).unref();
      return;
    case '/limited':
      res.writeHead(429, { 'retry-after': '7' });
      res.end('slow down');
      return;
    case '/broken':
      res.writeHead(503);
      res.end('down');
      return;
    case '/garbled':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"price": ');
      return;
    default:
      res.writeHead(404);
      res.end();
  }
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function failure(path: string, timeoutMs = 1_000): Promise<DomainError> {
  const error = await fetchJson({ url: `${base}${path}`, timeoutMs, label: 'Test source' }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('fetchJson', () => {
  it('returns the parsed body, asking for JSON and sending extra headers', async () => {
    const body = await fetchJson({
      url: `${base}/ok`,
      timeoutMs: 1_000,
      label: 'Test source',
      headers: { authorization: 'Bearer t' },
    });
    expect(body).toEqual({ accept: 'application/json', authorization: 'Bearer t' });
  });

  it('a source slower than the timeout is UNAVAILABLE, naming the timeout', async () => {
    const error = await failure('/slow', 200);
    expect(error.kind).toBe('UNAVAILABLE');
    expect(error.message).toBe('Test source timed out after 200 ms');
  });

  it('a source nobody listens on is UNAVAILABLE', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await fetchJson({ url: `http://127.0.0.1:${port}/`, timeoutMs: 1_000, label: 'Test source' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ kind: 'UNAVAILABLE', message: 'Test source unreachable' });
  });

  it('a 429 is TOO_MANY_REQUESTS carrying its Retry-After in seconds', async () => {
    const error = await failure('/limited');
    expect(error.kind).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toBe('Test source rate limit');
    expect(error.retryAfterSeconds).toBe(7);
  });

  it('any other non-2xx is UNAVAILABLE, naming the status', async () => {
    const error = await failure('/broken');
    expect(error.kind).toBe('UNAVAILABLE');
    expect(error.message).toBe('Test source answered 503');
  });

  it('a body that is not JSON is UNAVAILABLE', async () => {
    const error = await failure('/garbled');
    expect(error.kind).toBe('UNAVAILABLE');
    expect(error.message).toBe('Test source sent malformed JSON');
  });
});

describe('retryAfterMs', () => {
  it('reads seconds or an HTTP date, never below a second, with a fallback', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('30', 60_000, now)).toBe(30_000);
    expect(retryAfterMs('0', 60_000, now)).toBe(1_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', 60_000, now)).toBe(5_000);
    expect(retryAfterMs(null, 60_000, now)).toBe(60_000);
    expect(retryAfterMs('soon', 42_000, now)).toBe(42_000);
  });
});
