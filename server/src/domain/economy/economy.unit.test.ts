import { describe, expect, it } from 'vitest';
import { equalSplit, rakebackFor } from './rakeback.js';
import { RANKS, rankForXp, rankProgress, usdValue, XP_UNIT, xpForWager } from './ranks.js';

const usd = (whole: bigint) => whole * XP_UNIT;

describe('XP formula: wagered USD value x houseEdge / 1%', () => {
  it('weights bets by their game edge, so low-edge games earn proportionally less XP', () => {
    expect(xpForWager(usd(100n), 10_000)).toBe(usd(100n)); // 1% edge: $100 -> 100 XP
    expect(xpForWager(usd(100n), 20_000)).toBe(usd(200n)); // 2% edge: 200 XP
    expect(xpForWager(usd(100n), 5_000)).toBe(usd(50n)); // 0.5% edge: 50 XP
    expect(xpForWager(usd(100n), 40_000)).toBe(usd(400n)); // 4% edge: 400 XP
    expect(xpForWager(usd(100n), 0)).toBe(0n);
    // Same expected house revenue gives the same XP: $200 at 0.5% equals $100 at 1%.
    expect(xpForWager(usd(200n), 5_000)).toBe(xpForWager(usd(100n), 10_000));
    // Exact in 1e-8 XP, rounded down: $0.01 at 1.5% = 0.015 XP.
    expect(xpForWager(1_000_000n, 15_000)).toBe(1_500_000n);
    expect(() => xpForWager(1n, 1_000_001)).toThrow(RangeError);
  });

  it('values BZU wagers at the BZU price', () => {
    expect(usdValue(usd(1000n), 'BZU', 2_500_000n)).toBe(usd(25n)); // 1000 BZU at $0.025
    expect(usdValue(usd(7n), 'USD', 123n)).toBe(usd(7n));
  });
});

describe('ranks table', () => {
  it('orders thresholds strictly and finds the rank at each threshold', () => {
    expect(RANKS.map((rank) => rank.label)).toEqual([
      'Unranked',
      'Bronze',
      'Silver',
      'Gold',
      'Platinum I',
      'Platinum II',
      'Platinum III',
      'Diamond',
    ]);
    for (let i = 1; i < RANKS.length; i += 1) {
      expect(RANKS[i]!.minXp).toBeGreaterThan(RANKS[i - 1]!.minXp);
      expect(RANKS[i]!.rakebackPpm).toBeGreaterThan(RANKS[i - 1]!.rakebackPpm);
      expect(rankForXp(RANKS[i]!.minXp * XP_UNIT).id).toBe(RANKS[i]!.id);
      expect(rankForXp(RANKS[i]!.minXp * XP_UNIT - 1n).id).toBe(RANKS[i - 1]!.id);
    }
  });

  it('reports progress toward the next rank', () => {
    expect(rankProgress(0n)).toMatchObject({
      rank: 'unranked',
      rankLabel: 'Unranked',
      xp: '0',
      nextRank: 'bronze',
      nextRankXp: '10000',
      percent: 0,
    });
    expect(rankProgress(usd(5_000n))).toMatchObject({ rank: 'unranked', percent: 50 });
    expect(rankProgress(usd(30_000n))).toMatchObject({
      rank: 'bronze',
      rankMinXp: '10000',
      nextRankXp: '50000',
      percent: 50,
    });
    expect(rankProgress(usd(9_000_000n))).toMatchObject({
      rank: 'diamond',
      nextRank: null,
      nextRankXp: null,
      percent: 100,
    });
  });
});

describe('rakeback = wagered x houseEdge x rankShare x boost', () => {
  it('is exact in 1e-8 units, rounded down', () => {
    // $100 at 1% edge, 5% share: $0.05
    expect(rakebackFor(usd(100n), 10_000, 50_000)).toBe(5_000_000n);
    // with a 1.5x holder boost: $0.075
    expect(rakebackFor(usd(100n), 10_000, 50_000, 1_500_000)).toBe(7_500_000n);
    // $0.01 at 1% and 2.5%: 0.0000025 -> rounds down to 250 units of 1e-8
    expect(rakebackFor(1_000_000n, 10_000, 25_000)).toBe(250n);
    expect(rakebackFor(1n, 10_000, 25_000)).toBe(0n);
    expect(() => rakebackFor(-1n, 10_000, 25_000)).toThrow(RangeError);
  });

  it('splits a pool equally with the remainder left over', () => {
    expect(equalSplit(100n, 3)).toEqual({ share: 33n, remainder: 1n });
    expect(equalSplit(5n, 0)).toEqual({ share: 0n, remainder: 5n });
    expect(equalSplit(2n, 3)).toEqual({ share: 0n, remainder: 2n });
  });
});
