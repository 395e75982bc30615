import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { roundFloats } from './fairness.service.js';
import { floatsFromDigest, roundMessage } from './shared/floats.js';

const pair = { serverSeed: 'a'.repeat(64), clientSeed: 'client seed' };
const digest = (nonce: number, round: number) =>
  new Uint8Array(
    createHmac('sha256', pair.serverSeed)
      .update(roundMessage(pair.clientSeed, nonce, round))
      .digest(),
  );

describe('roundFloats: a multi-step round reads its floats in order from one nonce (FAIRNESS.md "Multi-step games")', () => {
  it('float i is byte group i % 8 of HMAC round floor(i / 8), past the first 8 too, whatever the reading order', () => {
    const floats = roundFloats(pair, 7);
    // Read out of order on purpose: a round's later floats do not depend on which were read first.
    for (const i of [52, 0, 9, 8, 23, 7, 16, 15]) {
      expect(floats.at(i), `float ${i}`).toBe(floatsFromDigest(digest(7, Math.floor(i / 8)))[i % 8]);
    }
    expect(floats.first(20)).toEqual([
      ...floatsFromDigest(digest(7, 0)),
      ...floatsFromDigest(digest(7, 1)),
      ...floatsFromDigest(digest(7, 2)).slice(0, 4),
    ]);
    expect(roundFloats(pair, 8).at(0)).not.toBe(floats.at(0));
  });

  it('refuses an index that is not a float of the round', () => {
    const floats = roundFloats(pair, 1);
    expect(() => floats.at(-1)).toThrow(RangeError);
    expect(() => floats.at(1.5)).toThrow(RangeError);
  });
});
