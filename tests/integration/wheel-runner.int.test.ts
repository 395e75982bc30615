import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wheelResult } from '../../server/src/domain/games/wheel/rules.js';
import { roundValue } from '../../server/src/domain/rounds/hash-chain.js';
import { http } from '../support/auth.js';
import { ROUND_GAME_ENV, roomyWindow, until } from '../support/round-games.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { startWorkerProcess } from '../support/server-process.js';
import { fundedAccount } from '../support/wallet.js';
import { installWheelChain, WHEEL_VECTORS } from '../support/wheel.js';

const E8 = 100_000_000n;
type Round = { id: string; state: string; bettingEndsAt?: string; serverTime: string };

/** A worker's runner plays wheel rounds (its window from WHEEL_BETTING_MS) and settles each by its result. */
describe('the wheel on a worker: the runner plays and settles wheel rounds', () => {
  let platform: TestPlatform;
  let worker: Awaited<ReturnType<typeof startWorkerProcess>>;

  beforeAll(async () => {
    platform = await startTestPlatform(ROUND_GAME_ENV);
    await installWheelChain(platform.platform.infra.db);
    // Crash's window stays at its default: only the wheel's settings make the wheel's rounds short.
    worker = await startWorkerProcess(platform.env, {
      ROUNDS_ENABLED: 'true',
      WHEEL_BETTING_MS: '4000',
      WHEEL_COOLDOWN_MS: '100',
      ROUND_LEASE_RETRY_MS: '250',
    });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await platform?.stop();
  });

  it(
    'a bet with chips on every value is paid 1 + value x multiplier of the chip on the number landed on',
    { timeout: 90_000 },
    async () => {
      const player = await fundedAccount(platform, '10');
      await until('a betting window', 30_000, async () =>
        roomyWindow((await http(platform.url, 'GET', '/api/wheel/current')).body as Round | null),
      );
      const placed = await http(
        platform.url,
        'POST',
        '/api/wheel/bets',
        { chips: [1, 2, 4, 10, 42].map((value) => ({ value, amount: 1 })) },
        { token: player.token },
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const ended = await until('the round to end', 60_000, async () => {
        const view = (await http(platform.url, 'GET', `/api/wheel/rounds/${placed.body.outcome.roundId}`)).body;
        return view.state === 'ended' && view.bets.every((bet: { state: string }) => bet.state !== 'open')
          ? view
          : null;
      });
      const result = wheelResult(roundValue(WHEEL_VECTORS.salt, ended.hash));
      expect(ended.wheel).toEqual(result);
      const expected = result.value === null ? 0n : (1n + BigInt(result.value) * BigInt(result.multiplier)) * E8;
      const bet = (await http(platform.url, 'GET', `/api/bets/${placed.body.id}`)).body;
      expect(BigInt(Math.round(bet.payout * 1e8))).toBe(expected);
      expect((await platform.platform.services.wallet.ledger.balances(player.user.id)).USD).toBe(5n * E8 + expected);
      expect(await platform.platform.services.wallet.ledger.check()).toEqual([]);
    },
  );
});
