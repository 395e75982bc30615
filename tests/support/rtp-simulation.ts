/**
 * The RTP simulations' shared parts: a fast seeded float source and a check of a simulated mean against the exact
 * return within 5 standard errors (about 1 false alarm in 1.7 million runs; the seed is fixed, so a run is repeatable).
 */
import { expect } from 'vitest';
import { seededFloats } from './seeded-floats.js';

export const ROUNDS = 1_000_000;

/** Mean payout multiplier over ROUNDS, checked against the expected value within 5 standard errors. */
export function simulate(
  name: string,
  round: (floats: (count: number) => number[], i: number) => number,
  expected: number,
) {
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
  console.info(
    `RTP ${name}: exact ${(expected * 100).toFixed(4)}%, simulated ${(mean * 100).toFixed(4)}% (SE ${(standardError * 100).toFixed(4)} points, ${ROUNDS} rounds)`,
  );
  expect(Math.abs(mean - expected)).toBeLessThan(5 * standardError);
}
