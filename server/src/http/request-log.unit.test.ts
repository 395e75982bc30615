import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { LOG_REDACTION } from '../infra/logger.js';
import { requestLog } from './request-log.js';

/** A real pino logger (the app's redaction) writing JSON lines into `lines`, counting the child loggers it makes. */
function capturingLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level, redact: LOG_REDACTION }, sink);
  let children = 0;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof child>) => {
    children += 1;
    return child(...args);
  }) as typeof logger.child;
  return { logger, lines, children: () => children };
}

const servers: http.Server[] = [];
afterEach(async () => {
  // fetch keeps its connections alive: closed here, or close() would wait for them to time out.
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise((resolve) => {
          server.close(resolve);
          server.closeAllConnections();
        }),
    ),
  );
});

/** An app with the request log in front of a few routes (`/fails` logs its failure through req.log, as app.ts does). */
async function serve(logger: pino.Logger): Promise<string> {
  const app = express();
  app.use((req, _res, next) => {
    req.id = 'req-1';
    next();
  });
  app.use(requestLog(logger, { ignore: (req) => req.url === '/metrics' }));
  app.get('/ok', (_req, res) => void res.json({ ok: true }));
  app.get('/metrics', (_req, res) => void res.send('m 1'));
  app.get('/fails', (req, res) => {
    req.log!.error({ err: new Error('boom'), reqId: req.id }, 'request failed');
    res.status(500).json({ message: 'Internal server error' });
  });
  app.get('/hangs', () => undefined);
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Waits until `lines` has `count` entries (the completed line is written when the response closes). */
async function linesReach(lines: unknown[], count: number): Promise<void> {
  for (let i = 0; i < 100 && lines.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('requestLog', () => {
  it('writes one "request completed" line per request at info: request id, redacted URL, status, no bearer token', async () => {
    const { logger, lines } = capturingLogger('info');
    const url = await serve(logger);
    const answer = await fetch(`${url}/ok?token=SECRET123&page=2`, { headers: { authorization: 'Bearer SECRET456' } });
    expect(answer.status).toBe(200);
    await linesReach(lines, 1);

    expect(lines).toHaveLength(1);
    const [line] = lines as {
      msg: string;
      req: { id: string; method: string; url: string; headers: Record<string, string> };
      res: { statusCode: number };
      responseTime: number;
    }[];
    expect(line!.msg).toBe('request completed');
    expect(line!.req).toMatchObject({ id: 'req-1', method: 'GET', url: '/ok?token=[REDACTED]&page=2' });
    expect(line!.req.headers.authorization).toBeUndefined();
    expect(line!.res.statusCode).toBe(200);
    expect(typeof line!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('SECRET');
  });

  it('makes no child logger and writes nothing for a request that logs nothing below the level', async () => {
    const { logger, lines, children } = capturingLogger('warn');
    const url = await serve(logger);
    for (let i = 0; i < 5; i++) expect((await fetch(`${url}/ok`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(lines).toHaveLength(0);
    expect(children()).toBe(0);
  });

  it("gives a failing route a logger whose line carries the request, at any level; a 500 is 'request errored'", async () => {
    const warn = capturingLogger('warn');
    expect((await fetch(`${await serve(warn.logger)}/fails`)).status).toBe(500);
    await linesReach(warn.lines, 1);
    expect(warn.lines).toHaveLength(1);
    expect(warn.lines[0]).toMatchObject({
      msg: 'request failed',
      reqId: 'req-1',
      req: { id: 'req-1', url: '/fails' },
      err: { message: 'boom' },
    });
    expect(warn.children()).toBe(1);

    const info = capturingLogger('info');
    expect((await fetch(`${await serve(info.logger)}/fails`)).status).toBe(500);
    await linesReach(info.lines, 2);
    expect(info.lines.map((line) => line.msg)).toEqual(['request failed', 'request errored']);
    expect(info.lines[1]).toMatchObject({ res: { statusCode: 500 }, err: { message: 'failed with status code 500' } });
  });

  it('skips ignored paths and logs a request whose client went away as aborted', async () => {
    const { logger, lines } = capturingLogger('info');
    const url = await serve(logger);
    expect((await fetch(`${url}/metrics`)).status).toBe(200);

    const aborted = new AbortController();
    const pending = fetch(`${url}/hangs`, { signal: aborted.signal }).catch(() => 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    aborted.abort();
    expect(await pending).toBe('aborted');
    await linesReach(lines, 1);

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request aborted', req: { url: '/hangs' } });
  });
});
