import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, newAccount } from '../support/auth.js';
import { CONCURRENCY_PLATFORM_ENV, defineConcurrencyCases } from '../support/concurrency-cases.js';
import { descendants, exited, LaunchTracker, postmasterPid, statusOf, type Launched } from '../support/launcher.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { TEST_REDIS_URL } from '../support/services.js';

/**
 * The embedded default itself, as `npm start` runs it on a fresh DATA_DIR: the same concurrency
 * cases as against a standalone Postgres, the database stopping and coming back under a running
 * app, restarts, and a launcher killed with SIGKILL.
 */
const launches = new LaunchTracker();
const NPM_START_ENV = { ...CONCURRENCY_PLATFORM_ENV, NODE_ENV: 'test', REDIS_URL: TEST_REDIS_URL };

afterAll(() => launches.cleanup(), 60_000);

/** The postmaster and every backend it forked (each pool connection is a backend process). */
function clusterPids(postmaster: number): number[] {
  return [postmaster, ...descendants(postmaster).map((row) => row.pid)];
}

/** Milliseconds until /auth/status answers 200 (polled every 100 ms; expect.poll is not allowed in hooks). */
async function waitHealthy(app: Launched, timeoutMs = 150_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if ((await statusOf(app.url)) === 200) return Date.now() - started;
    if (app.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`npm start did not become healthy:\n${app.output()}`);
}

describe('the embedded default (npm start, no DATABASE_URL)', () => {
  let app: Launched;

  beforeAll(async () => {
    app = await launches.launch(NPM_START_ENV);
    const ms = await waitHealthy(app);
    console.log(`npm start on a fresh DATA_DIR: /auth/status 200 after ${ms} ms`);
    // Seconds on an idle machine, minutes on a loaded two-core one (tsx compiles the server at start).
  }, 180_000);

  defineConcurrencyCases(() => app.url);

  it('a SIGKILLed launcher leaves nothing that blocks the next npm start, which finds the data kept', async () => {
    const account = newAccount();
    expect((await http(app.url, 'POST', '/api/auth/register', account)).status).toBe(201);
    const orphan = postmasterPid(app.dataDir)!;
    app.child.kill('SIGKILL');
    await exited(app.child);

    // The next start right away, on the same folder and port: the old server and worker leave
    // with their launcher (their stdin pipe closes), the old PostgreSQL is stopped and replaced.
    const again = await launches.launch(NPM_START_ENV, { dataDir: app.dataDir, port: app.port });
    const restartMs = await waitHealthy(again);
    console.log(`npm start after kill -9, on the existing DATA_DIR: /auth/status 200 after ${restartMs} ms`);
    expect(postmasterPid(app.dataDir)).not.toBe(orphan);
    const login = { login_name: account.username, password: account.password };
    expect((await http(again.url, 'POST', '/api/auth/login', login)).status).toBe(200);
    app = again;
  }, 180_000);

  it('answers 503 within 2 s while PostgreSQL is stopped or frozen, on /auth/status, REST and tRPC, and recovers by itself', async () => {
    const account = newAccount();
    const registered = await http(app.url, 'POST', '/api/auth/register', account);
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;

    // Frozen (SIGSTOP on the whole cluster): queries and connects hang rather than fail; the
    // status probe gives up in time.
    const pid = postmasterPid(app.dataDir)!;
    const frozen = clusterPids(pid);
    for (const member of frozen) process.kill(member, 'SIGSTOP');
    try {
      const started = Date.now();
      expect(await statusOf(app.url)).toBe(503);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      for (const member of frozen) process.kill(member, 'SIGCONT');
    }
    await expect.poll(() => statusOf(app.url), { timeout: 10_000, interval: 100 }).toBe(200);

    // Stopped (fast shutdown): the socket disappears, every path is 503, not 500. The launcher is
    // paused meanwhile (SIGSTOP), or it would have PostgreSQL running again within seconds.
    process.kill(app.child.pid!, 'SIGSTOP');
    try {
      process.kill(pid, 'SIGINT');
      await expect.poll(() => postmasterPid(app.dataDir), { timeout: 10_000, interval: 50 }).toBeUndefined();
      const stoppedAt = Date.now();
      const status = await http(app.url, 'GET', '/auth/status');
      expect(Date.now() - stoppedAt).toBeLessThan(2_000);
      expect(status.status).toBe(503);
      expect(status.body).toMatchObject({ status: 'unavailable', database: 'down', redis: 'ok' });

      const rest = await http(app.url, 'GET', '/api/auth/profile', undefined, { token });
      expect(rest.status, JSON.stringify(rest.body)).toBe(503);
      expect(rest.body).toEqual({
        message: 'Service unavailable',
        error: 'Service unavailable',
        code: 'SERVICE_UNAVAILABLE',
      });
      const send = await http(app.url, 'POST', '/api/chat/messages', { message: 'while down' }, { token });
      expect(send.status, JSON.stringify(send.body)).toBe(503);
      const trpc = await http(app.url, 'GET', '/api/trpc/auth.me', undefined, { token });
      expect(trpc.status, JSON.stringify(trpc.body)).toBe(503);
      expect(trpc.body.error.message).toBe('Service unavailable');
      const login = await http(app.url, 'POST', '/api/auth/login', {
        login_name: account.username,
        password: account.password,
      });
      expect(login.status, JSON.stringify(login.body)).toBe(503);
      // Logged as unavailability, never as an unexplained 500.
      expect(app.output()).not.toContain('"statusCode":500');
    } finally {
      process.kill(app.child.pid!, 'SIGCONT');
    }

    // Back: the launcher starts PostgreSQL again by itself, and the same server answers.
    await expect.poll(() => statusOf(app.url), { timeout: 30_000, interval: 100 }).toBe(200);
    expect((await http(app.url, 'GET', '/api/auth/profile', undefined, { token })).status).toBe(200);
    expect(app.output()).toContain('postgres exited (code 0); restarting it in 1 s.');

    // The launcher still stops cleanly, PostgreSQL included.
    app.child.kill('SIGTERM');
    expect(await exited(app.child)).toBe(0);
    expect(postmasterPid(app.dataDir)).toBeUndefined();
  }, 60_000);
});

describe('the same concurrency cases against a standalone PostgreSQL (DATABASE_URL)', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ ...CONCURRENCY_PLATFORM_ENV });
  });
  afterAll(() => platform?.stop());

  defineConcurrencyCases(() => platform.url);
});
