import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { HDKey } from '@scure/bip32';
import { afterAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, http, newAccount, RELAXED_LIMITS } from '../support/auth.js';
import { descendantPid, exited, freePort, LaunchTracker, statusOf } from '../support/launcher.js';
import { trpc } from '../support/wallet.js';

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

  it('with no EVM network configured starts the dev chain, whose faucet the server offers (wallet.devChain); only the worker gets WALLET_XPRV', async () => {
    // A key pair of its own, so the launcher has a WALLET_XPRV to keep from the server (the dev chain needs none).
    const root = HDKey.fromMasterSeed(new Uint8Array(32).fill(41));
    const app = await launches.launch({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      EMAIL_VERIFICATION: 'false',
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      EVM_NETWORKS: '',
      WALLET_XPUB: root.publicExtendedKey,
      WALLET_XPRV: root.privateExtendedKey,
      DEPOSIT_WEBHOOK_SECRET: 'launcher-test-webhook-secret',
    });
    await expect.poll(() => statusOf(app.url), { timeout: 150_000, interval: 250, message: app.output() }).toBe(200);
    expect(app.output()).toMatch(/Local EVM dev chain at http:\/\/127\.0\.0\.1:\d+ \(test USDT, USDC and BZU deployed/);

    const account = newAccount();
    expect((await http(app.url, 'POST', '/api/auth/register', account)).status).toBe(201);
    const login = await http(app.url, 'POST', '/api/auth/login', {
      login_name: account.username,
      password: account.password,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const devChain = await trpc(app, 'query', 'wallet.devChain', undefined, login.body.token as string);
    expect(devChain.status).toBe(200);
    expect(devChain.body.result.data).toMatchObject({
      network: expect.stringMatching(/^devchain-/),
      label: 'Local dev chain',
      confirmations: 3,
      tokens: [
        { symbol: 'USDT', amount: '100' },
        { symbol: 'USDC', amount: '100' },
        { symbol: 'BZU', amount: '1000' },
      ],
    });

    // The environments the launcher gave its children (scripts/child-env.ts): the signing key reached the worker only.
    const environ = (pid: number | undefined) =>
      readFileSync(`/proc/${pid}/environ`, 'utf8')
        .split('\0')
        .filter((line) => line.startsWith('WALLET_'));
    const server = descendantPid(app.child.pid!, 'server/src/main.ts');
    const worker = descendantPid(app.child.pid!, 'worker/src/main.ts');
    expect(environ(server)).toEqual([`WALLET_XPUB=${root.publicExtendedKey}`]);
    expect(environ(worker).sort()).toEqual(
      [`WALLET_XPRV=${root.privateExtendedKey}`, `WALLET_XPUB=${root.publicExtendedKey}`].sort(),
    );

    app.child.kill('SIGTERM');
    expect(await exited(app.child)).toBe(0);
  }, 300_000);
});
