import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CRASH_GAME } from '../games/crash/crash.game.js';
import { crashPointFromHmac, msToReach, multiplierAt } from '../games/rules/crash.js';
import { formatRatio, ratio } from '../games/rules/index.js';
import { buildChain, checkpointAbove, hashDownTo, linksTo, roundValue, sha256Hex } from './hash-chain.js';

/** Vectors from tests/fixtures/crash_vectors.py, an independent Python implementation of FAIRNESS.md "Round games". */
const vectors = JSON.parse(
  readFileSync(new URL('../../../../tests/fixtures/crash-vectors.json', import.meta.url), 'utf8'),
) as {
  seed: string;
  length: number;
  terminalHash: string;
  salt: string;
  rounds: { number: number; hash: string; roundValue: string; crashPoint: number }[];
  curve: { ms: number; multiplier: number }[];
};

/** h[n] of a built chain, recomputed from its checkpoints as the round engine does. */
const hashAt = (chain: ReturnType<typeof buildChain>, n: number, length: number, every: number) => {
  const from = checkpointAbove(n, length, every);
  return hashDownTo(from, chain.checkpoints.get(from)!, n);
};

describe('crash golden vectors (independent Python implementation)', () => {
  // A checkpoint interval that does not divide the length: the seed is the last checkpoint.
  const every = 7;
  const chain = buildChain(vectors.length, every, vectors.seed);

  it('the chain from the seed ends at the published terminal hash', () => {
    expect(chain.terminalHash).toBe(vectors.terminalHash);
  });

  it('every round hash, round value and crash point', () => {
    expect(vectors.rounds).toHaveLength(200);
    for (const round of vectors.rounds) {
      const hash = hashAt(chain, round.number, vectors.length, every);
      expect(hash, `round ${round.number}`).toBe(round.hash);
      expect(roundValue(vectors.salt, hash)).toBe(round.roundValue);
      expect(crashPointFromHmac(round.roundValue), `round ${round.number}`).toBe(round.crashPoint);
      expect(CRASH_GAME.result(round.roundValue)).toEqual({ crashPoint: round.crashPoint });
    }
  });

  it('the multiplier curve', () => {
    for (const point of vectors.curve) expect(multiplierAt(point.ms), `${point.ms} ms`).toBe(point.multiplier);
  });

  it('the bust time of each crash point is the first millisecond the curve shows it', () => {
    for (const round of vectors.rounds) {
      const t = msToReach(round.crashPoint);
      expect(multiplierAt(t)).toBeGreaterThanOrEqual(round.crashPoint);
      if (t > 0) expect(multiplierAt(t - 1)).toBeLessThan(round.crashPoint);
    }
  });
});

describe('hash chain kept as checkpoints', () => {
  it('walks 10,000 rounds and checks every link down to the terminal hash', () => {
    const length = 10_000;
    const every = 100;
    const chain = buildChain(length, every);
    expect(chain.checkpoints.size).toBe(length / every + 1);
    let previous = chain.terminalHash;
    for (let n = 1; n <= length; n += 1) {
      const hash = hashAt(chain, n, length, every);
      expect(linksTo(hash, previous), `link ${n}`).toBe(true);
      previous = hash;
    }
    expect(previous).toBe(chain.checkpoints.get(length));
  });

  it('a wrong hash breaks the link', () => {
    const hash = sha256Hex('x');
    expect(linksTo(hash, sha256Hex(hash))).toBe(true);
    expect(linksTo(hash.replace(/^./, hash[0] === '0' ? '1' : '0'), sha256Hex(hash))).toBe(false);
  });
});

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
