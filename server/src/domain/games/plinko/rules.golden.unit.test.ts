import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { floatsFromSeeds } from '../shared/floats.js';
import { plinkoOutcome, type PlinkoRisk } from './rules.js';

/** Vectors from shared/fairness_vectors.py, an independent Python implementation of FAIRNESS.md (the five originals). */
const vectors = JSON.parse(readFileSync(new URL('../shared/fairness-vectors.json', import.meta.url), 'utf8'));
const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

describe('golden vectors (independent Python implementation)', () => {
  it('plinko: path and bucket for 8, 12 and 16 rows', () => {
    for (const v of vectors.plinko) {
      const outcome = plinkoOutcome(floatsFromSeeds(hmac, v, v.rows), { rows: v.rows, risk: v.risk as PlinkoRisk });
      expect(outcome.path).toEqual(v.path);
      expect(outcome.bucket).toBe(v.bucket);
    }
  });
});
