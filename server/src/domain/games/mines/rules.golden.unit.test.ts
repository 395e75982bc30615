import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { floatsFromSeeds } from '../shared/floats.js';
import { applyRatio } from '../shared/ratio.js';
import { minePositions, minesMultiplier } from './rules.js';

/** Vectors from shared/fairness_vectors.py, an independent Python implementation of FAIRNESS.md (the five originals). */
const vectors = JSON.parse(readFileSync(new URL('../shared/fairness-vectors.json', import.meta.url), 'utf8'));
const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

describe('golden vectors (independent Python implementation)', () => {
  it('mines: positions in draw order for 1, 3 and 24 mines', () => {
    for (const v of vectors.mines)
      expect(minePositions(floatsFromSeeds(hmac, v, 24), v.mines)).toEqual(v.minePositions);
  });
  it('mines: cash-out payouts as exact fractions', () => {
    for (const v of vectors.minesPayouts)
      expect(applyRatio(BigInt(v.amount), minesMultiplier(v.mines, v.reveals)).toString()).toBe(v.payout);
  });
});
