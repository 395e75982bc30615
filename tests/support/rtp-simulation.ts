/**
 * The RTP simulations' shared parts: a fast seeded float source and a check of a simulated mean against the exact
 * return within 5 standard errors (about 1 false alarm in 1.7 million runs; the seed is fixed, so a run is repeatable).
 */
import { expect } from 'vitest';

/** sfc32 (warmed up): a fast seeded source of 32-bit floats, the same granularity as the HMAC floats (k / 2^32). */
export function seededFloats(seed: number): (count: number) => number[] {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    let t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    t >>>= 0;
    return t / 2 ** 32;
  };
  for (let i = 0; i < 32; i += 1) next();
  return (count) => Array.from({ length: count }, next);
}

export const ROUNDS = 1_000_000;

/** Mean payout multiplier over ROUNDS, checked against the expected value within 5 standard errors. */
export function simulate(name: string, round: (floats: (count: number) => number[], i: number) => number, expected: number) {
  const floats = seededFloats(0xb2d5 + name.length);
  let sum = 0;
  let sumSquares = 0;
  for (let i = 0; i < ROUNDS; i += 1) {
    const m = round(floats, i);
    sum += m;
    sumSquares += m * m;
  }
  const mean = sum / ROUNDS;
  const sd = Math.sqrt(sumSquares / ROUNDS - mean * mean);
  const standardError = sd / Math.sqrt(ROUNDS);
  console.info(`RTP ${name}: exact ${(expected * 100).toFixed(4)}%, simulated ${(mean * 100).toFixed(4)}% (SE ${(standardError * 100).toFixed(4)} points, ${ROUNDS} rounds)`);
  expect(Math.abs(mean - expected)).toBeLessThan(5 * standardError);
}
