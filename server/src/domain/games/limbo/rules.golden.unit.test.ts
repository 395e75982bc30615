import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { floatsFromSeeds } from '../shared/floats.js';
import { applyRatio } from '../shared/ratio.js';
import { limboMultiplier, limboOutcome, limboWins } from './rules.js';

/** Vectors from shared/fairness_vectors.py, an independent Python implementation of FAIRNESS.md (the five originals). */
const vectors = JSON.parse(readFileSync(new URL('../shared/fairness-vectors.json', import.meta.url), 'utf8'));
const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

describe('golden vectors (independent Python implementation)', () => {
  it('limbo: result, win and payout, including the extreme floats', () => {
    for (const v of vectors.limbo) {
      const floats = 'f0' in v ? [v.f0] : floatsFromSeeds(hmac, v, 1);
      const outcome = limboOutcome(floats, { target: v.target });
      expect(outcome.result).toBe(v.result);
      expect(limboWins(outcome)).toBe(v.win);
      expect(applyRatio(BigInt(v.amount), limboMultiplier(outcome)).toString()).toBe(v.payout);
    }
  });
});
