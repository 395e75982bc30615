import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, newAccount } from '../support/auth.js';
import { CONCURRENCY_PLATFORM_ENV } from '../support/concurrency-cases.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';

/** Every 500 leaves its cause in the log (error, stack, request id) at error level, whichever path answered it. */
interface LogLine {
  level: number;
  msg: string;
  reqId?: unknown;
  req?: { id?: unknown };
  err?: { message?: string; stack?: string; code?: string };
}

describe('500s are logged with their cause', () => {
  let platform: TestPlatform;
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  let token: string;

  beforeAll(async () => {
    platform = await startTestPlatform({ ...CONCURRENCY_PLATFORM_ENV }, { logger: pino({ level: 'warn' }, sink) });
    const registered = await http(platform.url, 'POST', '/api/auth/register', newAccount());
    expect(registered.status).toBe(201);
    token = registered.body.token as string;
    // A broken schema: every session lookup now fails with a SQL error the app cannot explain.
    await sql`alter table sessions rename to sessions_gone`.execute(platform.platform.infra.db);
  });
  afterAll(async () => {
    await sql`alter table sessions_gone rename to sessions`.execute(platform.platform.infra.db);
    await platform?.stop();
  });

  const errorsSince = (start: number) =>
    lines.slice(start).filter((line) => line.level === 50 && line.err?.stack?.includes('sessions'));

  // The legacy REST paths through Express, and the bet path answered ahead of it (rest/bet-fast-path.ts).
  it.each([
    { path: 'a legacy REST path', method: 'GET', url: '/api/auth/profile', body: undefined },
    {
      path: 'the bet path answered ahead of Express',
      method: 'POST',
      url: '/api/games/dice/bets',
      body: { amount: '1', target: 50, condition: 'over' },
    },
  ])(
    'on $path: 500 with the API.md body, and an error line with the stack and the request id',
    async ({ method, url, body }) => {
      const start = lines.length;
      const result = await http(platform.url, method, url, body, { token });
      expect(result.status).toBe(500);
      expect(result.body).toEqual({
        message: 'Internal server error',
        error: 'Internal server error',
        code: 'INTERNAL_SERVER_ERROR',
      });
      await expect.poll(() => errorsSince(start).length).toBeGreaterThan(0);
      const logged = errorsSince(start).find((line) => line.msg === 'request failed')!;
      expect(logged.err!.stack).toMatch(/relation "sessions" does not exist/);
      expect(logged.reqId ?? logged.req?.id).toBeTruthy();
    },
  );

  it('on a tRPC procedure: 500 and an error line with the stack and the request id', async () => {
    const start = lines.length;
    const result = await http(platform.url, 'GET', '/api/trpc/auth.me', undefined, { token });
    expect(result.status).toBe(500);
    expect(result.body.error.message).toBe('Internal server error');
    await expect.poll(() => errorsSince(start).length).toBeGreaterThan(0);
    const logged = errorsSince(start).find((line) => line.msg === 'tRPC procedure failed')!;
    expect(logged.err!.stack).toMatch(/relation "sessions" does not exist/);
    expect(logged.reqId ?? logged.req?.id).toBeTruthy();
  });
});
