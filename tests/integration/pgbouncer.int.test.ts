import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wheelResult } from '../../server/src/domain/games/wheel/rules.js';
import { roundValue } from '../../server/src/domain/rounds/hash-chain.js';
import { http } from '../support/auth.js';
import { startPgBouncer, type RunningPgBouncer } from '../support/pgbouncer.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { ROUND_GAME_ENV, roomyWindow, until } from '../support/round-games.js';
import { startWorkerProcess } from '../support/server-process.js';
import { TEST_POSTGRES_ADMIN_URL } from '../support/services.js';
import { fundedAccount } from '../support/wallet.js';
import { installWheelChain, WHEEL_VECTORS } from '../support/wheel.js';

const E8 = 100_000_000n;

/**
 * Behind PgBouncer in transaction mode (issue #47 point 6), as most hosted Postgres is: the server and a worker
 * reach Postgres only through Debian's PgBouncer 1.18 with DB_PREPARED_STATEMENTS=false (docs/operations.md "Behind
 * a connection pooler"). Migrations, bets in parallel, a round game run by the worker and the ledger check all work
 * as they do on a direct connection.
 */
describe('the platform behind PgBouncer (transaction mode)', () => {
  let pooler: RunningPgBouncer;
  let platform: TestPlatform;
  let worker: Awaited<ReturnType<typeof startWorkerProcess>>;

  beforeAll(async () => {
    const admin = new URL(TEST_POSTGRES_ADMIN_URL);
    pooler = await startPgBouncer({ host: admin.hostname, port: Number(admin.port || 5432), user: admin.username });
    platform = await startTestPlatform(
      { ...ROUND_GAME_ENV, DB_PREPARED_STATEMENTS: 'false' },
      { databaseUrl: (direct) => pooler.through(direct) },
    );
    await installWheelChain(platform.platform.infra.db);
    worker = await startWorkerProcess(platform.env, {
      DB_PREPARED_STATEMENTS: 'false',
      ROUNDS_ENABLED: 'true',
      WHEEL_BETTING_MS: '4000',
      WHEEL_COOLDOWN_MS: '100',
      ROUND_LEASE_RETRY_MS: '250',
    });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await platform?.stop();
    await pooler?.stop();
  });

  it('runs through the pooler: its URL is the one the server and worker use', () => {
    expect(platform.env.DATABASE_URL).toBe(pooler.through(platform.databaseUrl));
    expect(platform.env.DATABASE_URL).not.toBe(platform.databaseUrl);
  });

  it('settles 40 parallel dice bets on one balance exactly, with contiguous nonces', async () => {
    const player = await fundedAccount(platform, '10');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        http(
          platform.url,
          'POST',
          '/api/games/dice/bets',
          { amount: 0.1, target: 50, condition: 'over' },
          { token: player.token },
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(201));
    const nonces = answers.map((answer) => Number(answer.body.nonce)).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 40 }, (_, i) => nonces[0]! + i));
    const paid = answers.reduce((sum, answer) => sum + BigInt(Math.round(Number(answer.body.payout) * 1e8)), 0n);
    const balance = (await platform.platform.services.wallet.ledger.balances(player.user.id)).USD;
    expect(balance).toBe(10n * E8 - 4n * E8 + paid);
    expect(await platform.platform.services.wallet.ledger.check()).toEqual([]);
  });

  it("plays and settles a wheel round on the worker's runner", { timeout: 90_000 }, async () => {
    const player = await fundedAccount(platform, '10');
    type Round = { id: string; state: string; bettingEndsAt?: string; serverTime: string };
    await until('a betting window', 30_000, async () =>
      roomyWindow((await http(platform.url, 'GET', '/api/wheel/current')).body as Round | null),
    );
    const placed = await http(
      platform.url,
      'POST',
      '/api/wheel/bets',
      { chips: [{ value: 1, amount: 1 }] },
      { token: player.token },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const ended = await until('the round to end', 60_000, async () => {
      const view = (await http(platform.url, 'GET', `/api/wheel/rounds/${placed.body.outcome.roundId}`)).body;
      return view.state === 'ended' && view.bets.every((bet: { state: string }) => bet.state !== 'open') ? view : null;
    });
    const result = wheelResult(roundValue(WHEEL_VECTORS.salt, ended.hash));
    const won = result.value === 1 ? (1n + BigInt(result.multiplier)) * E8 : 0n;
    expect((await platform.platform.services.wallet.ledger.balances(player.user.id)).USD).toBe(9n * E8 + won);
    expect(await platform.platform.services.wallet.ledger.check()).toEqual([]);
  });
});
