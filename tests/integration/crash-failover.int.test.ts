import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisKey } from '../../server/src/infra/redis.js';
import { FAST_HASHING, RELAXED_LIMITS, http, type signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { startServerProcess, startWorkerProcess, type ServerProcess } from '../support/server-process.js';
import { fundedAccount, WALLET_TEST_ENV } from '../support/wallet.js';
import { installShortRoundsChain } from '../support/crash.js';
import { ROUND_GAME_ENV, roomyWindow, until } from '../support/round-games.js';

const E8 = 100_000_000n;
/** Short rounds and a short lease; a long betting window so bets go in before the runner is killed. */
const ROUND_ENV = {
  ROUNDS_ENABLED: 'true',
  ROUND_BETTING_MS: '4000',
  ROUND_COOLDOWN_MS: '200',
  ROUND_LEASE_MS: '1500',
  ROUND_LEASE_RETRY_MS: '250',
  ROUND_CHAIN_LENGTH: '5000',
  ROUND_CHAIN_CHECKPOINT_EVERY: '100',
};

type Round = { id: string; number: number; state: string; bettingEndsAt?: string; serverTime: string };

/**
 * Issue 27 "Done when": two server processes and two workers on one Postgres and Redis. Players on both servers see
 * the same rounds and cash out on either; kill -9 of the worker holding the lease leaves the other running rounds
 * within 5 s, and the bets of the round the dead runner left are refunded.
 */
describe('crash on two servers and two workers: one runner, failover within 5 s', () => {
  let platform: TestPlatform;
  let second: ServerProcess;
  const workers: Awaited<ReturnType<typeof startWorkerProcess>>[] = [];
  type Player = Awaited<ReturnType<typeof signedInAccount>>;
  const current = async (url: string) => (await http(url, 'GET', '/api/crash/current')).body as Round | null;
  const balance = async (player: Player) =>
    (await platform.platform.services.wallet.ledger.balances(player.user.id)).USD;
  const leaseHolder = async () => {
    const value = await platform.platform.infra.redis.get(
      redisKey(platform.env.redisPrefix, 'rounds', 'lease', 'crash'),
    );
    return value ? Number(value.split(':')[0]) : null;
  };

  beforeAll(async () => {
    platform = await startTestPlatform(ROUND_GAME_ENV);
    // Every round of this test crashes below 2.50x (under 16 s of running), so no wait depends on a long round.
    await installShortRoundsChain(platform.platform.infra.db, { rounds: 15, below: 250 });
    second = await startServerProcess(platform.env, { ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV });
    for (let i = 0; i < 2; i += 1)
      workers.push(await startWorkerProcess(platform.env, { ...ROUND_ENV, LOG_LEVEL: 'info' }));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await second?.stop();
    await platform?.stop();
  });

  it('both servers show the same rounds; bets and cash-outs work on either', { timeout: 120_000 }, async () => {
    const [a, b] = [await fundedAccount(platform, '10'), await fundedAccount(platform, '10')];
    const round = await until('a betting window', 30_000, async () => roomyWindow(await current(platform.url)));
    expect((await current(second.url))?.id).toBe(round.id);
    const betA = await http(platform.url, 'POST', '/api/crash/bets', { amount: 1 }, { token: a.token });
    const betB = await http(second.url, 'POST', '/api/crash/bets', { amount: 1 }, { token: b.token });
    expect([betA.status, betB.status]).toEqual([201, 201]);
    expect(betB.body.outcome.roundId).toBe(betA.body.outcome.roundId);
    await until('the round to run', 10_000, async () => (await current(second.url))?.state === 'running');
    // Each cashes out on the other server: paid, or too late when the round crashed at once.
    const cashA = await http(second.url, 'POST', '/api/crash/cashout', {}, { token: a.token });
    const cashB = await http(platform.url, 'POST', '/api/crash/cashout', { betId: betB.body.id }, { token: b.token });
    for (const cash of [cashA, cashB])
      expect(cash.status === 200 || cash.body.code === 'ROUND_ENDED', JSON.stringify(cash.body)).toBe(true);
    const ended = await until('the round to end', 30_000, async () => {
      const view = (await http(platform.url, 'GET', `/api/crash/rounds/${betA.body.outcome.roundId}`)).body;
      return view.state === 'ended' ? view : null;
    });
    for (const bet of ended.bets as { state: string }[]) expect(bet.state).not.toBe('open');
    for (const [player, cash] of [
      [a, cashA],
      [b, cashB],
    ] as const) {
      const paid = cash.status === 200 ? BigInt(Math.round(cash.body.payout * 1e8)) : 0n;
      expect(await balance(player)).toBe(9n * E8 + paid);
    }
  });

  it(
    'kill -9 of the runner: the other worker holds the lease and runs rounds within 5 s; the dead round is refunded',
    { timeout: 120_000 },
    async () => {
      const player = await fundedAccount(platform, '10');
      const round = await until('a betting window', 30_000, async () => roomyWindow(await current(platform.url)));
      const bet = await http(second.url, 'POST', '/api/crash/bets', { amount: 2 }, { token: player.token });
      expect(bet.status).toBe(201);
      expect(bet.body.outcome.roundId).toBe(round.id);
      const runner = (await leaseHolder())!;
      expect(runner).toBeGreaterThan(0);
      process.kill(runner, 'SIGKILL');
      const killedAt = Date.now();

      const next = await until('another runner', 10_000, async () => {
        const holder = await leaseHolder();
        if (holder === null || holder === runner) return null;
        const seen = await current(platform.url);
        return seen && seen.id !== round.id && (seen.state === 'betting' || seen.state === 'running') ? seen : null;
      });
      const failoverMs = Date.now() - killedAt;
      console.log(
        `crash failover: a new round ${next.number} taking bets ${failoverMs} ms after kill -9 of the runner`,
      );
      expect(failoverMs).toBeLessThan(5_000);

      const dead = (await http(platform.url, 'GET', `/api/crash/rounds/${round.id}`)).body;
      expect(dead.state).toBe('cancelled');
      expect(dead.bets).toEqual([expect.objectContaining({ betId: bet.body.id, refunded: true })]);
      expect(await balance(player)).toBe(10n * E8);

      // The survivor keeps playing: a round after the takeover reaches its end.
      await until('a round ended by the new runner', 40_000, async () => {
        const rounds = (await http(platform.url, 'GET', '/api/crash/rounds?limit=1')).body.rounds as Round[];
        return rounds[0] && rounds[0].number >= next.number && rounds[0].state === 'ended';
      });
    },
  );
});
