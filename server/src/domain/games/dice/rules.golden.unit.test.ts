import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { floatsFromSeeds } from '../shared/floats.js';
import { applyRatio } from '../shared/ratio.js';
import { diceMultiplier, diceOutcome, diceWins, type DiceCondition } from './rules.js';

/** Vectors from shared/fairness_vectors.py, an independent Python implementation of FAIRNESS.md (the five originals). */
const vectors = JSON.parse(readFileSync(new URL('../shared/fairness-vectors.json', import.meta.url), 'utf8'));
const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

describe('golden vectors (independent Python implementation)', () => {
  it('dice: roll, win and payout', () => {
    for (const v of vectors.dice) {
      const floats = floatsFromSeeds(hmac, v, 1);
      const outcome = diceOutcome(floats, { target: v.target, condition: v.condition as DiceCondition });
      expect(outcome.roll).toBe(v.roll);
      expect(diceWins(outcome)).toBe(v.win);
      expect(applyRatio(BigInt(v.amount), diceMultiplier(outcome)).toString()).toBe(v.payout);
    }
  });
});
