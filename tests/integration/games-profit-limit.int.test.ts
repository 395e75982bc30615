import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { applyRatio } from '../../server/src/domain/games/shared/ratio.js';
import { minesMultiplier } from '../../server/src/domain/games/mines/rules.js';
import { FAST_HASHING, RELAXED_LIMITS, expectLegacyError, http, type signedInAccount } from '../support/auth.js';
import { minesBoard } from '../support/mines.js';
import { platformSuite } from '../support/platform-suite.js';
import { fundedAccount, trpc, WALLET_TEST_ENV } from '../support/wallet.js';

const E8 = 100_000_000n;

/**
 * FAIRNESS.md "Multi-step games and the profit limit", with the limit lowered to 1 USD so a round reaches it after a
 * few reveals: a multi-step round is always accepted and cashed out at the limit; a single-step bet is refused.
 */
describe('the profit limit: multi-step rounds are capped, single-step bets refused', () => {
  const suite = platformSuite({
    ...FAST_HASHING,
    ...RELAXED_LIMITS,
    ...WALLET_TEST_ENV,
    GAME_MIN_BET_USD: '0.01',
    GAME_MAX_PROFIT_USD: '1',
  });
  const services = () => suite.platform.platform.services;
  const db = () => suite.platform.platform.infra.db;
  type Player = Awaited<ReturnType<typeof signedInAccount>>;
  const post = (player: Player, path: string, body: unknown) =>
    http(suite.platform.url, 'POST', path, body, { token: player.token });
  const funded = (amount: string) => fundedAccount(suite.platform, amount);
  const boardOf = (player: Player, nonce: number, mines: number) => minesBoard(db(), player.user.id, nonce, mines);

  it('mines with 12 mines at the minimum stake is accepted and, once its running profit reaches the limit, pays exactly the limit with capped: true', async () => {
    const player = await funded('5');
    const started = await post(player, '/api/games/mines/bets', { amount: 0.01, mines: 12 });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ state: 'open', outcome: { mines: 12, revealed: [] } });
    expect(started.body.capped).toBeUndefined();
    const board = await boardOf(player, started.body.fairness.nonce, 12);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !board.includes(t));

    // 0.01 x 0.99 x C(25, r) / C(13, r): the profit first reaches 1 USD at the sixth safe reveal (x102.2).
    const stake = E8 / 100n;
    const firstOver = [1, 2, 3, 4, 5, 6].find((r) => applyRatio(stake, minesMultiplier(12, r)) - stake >= E8)!;
    expect(firstOver).toBe(6);
    for (let r = 1; r < firstOver; r += 1) {
      const step = await post(player, `/api/games/mines/bets/${started.body.id}/reveal`, { tile: safe[r - 1] });
      expect(step.body).toMatchObject({ state: 'open', outcome: { revealed: safe.slice(0, r) } });
    }
    const capped = await post(player, `/api/games/mines/bets/${started.body.id}/reveal`, { tile: safe[firstOver - 1] });
    expect(capped.status).toBe(200);
    expect(capped.body).toMatchObject({
      state: 'won',
      capped: true,
      payout: 1.01,
      multiplier: 101,
      outcome: { revealed: safe.slice(0, firstOver), minePositions: board, capped: true },
    });
    expect(capped.body.nextMultiplier).toBeUndefined();
    // Paid exactly stake + limit, once.
    expect((await services().wallet.ledger.balances(player.user.id)).USD).toBe(5n * E8 - stake + stake + E8);
    const payouts = await sql<{
      n: string;
    }>`select count(*)::text as n from ledger_transactions where idempotency_key = ${`bet:${started.body.id}:payout`}`.execute(
      db(),
    );
    expect(payouts.rows[0]!.n).toBe('1');
    expectLegacyError(
      await post(player, `/api/games/mines/bets/${started.body.id}/cashout`, {}),
      409,
      /over/,
      'ROUND_OVER',
    );

    // Every view of the bet says so: details, history, tRPC.
    const details = await http(suite.platform.url, 'GET', `/api/bets/${started.body.id}`, undefined, {});
    expect(details.body).toMatchObject({ state: 'won', capped: true, payout: 1.01 });
    const rpc = await trpc(suite.platform, 'query', 'bets.byId', { id: started.body.id });
    expect(rpc.body.result.data).toMatchObject({ capped: true, payout: '1.01', multiplier: '101.0000' });
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('a cash-out below the limit is not capped; every mines count is playable at the minimum stake', async () => {
    const player = await funded('5');
    for (const mines of [5, 7, 8, 17, 24]) {
      const started = await post(player, '/api/games/mines/bets', { amount: 0.01, mines });
      expect(started.status, `mines ${mines}`).toBe(201);
      const board = await boardOf(player, started.body.fairness.nonce, mines);
      const tile = Array.from({ length: 25 }, (_, i) => i).find((t) => !board.includes(t))!;
      const revealed = await post(player, `/api/games/mines/bets/${started.body.id}/reveal`, { tile });
      const profit = applyRatio(E8 / 100n, minesMultiplier(mines, 1)) - E8 / 100n;
      if (profit >= E8) {
        expect(revealed.body).toMatchObject({ state: 'won', capped: true, payout: 1.01 });
      } else if (mines === 24) {
        // The only safe tile: the round ends by itself, under the limit.
        expect(revealed.body).toMatchObject({ state: 'won', payout: 0.2475 });
        expect(revealed.body.capped).toBeUndefined();
      } else {
        expect(revealed.body.state).toBe('open');
        const cashed = await post(player, `/api/games/mines/bets/${started.body.id}/cashout`, {});
        expect(cashed.body.state).toBe('won');
        expect(cashed.body.capped).toBeUndefined();
        expect(cashed.body.outcome.capped).toBeUndefined();
      }
    }
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('single-step bets whose win would pass the limit are still refused with MAX_PROFIT and change nothing', async () => {
    const player = await funded('5');
    const before = await services().wallet.ledger.balances(player.user.id);
    // Under 1.00 pays x99: 0.02 would profit 1.96 > 1.
    expectLegacyError(
      await post(player, '/api/games/dice/bets', { amount: 0.02, target: 1, condition: 'under' }),
      409,
      /maximum profit/,
      'MAX_PROFIT',
    );
    expectLegacyError(
      await post(player, '/api/games/limbo/bets', { amount: 0.01, target: 200 }),
      409,
      /maximum profit/,
      'MAX_PROFIT',
    );
    expect(await services().wallet.ledger.balances(player.user.id)).toEqual(before);
    // At the limit exactly is allowed: 0.01 x 99 = 0.99 profit.
    expect((await post(player, '/api/games/dice/bets', { amount: 0.01, target: 1, condition: 'under' })).status).toBe(
      201,
    );
  });
});
