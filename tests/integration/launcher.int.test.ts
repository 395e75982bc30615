import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` as a new user runs it: no DATABASE_URL (embedded PGlite under DATA_DIR) and a Redis
 * chosen by REDIS_URL, or a private one when nothing answers there.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function statusOf(url: string): Promise<number> {
  try {
    return (await fetch(`${url}/auth/status`)).status;
  } catch {
    return 0;
  }
}

const started: ChildProcess[] = [];
const dirs: string[] = [];

function startRedis(port: number): ChildProcess {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  started.push(child);
  return child;
}

async function launch(extraEnv: Record<string, string>): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bzu-launch-'));
  dirs.push(dataDir);
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), SKIP_CLIENT_BUILD: '1', LOG_LEVEL: 'warn', WORKER_HEARTBEAT_MS: '500', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  started.push(child);
  return { url: `http://127.0.0.1:${port}`, child, output: () => output };
}

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('npm start', () => {
  it('serves /auth/status from embedded Postgres, turns 503 while Redis is down and recovers, and stops cleanly', async () => {
    const redisPort = await freePort();
    let redis = startRedis(redisPort);
    const app = await launch({ REDIS_URL: `redis://127.0.0.1:${redisPort}` });
    await expect.poll(() => statusOf(app.url), { timeout: 150_000, interval: 250, message: app.output() }).toBe(200);
    await expect.poll(() => app.output(), { timeout: 5_000 }).toContain('BZU platform is running at');
    await expect
      .poll(async () => ((await (await fetch(`${app.url}/auth/status`)).json()) as { worker: string }).worker, { timeout: 10_000 })
      .toBe('ok');

    redis.kill('SIGKILL');
    await exited(redis);
    await expect.poll(() => statusOf(app.url), { timeout: 15_000, interval: 250 }).toBe(503);

    redis = startRedis(redisPort);
    await expect.poll(() => statusOf(app.url), { timeout: 15_000, interval: 250 }).toBe(200);

    app.child.kill('SIGTERM');
    expect(await exited(app.child)).toBe(0);
  }, 240_000);

  it('runs two instances side by side, each with a private Redis and database under its own DATA_DIR', async () => {
    const deadRedis = `redis://127.0.0.1:${await freePort()}`;
    const [first, second] = await Promise.all([launch({ REDIS_URL: deadRedis }), launch({ REDIS_URL: deadRedis })]);
    await expect.poll(() => statusOf(first!.url), { timeout: 150_000, interval: 250 }).toBe(200);
    await expect.poll(() => statusOf(second!.url), { timeout: 150_000, interval: 250 }).toBe(200);
    expect(first!.output()).toContain('Started a private Redis');
    expect(second!.output()).toContain('Started a private Redis');
    first!.child.kill('SIGTERM');
    second!.child.kill('SIGTERM');
    expect(await exited(first!.child)).toBe(0);
    expect(await exited(second!.child)).toBe(0);
  }, 240_000);
});
