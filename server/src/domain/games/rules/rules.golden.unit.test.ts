import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  applyRatio,
  diceMultiplier,
  diceOutcome,
  diceWins,
  floatsFromDigest,
  floatsFromSeeds,
  floatsFromSeedsAsync,
  kenoOutcome,
  limboMultiplier,
  limboOutcome,
  limboWins,
  minePositions,
  minesMultiplier,
  plinkoOutcome,
  type DiceCondition,
  type KenoRisk,
  type PlinkoRisk,
} from './index.js';

/** Vectors from tests/fixtures/fairness_vectors.py, an independent Python implementation of FAIRNESS.md. */
const vectors = JSON.parse(
  readFileSync(new URL('../../../../../tests/fixtures/fairness-vectors.json', import.meta.url), 'utf8'),
);
const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const bytesFromHex = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));

describe('golden vectors (independent Python implementation)', () => {
  it('seed hashes: SHA-256 of the hex string', () => {
    for (const v of vectors.hashes)
      expect(createHash('sha256').update(v.serverSeed).digest('hex')).toBe(v.serverSeedHash);
  });

  it('bytes to floats, including all-zero and all-0xff digests', () => {
    for (const v of vectors.digests) expect(floatsFromDigest(bytesFromHex(v.hex), 8)).toEqual(v.floats);
  });

  it('24 floats per bet (rounds 0, 1 and 2), sync and async agree bit for bit', async () => {
    expect(vectors.floats.length).toBeGreaterThan(10);
    for (const v of vectors.floats) {
      const seeds = { serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: v.nonce };
      const floats = floatsFromSeeds(hmac, seeds, 24);
      floats.forEach((f, i) => expect(Object.is(f, v.floats[i])).toBe(true));
      expect(await floatsFromSeedsAsync(async (k, m) => hmac(k, m), seeds, 24)).toEqual(v.floats);
    }
  });

  it('dice: roll, win and payout', () => {
    for (const v of vectors.dice) {
      const floats = floatsFromSeeds(hmac, v, 1);
      const outcome = diceOutcome(floats, { target: v.target, condition: v.condition as DiceCondition });
      expect(outcome.roll).toBe(v.roll);
      expect(diceWins(outcome)).toBe(v.win);
      expect(applyRatio(BigInt(v.amount), diceMultiplier(outcome)).toString()).toBe(v.payout);
    }
  });

  it('limbo: result, win and payout, including the extreme floats', () => {
    for (const v of vectors.limbo) {
      const floats = 'f0' in v ? [v.f0] : floatsFromSeeds(hmac, v, 1);
      const outcome = limboOutcome(floats, { target: v.target });
      expect(outcome.result).toBe(v.result);
      expect(limboWins(outcome)).toBe(v.win);
      expect(applyRatio(BigInt(v.amount), limboMultiplier(outcome)).toString()).toBe(v.payout);
    }
  });

  it('plinko: path and bucket for 8, 12 and 16 rows', () => {
    for (const v of vectors.plinko) {
      const outcome = plinkoOutcome(floatsFromSeeds(hmac, v, v.rows), { rows: v.rows, risk: v.risk as PlinkoRisk });
      expect(outcome.path).toEqual(v.path);
      expect(outcome.bucket).toBe(v.bucket);
    }
  });

  it('keno: the draw in order and the hits', () => {
    for (const v of vectors.keno) {
      const outcome = kenoOutcome(floatsFromSeeds(hmac, v, 10), { picks: v.picks, risk: v.risk as KenoRisk });
      expect(outcome.drawn).toEqual(v.drawn);
      expect(outcome.hits).toBe(v.hits);
    }
  });

  it('mines: positions in draw order for 1, 3 and 24 mines', () => {
    for (const v of vectors.mines)
      expect(minePositions(floatsFromSeeds(hmac, v, 24), v.mines)).toEqual(v.minePositions);
  });

  it('mines: cash-out payouts as exact fractions', () => {
    for (const v of vectors.minesPayouts)
      expect(applyRatio(BigInt(v.amount), minesMultiplier(v.mines, v.reveals)).toString()).toBe(v.payout);
  });
});
