import { describe, expect, it } from 'vitest';
import { expectLegacyError } from '../../../../../tests/support/auth.js';
import { expectSelfExcludedRefused, gameSuite, type Player } from '../../../../../tests/support/game-suite.js';
import { activeFloats } from '../../../../../tests/support/round-floats.js';
import { fundedAccount, trpc } from '../../../../../tests/support/wallet.js';
import { handCategory, positionsOf, VIDEO_POKER_FLOATS, VP_PAYS, vpDeal, vpDraw } from './rules.js';

const E8 = 100_000_000n;
const units = (value: number | string) => BigInt(Math.round(Number(value) * 1e8));

/** Video poker over REST and tRPC, with the profit limit lowered to 5 USD so a hand can reach it. */
describe('video poker: deal, hold, draw', () => {
  const suite = gameSuite({ GAME_MIN_BET_USD: '0.01', GAME_MAX_PROFIT_USD: '5' });
  const { platform, db, post, balance, expectLedgerOk, counts } = suite;
  /** The ten cards of the round at `nonce`, recomputed from the seeds: the test knows the replacements in advance. */
  const deckOf = async (player: Player, nonce: number) =>
    vpDeal(await activeFloats(db(), player.user.id, nonce, VIDEO_POKER_FLOATS));
  /** The hold (of the 32) whose known draw pays `wanted` (or the most when `wanted` is undefined). */
  const holdPaying = (deck: number[], wanted?: (pay: number) => boolean) => {
    const holds = Array.from({ length: 32 }, (_, mask) => {
      const held = positionsOf(mask);
      return { held, pay: VP_PAYS[handCategory(vpDraw(deck, held))] };
    });
    return wanted ? holds.find((h) => wanted(h.pay)) : holds.sort((a, b) => b.pay - a.pay)[0];
  };

  it('REST: the deal shows five cards from f0-f4, cash-out is refused, the draw replaces left to right and pays floor(stake x pay)', async () => {
    const player = await fundedAccount(platform(), '10');
    const started = await post(player, '/api/games/video-poker/bets', { amount: 1.5, clientBetId: 'vp-1' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const deck = await deckOf(player, started.body.fairness.nonce);
    expect(started.body).toMatchObject({
      game: 'video-poker',
      state: 'open',
      amount: 1.5,
      outcome: { dealt: deck.slice(0, 5) },
    });
    // The replacements are not shown before the draw.
    expect(started.body.outcome.final).toBeUndefined();
    const path = `/api/games/video-poker/bets/${started.body.id}`;
    expectLegacyError(await post(player, `${path}/cashout`, {}), 400, /no cash-out/);
    expectLegacyError(await post(player, `${path}/draw`, { held: [5] }), 400, /0 to 4/);
    expectLegacyError(await post(player, `${path}/draw`, { held: [1, 1] }), 400, /once/);
    expect(await balance(player)).toBe(10n * E8 - 150_000_000n);

    const drawn = await post(player, `${path}/draw`, { held: [3, 1] });
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    const final = [deck[5], deck[1], deck[6], deck[3], deck[7]];
    const hand = handCategory(final as number[]);
    const payout = 150_000_000n * BigInt(VP_PAYS[hand]);
    expect(drawn.body).toMatchObject({
      state: VP_PAYS[hand] > 0 ? 'won' : 'lost',
      outcome: { dealt: deck.slice(0, 5), held: [1, 3], final, hand },
      multiplier: VP_PAYS[hand],
    });
    expect(units(drawn.body.payout)).toBe(payout);
    expect(await balance(player)).toBe(10n * E8 - 150_000_000n + payout);
    expectLegacyError(await post(player, `${path}/draw`, { held: [] }), 409, /over/, 'ROUND_OVER');
    // A retried deal with the same clientBetId answers the same bet.
    expect((await post(player, '/api/games/video-poker/bets', { amount: 1.5, clientBetId: 'vp-1' })).body.id).toBe(
      started.body.id,
    );
    await expectLedgerOk();
  });

  it('tRPC: deal, resume through active, a losing draw settles lost; a jacks-or-better draw returns the stake', async () => {
    const player = await fundedAccount(platform(), '3');
    const call = (type: 'query' | 'mutation', name: string, input?: unknown) =>
      trpc(platform(), type, `games.video-poker.${name}`, input, player.token);
    let lost = false;
    let evens = false;
    for (let round = 0; round < 40 && !(lost && evens); round += 1) {
      const bet = (await call('mutation', 'start', { amount: '0.1' })).body.result.data.bet;
      const deck = await deckOf(player, bet.fairness.nonce);
      expect((await call('query', 'active')).body.result.data).toMatchObject({ id: bet.id, state: 'open' });
      const want = !lost ? holdPaying(deck, (pay) => pay === 0) : holdPaying(deck, (pay) => pay === 1);
      const hold = want ?? holdPaying(deck)!;
      const settled = (await call('mutation', 'draw', { betId: bet.id, held: hold.held })).body.result.data.bet;
      expect(units(settled.payout)).toBe(10_000_000n * BigInt(hold.pay));
      expect(settled.state).toBe(hold.pay === 0 ? 'lost' : 'won');
      if (hold.pay === 0) lost = true;
      if (hold.pay === 1) evens = true;
      expect((await call('query', 'active')).body.result.data).toBeNull();
    }
    expect([lost, evens]).toEqual([true, true]);
    await expectLedgerOk();
  });

  it('a draw whose profit reaches the 5 USD limit pays exactly stake + 5 with capped: true', async () => {
    // Enough for every one of the 30 rounds to lose: with 20 USD three losing draws in a row (about one run in ten)
    // left too little for a fourth 6 USD deal.
    const player = await fundedAccount(platform(), '200');
    // At 6 USD a two pair (2x) or better would profit 6 or more: play known draws until one holds such a hand.
    for (let round = 0; round < 30; round += 1) {
      const started = await post(player, '/api/games/video-poker/bets', { amount: 6 });
      const deck = await deckOf(player, started.body.fairness.nonce);
      const best = holdPaying(deck)!;
      const drawn = (await post(player, `/api/games/video-poker/bets/${started.body.id}/draw`, { held: best.held }))
        .body;
      if (best.pay >= 2) {
        expect(drawn).toMatchObject({ state: 'won', payout: 11, capped: true, outcome: { capped: true } });
        expect(drawn.multiplier).toBeCloseTo(11 / 6, 4);
        await expectLedgerOk();
        return;
      }
      expect(drawn.capped).toBeUndefined();
    }
    throw new Error('no known draw of 30 rounds held two pair or better');
  });

  it('bad input is a 400 that changes nothing; a self-excluded player gets 403', async () => {
    const player = await fundedAccount(platform(), '5');
    const open = await post(player, '/api/games/video-poker/bets', { amount: 1 });
    const before = [await counts(), await balance(player)];
    const cases: [string, unknown, number][] = [
      ['/api/games/video-poker/bets', { amount: -1 }, 400],
      ['/api/games/video-poker/bets', { amount: 0.001 }, 400],
      ['/api/games/video-poker/bets', { amount: 1, currency: 'EUR' }, 400],
      [`/api/games/video-poker/bets/${open.body.id}/draw`, {}, 400],
      [`/api/games/video-poker/bets/${open.body.id}/draw`, { held: [0, 1, 2, 3, 4, 4] }, 400],
      [`/api/games/video-poker/bets/${open.body.id}/draw`, { held: ['1'] }, 400],
      [`/api/games/video-poker/bets/${open.body.id}/actions`, { action: 'hit' }, 400],
      ['/api/games/video-poker/bets/abc/draw', { held: [] }, 400],
      ['/api/games/video-poker/bets/99999999999999999999/draw', { held: [] }, 400],
      ['/api/games/video-poker/bets/3000000000/draw', { held: [] }, 404],
      ['/api/games/video-poker/bets', { amount: 1 }, 409],
    ];
    for (const [path, body, status] of cases) {
      const answer = await post(player, path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)} -> ${JSON.stringify(answer.body)}`).toBe(status);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect([await counts(), await balance(player)]).toEqual(before);
    await expectSelfExcludedRefused(suite, (excluded) => post(excluded, '/api/games/video-poker/bets', { amount: 1 }));
  });

  it('50 parallel deals open one round; 50 parallel draws settle it once', async () => {
    const player = await fundedAccount(platform(), '50');
    const deals = await Promise.all(
      Array.from({ length: 50 }, () => post(player, '/api/games/video-poker/bets', { amount: 1 })),
    );
    const opened = deals.filter((r) => r.status === 201);
    expect(opened).toHaveLength(1);
    expect(deals.every((r) => r.status === 201 || (r.status === 409 && r.body.code === 'ROUND_OPEN'))).toBe(true);
    const id = opened[0]!.body.id;
    const draws = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(player, `/api/games/video-poker/bets/${id}/draw`, { held: positionsOf(i % 32) }),
      ),
    );
    const settled = draws.filter((r) => r.status === 200);
    expect(settled).toHaveLength(1);
    expect(draws.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    expect(await balance(player)).toBe(49n * E8 + units(settled[0]!.body.payout));
    await expectLedgerOk();
  });
});
