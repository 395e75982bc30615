import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { floatsFromDigest, floatsFromSeeds, floatsFromSeedsAsync } from './floats.js';

/**
 * Vectors from fairness_vectors.py (beside this file), an independent Python implementation of FAIRNESS.md: the seed
 * hashes and floats every game reads here, each original's outcomes in its own folder's rules.golden.unit.test.ts.
 */
const vectors = JSON.parse(readFileSync(new URL('./fairness-vectors.json', import.meta.url), 'utf8'));
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
});
