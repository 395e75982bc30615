import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BLACKJACK_GAME } from '../../server/src/domain/games/blackjack/blackjack.game.js';
import { BLACKJACK_HOUSE_EDGE_PPM } from '../../server/src/domain/games/blackjack/optimal-play.js';
import {
  allowedActions,
  deal,
  replay,
  type BlackjackAction,
  type BlackjackState,
} from '../../server/src/domain/games/blackjack/rules.js';
import { rakebackFor } from '../../server/src/domain/economy/rakeback.js';
import { rankById, xpForWager } from '../../server/src/domain/economy/ranks.js';
import { formatAmount, parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { OPEN_TABLE_LIMITS, expectLegacyError, http, signedInAccount } from '../support/auth.js';
import { creditBzu } from '../support/game-checks.js';
import { expectSelfExcludedRefused, gameSuite, type Player } from '../support/game-suite.js';
import { activeRoundFloats } from '../support/round-floats.js';
import { fundedAccount, trpc } from '../support/wallet.js';

const ONE = 100_000_000n;
/** Plays a round the simple way: decline insurance, stand. */
const standPlan = (state: { actions?: string[] }): BlackjackAction =>
  state.actions?.includes('noInsurance') ? 'noInsurance' : 'stand';

describe('blackjack (issue 25 point 3): REST and tRPC on real Postgres and Redis', () => {
  const suite = gameSuite(OPEN_TABLE_LIMITS);
  const { platform, db, post, get, balance, count, expectLedgerOk } = suite;
  const postings = async (betId: string, step: 'stake' | 'payout') =>
    Number(
      (
        await sql<{
          n: string;
        }>`select count(*)::text as n from ledger_transactions where idempotency_key like ${`bet:${betId}:${step}%`}`.execute(
          db(),
        )
      ).rows[0]!.n,
    );
  /** The active pair's nonce; asking for it creates a new player's first pair (it is otherwise made by the first bet). */
  const nonceOf = async (player: Player): Promise<number> => (await get(player, '/api/fairness')).body.nonce;
  /** The round the player's next bet will deal, from the seeds (the test knows the cards before it plays). */
  const nextDeal = async (player: Player, bet: bigint) =>
    deal(bet, await activeRoundFloats(db(), player.user.id, await nonceOf(player)));
  /** What the rules make of a stored round: the view of replaying its actions on its floats. */
  const replayed = async (player: Player, nonce: number, bet: bigint, played: BlackjackAction[]) =>
    BLACKJACK_GAME.visible(replay(bet, await activeRoundFloats(db(), player.user.id, nonce), played), false);

  /** Plays one REST round to its end with `plan`; checks every open step hides the hole card. */
  async function playRest(player: Player, amount: number, plan: (outcome: any) => BlackjackAction = standPlan) {
    let bet = (await post(player, '/api/games/blackjack/bets', { amount })).body;
    expect(bet.game).toBe('blackjack');
    while (bet.state === 'open') {
      expect(bet.outcome.dealer.cards).toHaveLength(1);
      expect(bet.outcome.actions.length).toBeGreaterThan(0);
      const stepped = await post(player, `/api/games/blackjack/bets/${bet.id}/actions`, { action: plan(bet.outcome) });
      expect(stepped.status, JSON.stringify(stepped.body)).toBe(200);
      bet = stepped.body;
    }
    return bet;
  }

  it('REST: deals, hides the hole card while open, ends as the rules replay it; balance exact; listed in GET /api/bets and the live feed; XP, rakeback and raffle wager accrue', async () => {
    const player = await fundedAccount(platform(), '50');
    let expected = 50n * ONE;
    const bets: any[] = [];
    for (let i = 0; i < 6; i += 1) {
      const bet = await playRest(player, 1);
      expect(['won', 'lost']).toContain(bet.state);
      const staked = parseAmount(String(bet.amount));
      expect(bet.outcome).toEqual(await replayed(player, bet.fairness.nonce, ONE, bet.outcome.played));
      expect(bet.outcome.dealer.cards.length).toBeGreaterThanOrEqual(2);
      expected += parseAmount(String(bet.payout)) - staked;
      bets.push(bet);
    }
    expect(await balance(player)).toBe(expected);
    const listed = (await get(player, '/api/bets?game=blackjack')).body;
    const ids = (Array.isArray(listed) ? listed : listed.bets).map((b: any) => String(b.id));
    expect(ids).toEqual(expect.arrayContaining(bets.map((b) => String(b.id))));
    const recent = (await trpc(platform(), 'query', 'bets.recent', { feed: 'all' })).body.result.data;
    expect(recent.map((b: any) => b.id)).toContain(String(bets[bets.length - 1].id));

    const wagered = bets.reduce((sum, b) => sum + parseAmount(String(b.amount)), 0n);
    const vip = (await trpc(platform(), 'query', 'vip.status', undefined, player.token)).body.result.data;
    const xp = bets.reduce((sum, b) => sum + xpForWager(parseAmount(String(b.amount)), BLACKJACK_HOUSE_EDGE_PPM), 0n);
    expect(vip.xp).toBe(String(xp / ONE));
    const rakeback = bets.reduce(
      (sum, b) =>
        sum + rakebackFor(parseAmount(String(b.amount)), BLACKJACK_HOUSE_EDGE_PPM, rankById('unranked').rakebackPpm),
      0n,
    );
    expect(parseAmount(vip.rakeback.claimable.USD)).toBe(rakeback);
    const raffle = (await trpc(platform(), 'query', 'raffle.current', undefined, player.token)).body.result.data;
    expect(raffle.mine).toMatchObject({ wageredUsd: formatAmount(wagered), tickets: Number(wagered / ONE) });
    await expectLedgerOk();
  });

  it('tRPC in BZU: start and the named actions answer the bet and the balance; active resumes the open round', async () => {
    const player = await signedInAccount(platform());
    await creditBzu(platform(), player.user.id, '100', randomBytes(6).toString('hex'));
    let before = parseAmount('100');
    for (let i = 0; i < 4; i += 1) {
      let answer = (
        await trpc(platform(), 'mutation', 'games.blackjack.start', { amount: '2', currency: 'BZU' }, player.token)
      ).body.result.data;
      while (answer.bet.state === 'open') {
        const active = (await trpc(platform(), 'query', 'games.blackjack.active', undefined, player.token)).body.result
          .data;
        expect(active).toEqual(answer.bet);
        const action = standPlan(answer.bet.outcome);
        answer = (
          await trpc(platform(), 'mutation', `games.blackjack.${action}`, { betId: answer.bet.id }, player.token)
        ).body.result.data;
      }
      expect(answer.bet.currency).toBe('BZU');
      before += parseAmount(answer.bet.payout) - parseAmount(answer.bet.amount);
      expect(answer.balance).toBe(formatAmount(before));
    }
    expect(await balance(player, 'BZU')).toBe(before);
    await expectLedgerOk();
  });

  it("bad input is a 400, an action not allowed now a 409 ACTION_NOT_ALLOWED, another player's round a 404; none changes anything", async () => {
    const player = await fundedAccount(platform(), '20');
    let state: BlackjackState;
    // Rounds that end at the deal are played through until one stays open.
    for (;;) {
      state = await nextDeal(player, ONE);
      if (!state.finished) break;
      await playRest(player, 1);
    }
    const open = (await post(player, '/api/games/blackjack/bets', { amount: 1 })).body;
    const other = await fundedAccount(platform(), '1');
    const snapshot = async () => [
      await count('bets'),
      await count('ledger_transactions'),
      await balance(player),
      JSON.stringify((await get(player, `/api/bets/${open.id}`)).body),
    ];
    const before = await snapshot();
    for (const body of [
      { amount: -1 },
      { amount: 0 },
      { amount: 'lots' },
      { amount: 1, currency: 'EUR' },
      { amount: 0.000000001 },
    ]) {
      expect((await post(player, '/api/games/blackjack/bets', body)).status).toBe(400);
    }
    expectLegacyError(
      await post(player, `/api/games/blackjack/bets/${open.id}/actions`, { action: 'surrender' }),
      400,
      /action must be one of/,
    );
    expect((await post(player, '/api/games/blackjack/bets/abc/actions', { action: 'hit' })).status).toBe(400);
    const notNow = (['hit', 'stand', 'double', 'split', 'insurance', 'noInsurance'] as const).filter(
      (a) => !allowedActions(state).includes(a),
    );
    for (const action of notNow) {
      expectLegacyError(
        await post(player, `/api/games/blackjack/bets/${open.id}/actions`, { action }),
        409,
        /cannot/,
        'ACTION_NOT_ALLOWED',
      );
    }
    expectLegacyError(await post(player, `/api/games/blackjack/bets/${open.id}/cashout`, {}), 400, /no cash-out/);
    expect((await post(other, `/api/games/blackjack/bets/${open.id}/actions`, { action: 'stand' })).status).toBe(404);
    expectLegacyError(
      await post(player, '/api/games/blackjack/bets', { amount: 1 }),
      409,
      /open blackjack round/,
      'ROUND_OPEN',
    );
    expect(await snapshot()).toEqual(before);
    await expectLedgerOk();
  });

  it('a self-excluded player gets 403 SELF_EXCLUDED and places nothing', async () => {
    await expectSelfExcludedRefused(suite, (player) => post(player, '/api/games/blackjack/bets', { amount: 1 }));
  });

  it('a clientBetId retried in parallel places one round, and every retry answers with it', async () => {
    const player = await fundedAccount(platform(), '10');
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        post(player, '/api/games/blackjack/bets', { amount: 2, clientBetId: 'bj-retry' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await postings(String(results[0]!.body.id), 'stake')).toBe(1);
    const bet = results[0]!.body;
    expect(await balance(player)).toBe(10n * ONE - 2n * ONE + parseAmount(String(bet.payout)));
    expect(await nonceOf(player)).toBe(1);
  });

  it('100 parallel deals against a balance that covers 50: rounds that end at the deal settle, one stays open, the rest are ROUND_OPEN; balance exact', async () => {
    const player = await fundedAccount(platform(), '50');
    expect(await nonceOf(player)).toBe(0);
    // The rounds the seeds deal: every one ending at once (naturals) lets the next deal through, up to the first open one.
    const floats = async (nonce: number) => activeRoundFloats(db(), player.user.id, nonce);
    let predicted = 0;
    while (deal(ONE, await floats(predicted)).finished && predicted < 50) predicted += 1;
    const results = await Promise.all(
      Array.from({ length: 100 }, () => post(player, '/api/games/blackjack/bets', { amount: 1 })),
    );
    const placed = results.filter((r) => r.status === 201).map((r) => r.body);
    const refused = results.filter((r) => r.status !== 201);
    expect(placed).toHaveLength(Math.min(predicted + 1, 50));
    expect(placed.filter((b) => b.state === 'open')).toHaveLength(predicted < 50 ? 1 : 0);
    expect(refused.every((r) => r.status === 409 && r.body.code === 'ROUND_OPEN')).toBe(true);
    const net = placed.reduce((sum, b) => sum + parseAmount(String(b.payout)) - parseAmount(String(b.amount)), 0n);
    expect(await balance(player)).toBe(50n * ONE + net);
    expect(placed.map((b) => b.fairness.nonce).sort((a, b) => a - b)).toEqual(placed.map((_, i) => i));
    await expectLedgerOk();
  });

  it('100 parallel actions (hit, stand, double mixed) on ONE open round settle it exactly once, as the rules replay the actions that won the lock', async () => {
    const player = await fundedAccount(platform(), '300');
    // A round the player can hit, stand or double at once: no natural, no insurance question.
    for (;;) {
      const next = await nextDeal(player, ONE);
      if (!next.finished && !next.insurance) break;
      await playRest(player, 1);
    }
    const start = await balance(player);
    const open = (await post(player, '/api/games/blackjack/bets', { amount: 1 })).body;
    const mix: BlackjackAction[] = ['hit', 'stand', 'double'];
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(player, `/api/games/blackjack/bets/${open.id}/actions`, { action: mix[i % 3] }),
      ),
    );
    const moved = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.status === 409 && ['ROUND_OVER', 'ACTION_NOT_ALLOWED'].includes(r.body.code))).toBe(
      true,
    );
    const final = (await get(player, `/api/bets/${open.id}`)).body;
    expect(final.state).not.toBe('open');
    expect(moved).toHaveLength(final.outcome.played.length);
    expect(final.outcome).toEqual(await replayed(player, open.fairness.nonce, ONE, final.outcome.played));
    const payout = parseAmount(String(final.payout));
    expect(await postings(String(open.id), 'payout')).toBe(payout > 0n ? 1 : 0);
    expect(await postings(String(open.id), 'stake')).toBe(final.outcome.played.includes('double') ? 2 : 1);
    expect(parseAmount(String(final.amount))).toBe(final.outcome.played.includes('double') ? 2n * ONE : ONE);
    expect(await balance(player)).toBe(start - parseAmount(String(final.amount)) + payout);
    await expectLedgerOk();
  });

  it('a double the balance cannot cover is refused with INSUFFICIENT_FUNDS and changes nothing', async () => {
    const player = await fundedAccount(platform(), '20');
    for (;;) {
      const next = await nextDeal(player, ONE);
      if (!next.finished && !next.insurance) break;
      await playRest(player, 1);
    }
    // All in: nothing is left for the double's second stake.
    const allIn = await balance(player);
    const open = (await post(player, '/api/games/blackjack/bets', { amount: Number(formatAmount(allIn)) })).body;
    expect(await balance(player)).toBe(0n);
    const before = [
      await count('ledger_transactions'),
      JSON.stringify((await get(player, `/api/bets/${open.id}`)).body),
    ];
    expectLegacyError(
      await post(player, `/api/games/blackjack/bets/${open.id}/actions`, { action: 'double' }),
      409,
      /./,
      'INSUFFICIENT_FUNDS',
    );
    expect([
      await count('ledger_transactions'),
      JSON.stringify((await get(player, `/api/bets/${open.id}`)).body),
    ]).toEqual(before);
    const stood = (await post(player, `/api/games/blackjack/bets/${open.id}/actions`, { action: 'stand' })).body;
    expect(await balance(player)).toBe(parseAmount(String(stood.payout)));
    await expectLedgerOk();
  });
});

describe('blackjack at the profit limit', () => {
  const { platform } = gameSuite({ GAME_MIN_BET_USD: '0.01', GAME_MAX_PROFIT_USD: '0.5' });

  it('is always dealt; a win past the limit pays exactly stake + limit and says capped, a push pays the stake back', async () => {
    const player = await fundedAccount(platform(), '300');
    const post = (path: string, body: unknown) => http(platform().url, 'POST', path, body, { token: player.token });
    const seen = new Set<string>();
    let expected = 300n * ONE;
    // Both kinds come within a few rounds; the bound only stops a broken game (0.57^200 for a fair one).
    for (let i = 0; i < 200 && !(seen.has('capped') && seen.has('uncapped')); i += 1) {
      let bet = (await post('/api/games/blackjack/bets', { amount: 1 })).body;
      while (bet.state === 'open')
        bet = (await post(`/api/games/blackjack/bets/${bet.id}/actions`, { action: standPlan(bet.outcome) })).body;
      const payout = parseAmount(String(bet.payout));
      expected += payout - ONE;
      const wins = (bet.outcome.hands as { state: string }[]).some(
        (hand) => hand.state === 'won' || hand.state === 'blackjack',
      );
      if (wins) {
        expect(bet).toMatchObject({ state: 'won', capped: true, outcome: { capped: true } });
        expect(payout).toBe(ONE + parseAmount('0.5'));
        seen.add('capped');
      } else {
        expect(bet.capped).toBeUndefined();
        expect(payout).toBeLessThanOrEqual(ONE);
        seen.add('uncapped');
      }
    }
    expect([...seen].sort()).toEqual(['capped', 'uncapped']);
    expect((await platform().platform.services.wallet.ledger.balances(player.user.id)).USD).toBe(expected);
    expect(await platform().platform.services.wallet.ledger.check()).toEqual([]);
  });
});
