import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../../../tests/support/rtp-simulation.js';
import { BACCARAT_BEST_RTP, BACCARAT_HOUSE_EDGE_PPM } from './baccarat.game.js';
import { cardLabel } from '../shared/cards.js';
import { floatsFromSeeds } from '../shared/floats.js';
import { applyRatio, formatRatio, ratio, type Ratio } from '../shared/ratio.js';
import {
  BACCARAT_FLOATS,
  BACCARAT_SPOTS,
  baccaratDeal,
  baccaratExactRtp,
  baccaratOutcomeCounts,
  baccaratReturn,
  baccaratStakesError,
  bankerDraws,
  spotReturn,
  type BaccaratSpot,
  type BaccaratWinner,
} from './rules.js';

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const toNumber = (r: Ratio) => Number(r.num) / Number(r.den);

interface Vector {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  playerCards: number[];
  bankerCards: number[];
  playerLabels: string[];
  bankerLabels: string[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
  stakes: Record<BaccaratSpot, string>;
  payout: string;
}
const fixture = JSON.parse(readFileSync(new URL('./baccarat-vectors.json', import.meta.url), 'utf8')) as {
  coups: Vector[];
  outcomeCounts: Record<BaccaratWinner | 'total', number>;
};
const stakesOf = (v: Vector) => ({
  player: BigInt(v.stakes.player),
  banker: BigInt(v.stakes.banker),
  tie: BigInt(v.stakes.tie),
});

describe('baccarat against the third-party vectors (FAIRNESS.md) and the independent golden vectors', () => {
  const deal = (serverSeed: string, clientSeed: string, nonce: number) =>
    baccaratDeal(floatsFromSeeds(hmac, { serverSeed, clientSeed, nonce }, BACCARAT_FLOATS));

  it('some server seed, some client seed, nonce 2: player ♥Q ♣Q then ♣10, banker ♥4 ♥3; banker wins', () => {
    const hand = deal('some server seed', 'some client seed', 2);
    expect(hand.playerCards.map(cardLabel)).toEqual(['♥Q', '♣Q', '♣10']);
    expect(hand.bankerCards.map(cardLabel)).toEqual(['♥4', '♥3']);
    expect(hand).toMatchObject({ playerTotal: 0, bankerTotal: 7, winner: 'banker' });
  });

  it('some server seed, some client seed, nonce 1: player ♠9 ♠Q, banker ♦4 ♠5; a 9-9 tie of naturals', () => {
    const hand = deal('some server seed', 'some client seed', 1);
    expect(hand.playerCards.map(cardLabel)).toEqual(['♠9', '♠Q']);
    expect(hand.bankerCards.map(cardLabel)).toEqual(['♦4', '♠5']);
    expect(hand).toMatchObject({ playerTotal: 9, bankerTotal: 9, winner: 'tie' });
  });

  it('the vectors cover every winner and every third-card shape', () => {
    expect(new Set(fixture.coups.map((v) => v.winner))).toEqual(new Set(['player', 'banker', 'tie']));
    expect(new Set(fixture.coups.map((v) => `${v.playerCards.length}${v.bankerCards.length}`))).toEqual(
      new Set(['22', '23', '32', '33']),
    );
  });

  it.each(fixture.coups.map((v, i) => ({ ...v, i })))(
    'coup $i (nonce $nonce): cards, totals, winner and payout',
    (v) => {
      const hand = deal(v.serverSeed, v.clientSeed, v.nonce);
      expect(hand).toEqual({
        playerCards: v.playerCards,
        bankerCards: v.bankerCards,
        playerTotal: v.playerTotal,
        bankerTotal: v.bankerTotal,
        winner: v.winner,
      });
      expect([hand.playerCards.map(cardLabel), hand.bankerCards.map(cardLabel)]).toEqual([
        v.playerLabels,
        v.bankerLabels,
      ]);
      const exact = baccaratReturn(stakesOf(v), hand.winner);
      expect(String(applyRatio(1n, exact))).toBe(v.payout);
    },
  );
});

describe('baccarat rules', () => {
  it("the banker's tableau", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((b) => bankerDraws(b, null))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((p) => bankerDraws(3, p))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 9]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((p) => bankerDraws(4, p))).toEqual([2, 3, 4, 5, 6, 7]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((p) => bankerDraws(5, p))).toEqual([4, 5, 6, 7]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((p) => bankerDraws(6, p))).toEqual([6, 7]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].some((p) => bankerDraws(7, p))).toBe(false);
  });

  it('pays player 2x, banker 1.95x, tie 9x; a tie returns player and banker bets; the payout floors the exact sum', () => {
    expect(BACCARAT_SPOTS.map((s) => spotReturn(s, 'player'))).toEqual([ratio(2n), ratio(0n), ratio(0n)]);
    expect(BACCARAT_SPOTS.map((s) => spotReturn(s, 'banker'))).toEqual([ratio(0n), ratio(39n, 20n), ratio(0n)]);
    expect(BACCARAT_SPOTS.map((s) => spotReturn(s, 'tie'))).toEqual([ratio(1n), ratio(1n), ratio(9n)]);
    // 3 units on the banker: 5.85 units, paid 5
    expect(applyRatio(1n, baccaratReturn({ player: 0n, banker: 3n, tie: 0n }, 'banker'))).toBe(5n);
    // Split stakes sum exactly before the floor: 0.95 x 1 + 0.95 x 1 would floor to 0 twice, the sum gives 1.
    expect(applyRatio(1n, baccaratReturn({ player: 0n, banker: 2n, tie: 0n }, 'banker'))).toBe(3n);
  });

  it('needs a stake on at least one spot', () => {
    expect(baccaratStakesError({ player: 0n, banker: 0n, tie: 0n })).toMatch(/player, the banker or a tie/);
    expect(baccaratStakesError({ player: 0n, banker: 0n, tie: 1n })).toBeNull();
  });
});

describe('baccarat exact return to player (unlimited deck, rational arithmetic)', () => {
  it('the enumeration of 13^6 weighted rank sequences agrees with the independent Python one', () => {
    const { counts, total } = baccaratOutcomeCounts();
    expect({
      total: Number(total),
      player: Number(counts.player),
      banker: Number(counts.banker),
      tie: Number(counts.tie),
    }).toEqual(fixture.outcomeCounts);
  });

  it('player 366733/371293 (98.7719%), banker 23877259/24134045 (98.9360%), tie 4145409/4826809 (85.8830%)', () => {
    const rtp = baccaratExactRtp();
    expect(rtp).toEqual({
      player: ratio(366733n, 371293n),
      banker: ratio(23877259n, 24134045n),
      tie: ratio(4145409n, 4826809n),
    });
    expect(BACCARAT_SPOTS.map((s) => formatRatio(ratio(rtp[s].num * 100n, rtp[s].den), 4))).toEqual([
      '98.7718',
      '98.9360',
      '85.8830',
    ]);
  });

  it("the catalogue declares the best bet's return (floored, never overstated) and the accruals use the smallest edge (the banker's), floored to ppm", () => {
    const banker = baccaratExactRtp().banker;
    expect(BACCARAT_HOUSE_EDGE_PPM).toBe(Number(((banker.den - banker.num) * 1_000_000n) / banker.den));
    expect(BACCARAT_BEST_RTP).toBe(formatRatio(ratio(banker.num * 100n, banker.den), 2));
  });
});

describe('baccarat simulated return to player: 10^6 coups per bet', { timeout: 120_000 }, () => {
  const rtp = baccaratExactRtp();
  it.each(BACCARAT_SPOTS)('one unit on %s', (spot) => {
    simulate(
      `baccarat ${spot}`,
      (f) => toNumber(spotReturn(spot, baccaratDeal(f(BACCARAT_FLOATS)).winner)),
      toNumber(rtp[spot]),
    );
  });
});
