import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { floatsFromSeeds } from '../shared/floats.js';
import { kenoOutcome, type KenoRisk } from './rules.js';

/** Vectors from shared/fairness_vectors.py, an independent Python implementation of FAIRNESS.md (the five originals). */
const vectors = JSON.parse(readFileSync(new URL('../shared/fairness-vectors.json', import.meta.url), 'utf8'));
const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

describe('golden vectors (independent Python implementation)', () => {
  it('keno: the draw in order and the hits', () => {
    for (const v of vectors.keno) {
      const outcome = kenoOutcome(floatsFromSeeds(hmac, v, 10), { picks: v.picks, risk: v.risk as KenoRisk });
      expect(outcome.drawn).toEqual(v.drawn);
      expect(outcome.hits).toBe(v.hits);
    }
  });
});
