import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../../../tests/support/rtp-simulation.js';
import { buildChain, roundValue } from '../../rounds/hash-chain.js';
import { formatRatio, ratio } from '../shared/ratio.js';
import { WHEEL_GAME } from './wheel.game.js';
import {
  chipReturn,
  segmentLabel,
  WHEEL_LAYOUT,
  WHEEL_VALUES,
  wheelExactRtp,
  wheelMultiplier,
  wheelResult,
  wheelRunningMs,
  wheelSegmentCounts,
  wheelSpins,
  type WheelValue,
} from './rules.js';

const VECTORS = JSON.parse(readFileSync(new URL('./wheel-vectors.json', import.meta.url), 'utf8')) as {
  seed: string;
  length: number;
  terminalHash: string;
  salt: string;
  layout: string[];
  rounds: {
    number: number;
    hash: string;
    roundValue: string;
    spins: number[];
    value: number | null;
    multiplier: number;
  }[];
  crafted: { roundValue: string; spins: number[]; value: number | null; multiplier: number }[];
  rtp: { value: number; num: string; den: string }[];
};

const E8 = 100_000_000n;
const NO_CAP = ratio(10n ** 12n);

describe('money wheel rules', () => {
  it('publishes the table server/src/domain/games/wheel/wheel_vectors.py was written against: 54 segments', () => {
    expect(WHEEL_LAYOUT.map(segmentLabel)).toEqual(VECTORS.layout);
    expect(wheelSegmentCounts()).toEqual(
      expect.arrayContaining([
        { label: '1', count: 23 },
        { label: '2', count: 15 },
        { label: '4', count: 9 },
        { label: '10', count: 4 },
        { label: '42', count: 1 },
        { label: '2x', count: 1 },
        { label: '7x', count: 1 },
      ]),
    );
  });

  it('replays the golden chain: hashes, round values and segments with re-spins', () => {
    const built = buildChain(VECTORS.length, 10, VECTORS.seed);
    expect(built.terminalHash).toBe(VECTORS.terminalHash);
    let respins = 0;
    for (const round of VECTORS.rounds) {
      const value = roundValue(VECTORS.salt, round.hash);
      expect(value).toBe(round.roundValue);
      expect(wheelResult(value), `round ${round.number}`).toEqual({
        spins: round.spins,
        value: round.value,
        multiplier: round.multiplier,
      });
      if (round.spins.length > 1) respins += 1;
    }
    expect(respins).toBeGreaterThan(5);
  });

  it('replays the crafted round values: chained multipliers and eight multipliers in a row (no number: nothing pays)', () => {
    for (const round of VECTORS.crafted)
      expect(wheelResult(round.roundValue)).toEqual({
        spins: round.spins,
        value: round.value,
        multiplier: round.multiplier,
      });
    const none = VECTORS.crafted.find((round) => round.value === null)!;
    const chips = WHEEL_VALUES.map((value) => ({ value, amount: E8 }));
    expect(wheelMultiplier(chips, wheelResult(none.roundValue), NO_CAP)).toEqual(ratio(0n));
  });

  it('pays 1 + value x multiplier on the number landed on; the profit limit caps the bet', () => {
    const result = { value: 10 as WheelValue, multiplier: 14 };
    expect(chipReturn(10, result)).toEqual(ratio(141n));
    expect(chipReturn(4, result)).toEqual(ratio(0n));
    // 1 on 10 and 3 on 1: 141 back of a stake of 4.
    expect(
      wheelMultiplier(
        [
          { value: 10, amount: E8 },
          { value: 1, amount: 3n * E8 },
        ],
        result,
        NO_CAP,
      ),
    ).toEqual(ratio(141n, 4n));
    expect(wheelMultiplier([{ value: 10, amount: E8 }], result, ratio(51n))).toEqual(ratio(51n));
    expect(wheelMultiplier([{ value: 2, amount: E8 }], { value: 2, multiplier: 1 }, NO_CAP)).toEqual(ratio(3n));
  });

  it('runs 6 s for a spin and 4 s more for each re-spin', () => {
    expect(wheelRunningMs({ spins: [3] })).toBe(6_000);
    expect(wheelRunningMs({ spins: [25, 32, 0] })).toBe(14_000);
  });

  it('each bet returns between 95% and 97.5%, exactly as the independent implementation computes it', () => {
    for (const { value, num, den } of VECTORS.rtp) {
      const rtp = wheelExactRtp(value as WheelValue);
      expect(rtp, `value ${value}`).toEqual(ratio(BigInt(num), BigInt(den)));
      expect(
        rtp.num * 1000n >= 950n * rtp.den && rtp.num * 1000n <= 975n * rtp.den,
        `value ${value}: ${formatRatio(rtp, 6)}`,
      ).toBe(true);
    }
    expect(WHEEL_GAME.rtp).toBe('95.25');
    expect(WHEEL_GAME.houseEdgePpm).toBe(26_923);
  });

  for (const value of WHEEL_VALUES) {
    it(`a 10^6-round simulation of a bet on ${value} agrees with its exact RTP`, () => {
      const exact = wheelExactRtp(value);
      simulate(
        `wheel ${value}`,
        (floats) => {
          const result = wheelSpins(floats(8));
          return result.value === value ? 1 + value * result.multiplier : 0;
        },
        Number(exact.num) / Number(exact.den),
      );
    });
  }
});
