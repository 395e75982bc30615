import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseUrl } from '../../db/embedded.js';
import { http, newAccount, type HttpResult } from '../support/auth.js';
import { CONCURRENCY_PLATFORM_ENV } from '../support/concurrency-cases.js';
import {
  descendantPid,
  exited,
  isAlive,
  LaunchTracker,
  postmasterPid,
  statusOf,
  type Launched,
} from '../support/launcher.js';
import { TEST_REDIS_URL } from '../support/services.js';
import { fundPlayer, trpc, WALLET_TEST_ENV } from '../support/wallet.js';

/**
 * The launcher (npm start) keeps its children running: the embedded PostgreSQL, the server and
 * the worker are each killed with SIGKILL under a running platform, which must come back by itself,
 * keep every bet it committed exactly once, and keep serving while the worker is away.
 */
const launches = new LaunchTracker();
const ENV = { ...CONCURRENCY_PLATFORM_ENV, ...WALLET_TEST_ENV, NODE_ENV: 'test', REDIS_URL: TEST_REDIS_URL };
const run = promisify(execFile);

afterAll(() => launches.cleanup(), 60_000);

async function msUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

describe('npm start supervises PostgreSQL, the server and the worker', () => {
  let app: Launched;

  beforeAll(async () => {
    app = await launches.launch(ENV);
    // Seconds on an idle machine, minutes on a loaded two-core one (tsx compiles the server at start).
    await msUntil(async () => (await statusOf(app.url)) === 200, 150_000).catch(() => {
      throw new Error(`npm start did not become healthy:\n${app.output()}`);
    });
  }, 180_000);

  it('kill -9 of the embedded PostgreSQL while bets stream in: healthy again within 30 s, every bet it answered kept exactly once', async () => {
    const account = newAccount();
    const registered = await http(app.url, 'POST', '/api/auth/register', account);
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const token = registered.body.token as string;
    await fundPlayer(app, token, '100');

    // Two players' worth of traffic from one: two lanes of dice bets, each with its own clientBetId.
    const answers = new Map<string, HttpResult | undefined>();
    let sent = 0;
    let streaming = true;
    const bet = (clientBetId: string) =>
      http(
        app.url,
        'POST',
        '/api/games/dice/bets',
        { amount: 0.01, target: 50, condition: 'over', clientBetId },
        { token },
      ).catch(() => undefined);
    const accepted = () => [...answers.values()].filter((answer) => answer?.status === 201).length;
    const lane = async () => {
      while (streaming) {
        const id = `crash-${sent++}`;
        const answer = await bet(id);
        answers.set(id, answer);
        // Paces the stream while the database is away (answers come back at once as 503).
        if (answer?.status !== 201) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const lanes = [lane(), lane()];

    await expect.poll(accepted, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(20);
    const postmaster = postmasterPid(app.dataDir)!;
    process.kill(postmaster, 'SIGKILL');
    const killedAt = Date.now();
    await expect.poll(() => statusOf(app.url, 2_000), { timeout: 10_000, interval: 50 }).toBe(503);
    await msUntil(async () => (await statusOf(app.url, 2_000)) === 200, 60_000);
    const recoveryMs = Date.now() - killedAt;
    console.log(`kill -9 of the embedded PostgreSQL: /auth/status 200 again ${recoveryMs} ms after the kill`);
    expect(recoveryMs).toBeLessThan(30_000);
    expect(postmasterPid(app.dataDir)).not.toBe(postmaster);
    const acceptedAtRecovery = accepted();
    await expect.poll(accepted, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(acceptedAtRecovery + 20);
    streaming = false;
    await Promise.all(lanes);

    const unanswered = [...answers].filter(([, answer]) => answer?.status !== 201).map(([id]) => id);
    expect(unanswered.length, 'some bets were refused while PostgreSQL was down').toBeGreaterThan(0);
    console.log(
      `bets sent: ${answers.size}, answered 201: ${accepted()}, refused or failed while PostgreSQL was away: ${unanswered.length}`,
    );
    // What the player's client does: retry with the same clientBetId. A bet that committed before
    // the crash answers as itself; one that did not is placed now.
    for (const id of unanswered) {
      const answer = await bet(id);
      expect(answer?.status, JSON.stringify(answer?.body)).toBe(201);
      answers.set(id, answer);
    }

    const client = new pg.Client({ connectionString: embeddedDatabaseUrl(app.dataDir) });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; client_bet_id: string; amount_e8: string; payout_e8: string }>(
        'select id, client_bet_id, amount_e8, payout_e8 from bets where user_id = $1',
        [registered.body.user.id],
      );
      // Exactly one bet per clientBetId sent, and each is the very bet the platform answered with.
      expect(rows.map((row) => row.client_bet_id).sort()).toEqual([...answers.keys()].sort());
      const answeredIds = Object.fromEntries([...answers].map(([id, answer]) => [id, String(answer!.body.id)]));
      expect(Object.fromEntries(rows.map((row) => [row.client_bet_id, row.id]))).toEqual(answeredIds);
      const net = rows.reduce((sum, row) => sum + BigInt(row.payout_e8) - BigInt(row.amount_e8), 0n);
      const balances = await trpc(app, 'query', 'wallet.balances', undefined, token);
      expect(BigInt(Math.round(Number(balances.body.result.data.USD) * 1e8))).toBe(100n * 100_000_000n + net);
    } finally {
      await client.end();
    }
    const check = await run(process.execPath, ['--import', 'tsx', 'server/src/cli.ts', 'ledger:check'], {
      env: { ...process.env, ...ENV, DATABASE_URL: '', DATA_DIR: app.dataDir, LOG_LEVEL: 'silent' },
    });
    expect(check.stdout).toContain('ledger ok');
    expect(app.output()).toContain('postgres exited (SIGKILL); restarting it in 1 s.');
    expect(app.output()).toMatch(/postgres restarted \(pid \d+, restart 1\)/);
  }, 240_000);

  it('kill -9 of the worker: the API answers throughout and the worker is back', async () => {
    const worker = descendantPid(app.child.pid!, 'worker/src/main.ts')!;
    process.kill(worker, 'SIGKILL');
    const killedAt = Date.now();
    const statuses: number[] = [];
    let replacement: number | undefined;
    const backMs = await msUntil(async () => {
      statuses.push(await statusOf(app.url, 2_000));
      replacement = descendantPid(app.child.pid!, 'worker/src/main.ts');
      if (replacement === undefined) return false;
      const status = (await http(app.url, 'GET', '/auth/status')).body as { worker: string; workerLastBeat: string };
      return status.worker === 'ok' && Date.parse(status.workerLastBeat) > killedAt;
    }, 150_000);
    console.log(`kill -9 of the worker: a new worker beat ${backMs} ms after the kill`);
    expect(
      statuses.every((status) => status === 200),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(replacement).not.toBe(worker);
    expect(app.child.exitCode).toBeNull();
    expect(app.output()).toContain('worker exited (SIGKILL); restarting it in 1 s.');
  }, 180_000);

  it('kill -9 of the server: it is back on the same port', async () => {
    const server = descendantPid(app.child.pid!, 'server/src/main.ts')!;
    process.kill(server, 'SIGKILL');
    const killedAt = Date.now();
    await expect.poll(() => isAlive(server), { timeout: 5_000, interval: 50 }).toBe(false);
    await msUntil(async () => (await statusOf(app.url, 2_000)) === 200, 150_000);
    console.log(`kill -9 of the server: /auth/status 200 on the same port ${Date.now() - killedAt} ms after the kill`);
    expect(descendantPid(app.child.pid!, 'server/src/main.ts')).not.toBe(server);
    expect(app.output()).toContain('server exited (SIGKILL); restarting it in 1 s.');

    // After all that, SIGTERM still stops everything cleanly.
    app.child.kill('SIGTERM');
    expect(await exited(app.child)).toBe(0);
    expect(postmasterPid(app.dataDir)).toBeUndefined();
  }, 180_000);
});
