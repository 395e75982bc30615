import { describe, expect, it } from 'vitest';
import { formatRatio, ratio } from '../shared/ratio.js';
import { CRASH_GAME } from './crash.game.js';
import { msToReach, multiplierAt } from './rules.js';

describe('crash rules', () => {
  const cap = ratio(1_000_000n);
  const at = (h: number) => ratio(BigInt(h), 100n);

  it('an auto cash-out at a pays exactly a whenever a <= crash, else loses', () => {
    expect(CRASH_GAME.settle({ autoCashout: 200 }, { crashPoint: 200 }, cap)).toEqual(at(200));
    expect(CRASH_GAME.settle({ autoCashout: 200 }, { crashPoint: 5000 }, cap)).toEqual(at(200));
    expect(CRASH_GAME.settle({ autoCashout: 201 }, { crashPoint: 200 }, cap).num).toBe(0n);
    expect(CRASH_GAME.settle({}, { crashPoint: 5000 }, cap).num).toBe(0n);
  });

  it('the profit limit cashes a riding bet out at its point', () => {
    expect(CRASH_GAME.settle({}, { crashPoint: 5000 }, at(1000))).toEqual(at(1000));
    expect(CRASH_GAME.settle({ autoCashout: 2000 }, { crashPoint: 5000 }, at(1000))).toEqual(at(1000));
    expect(CRASH_GAME.settle({}, { crashPoint: 999 }, at(1000)).num).toBe(0n);
  });

  it('a cash-out pays the multiplier read at its time, only below the crash point', () => {
    const t2 = msToReach(200);
    expect(CRASH_GAME.cashout({}, { crashPoint: 300 }, t2, cap)).toEqual({ multiplier: at(200) });
    expect(CRASH_GAME.cashout({}, { crashPoint: 200 }, t2, cap)).toHaveProperty('refused');
    expect(CRASH_GAME.cashout({}, { crashPoint: 200 }, t2 - 1, cap)).toEqual({ multiplier: at(multiplierAt(t2 - 1)) });
    // Its auto cash-out was passed on the way up: it pays the target, not the later reading.
    expect(CRASH_GAME.cashout({ autoCashout: 150 }, { crashPoint: 300 }, t2, cap)).toEqual({ multiplier: at(150) });
    expect(CRASH_GAME.cashout({ autoCashout: 150 }, { crashPoint: 150 }, t2, cap)).toEqual({ multiplier: at(150) });
  });

  it('parses auto cash-out targets to hundredths and refuses bad ones', () => {
    expect(CRASH_GAME.input.parse({ amount: '1', autoCashout: '2.5' }).autoCashout).toBe(250);
    expect(CRASH_GAME.input.parse({ amount: '1', autoCashout: 2 }).autoCashout).toBe(200);
    for (const bad of ['1', '1.001', 'x', '-2', '10000000'])
      expect(CRASH_GAME.input.safeParse({ amount: '1', autoCashout: bad }).success, bad).toBe(false);
  });
});

describe('exact RTP (docs/fairness.md "Crash")', () => {
  const TWO_52 = 2 ** 52;
  /** The smallest r in [0, 2^52) whose crash point is at least `target` (the float expression is monotone in r). */
  function firstR(target: number): number {
    let lo = 0;
    let hi = TWO_52;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (Math.max(100, Math.floor(99 / (1 - mid / TWO_52))) >= target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  it('is 99% for every target, short of it by less than (target / 100) / 2^52', () => {
    for (const target of [101, 110, 150, 199, 200, 300, 333, 1000, 1337, 10_000, 100_000, 1_000_000, 100_000_000]) {
      const winners = BigInt(TWO_52 - firstR(target));
      // RTP = (target / 100) x winners / 2^52, exactly: compare with 99/100 as fractions.
      const rtp = ratio(BigInt(target) * winners, 100n * BigInt(TWO_52));
      const shortBy = ratio(99n * BigInt(TWO_52) - BigInt(target) * winners, 100n * BigInt(TWO_52));
      expect(shortBy.num >= 0n, `${target}: not above 99%`).toBe(true);
      expect(
        shortBy.num * 100n * BigInt(TWO_52) < BigInt(target) * shortBy.den,
        `${target}: ${formatRatio(rtp, 12)}`,
      ).toBe(true);
    }
  });
});
