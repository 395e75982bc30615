import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, freePort, LaunchTracker, statusOf } from '../support/launcher.js';

// Booting takes a few seconds on an idle machine but minutes on a loaded two-core one (tsx
// compiles the server and worker at start), hence the long timeouts.

/**
 * `npm start` as a new user runs it: no DATABASE_URL (the embedded PostgreSQL server under
 * DATA_DIR) and a Redis chosen by REDIS_URL, or a private one when nothing answers there.
 */
const launches = new LaunchTracker();
const redisServers: ChildProcess[] = [];

function startRedis(port: number): ChildProcess {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  redisServers.push(child);
  return child;
}

afterAll(async () => {
  await launches.cleanup();
  for (const child of redisServers) if (child.exitCode === null) child.kill('SIGKILL');
}, 60_000);

describe('npm start', () => {
  it('serves /auth/status from the embedded PostgreSQL, turns 503 while Redis is down and recovers, and stops cleanly', async () => {
    const redisPort = await freePort();
    let redis = startRedis(redisPort);
    const app = await launches.launch({ REDIS_URL: `redis://127.0.0.1:${redisPort}` });
    await expect.poll(() => statusOf(app.url), { timeout: 150_000, interval: 250, message: app.output() }).toBe(200);
    await expect.poll(() => app.output(), { timeout: 5_000 }).toContain('BZU platform is running at');
    expect(app.output()).toMatch(/Embedded PostgreSQL: data \S+\/pg, socket \S+ \(psql -h \S+ -U postgres\)/);
    await expect
      .poll(async () => ((await (await fetch(`${app.url}/auth/status`)).json()) as { worker: string }).worker, {
        timeout: 10_000,
      })
      .toBe('ok');

    redis.kill('SIGKILL');
    await exited(redis);
    await expect.poll(() => statusOf(app.url), { timeout: 15_000, interval: 250 }).toBe(503);

    redis = startRedis(redisPort);
    await expect.poll(() => statusOf(app.url), { timeout: 15_000, interval: 250 }).toBe(200);

    app.child.kill('SIGTERM');
    expect(await exited(app.child)).toBe(0);
  }, 300_000);

  it('runs two instances side by side, each with a private Redis and database under its own DATA_DIR', async () => {
    const deadRedis = `redis://127.0.0.1:${await freePort()}`;
    const [first, second] = await Promise.all([
      launches.launch({ REDIS_URL: deadRedis }),
      launches.launch({ REDIS_URL: deadRedis }),
    ]);
    await expect
      .poll(() => statusOf(first!.url), { timeout: 150_000, interval: 250, message: first!.output() })
      .toBe(200);
    await expect
      .poll(() => statusOf(second!.url), { timeout: 150_000, interval: 250, message: second!.output() })
      .toBe(200);
    expect(first!.output()).toContain('Started a private Redis');
    expect(second!.output()).toContain('Started a private Redis');

    // A third launcher on a DATA_DIR that a running instance uses is refused, and changes nothing.
    const intruder = await launches.launch({ REDIS_URL: deadRedis }, { dataDir: first!.dataDir });
    expect(await exited(intruder.child)).toBe(1);
    expect(intruder.output()).toMatch(/already run by process \d+/);
    expect(await statusOf(first!.url)).toBe(200);

    first!.child.kill('SIGTERM');
    second!.child.kill('SIGTERM');
    expect(await exited(first!.child)).toBe(0);
    expect(await exited(second!.child)).toBe(0);
  }, 300_000);
});
