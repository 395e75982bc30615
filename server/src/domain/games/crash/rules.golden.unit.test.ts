import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildChain, checkpointAbove, hashDownTo, roundValue } from '../../rounds/hash-chain.js';
import { CRASH_GAME } from './crash.game.js';
import { crashPointFromHmac, msToReach, multiplierAt } from './rules.js';

/** Vectors from crash_vectors.py (this folder), an independent Python implementation of FAIRNESS.md "Round games". */
const vectors = JSON.parse(readFileSync(new URL('./crash-vectors.json', import.meta.url), 'utf8')) as {
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
