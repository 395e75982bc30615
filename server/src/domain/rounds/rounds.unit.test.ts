import { describe, expect, it } from 'vitest';
import { buildChain, checkpointAbove, hashDownTo, linksTo, sha256Hex } from './hash-chain.js';

/** h[n] of a built chain, recomputed from its checkpoints as the round engine does. */
const hashAt = (chain: ReturnType<typeof buildChain>, n: number, length: number, every: number) => {
  const from = checkpointAbove(n, length, every);
  return hashDownTo(from, chain.checkpoints.get(from)!, n);
};

// Each round game's own vectors are in its folder (games/crash/rules.golden.unit.test.ts and the wheel's and bingo's).
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
