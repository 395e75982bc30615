import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededFloats } from '../../../../../tests/support/seeded-floats.js';
import { floatsFromSeeds } from '../shared/floats.js';
import { ratio } from '../shared/ratio.js';
import {
  chipMultiplier,
  coveredPockets,
  pocketColour,
  ROULETTE_BET_TYPES,
  ROULETTE_OUTSIDE_TYPES,
  ROULETTE_WHEEL,
  rouletteBetsOfType,
  rouletteChipError,
  rouletteChipRtp,
  rouletteMaxPayout,
  rouletteParamsError,
  rouletteSpin,
  type RouletteBetType,
  type RouletteChip,
} from './rules.js';

/** From server/src/domain/games/roulette/roulette_vectors.py, an independent Python implementation of FAIRNESS.md. */
const vectors = JSON.parse(readFileSync(new URL('./roulette-vectors.json', import.meta.url), 'utf8'));
const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const chip = (type: RouletteBetType, numbers: number[], amount = 100n): RouletteChip => ({ type, numbers, amount });

describe('roulette golden vectors (independent Python implementation)', () => {
  it('the third-party vectors: server seed / client seed nonce 1 and 2 land on 27 and 19', () => {
    expect(vectors.thirdParty.map((v: { pocket: number }) => v.pocket)).toEqual([27, 19]);
    for (const v of vectors.thirdParty) {
      expect(rouletteSpin(floatsFromSeeds(hmac, v, 1), { chips: [chip('red', [])] }).pocket).toBe(v.pocket);
    }
  });

  it('the layout: the same bets of every inside type as the grid drawn in Python', () => {
    for (const [type, bets] of Object.entries(vectors.layout)) {
      expect(rouletteBetsOfType(type as RouletteBetType), type).toEqual(expect.arrayContaining(bets as number[][]));
      expect(rouletteBetsOfType(type as RouletteBetType).length, type).toBe((bets as number[][]).length);
    }
  });

  it('every bet of every type returns on every pocket what the Python table says', () => {
    expect(vectors.returns.length).toBe(154);
    for (const v of vectors.returns) {
      const returns = Array.from({ length: 37 }, (_, pocket) => {
        const m = chipMultiplier(v, pocket);
        return Number(m.num / m.den);
      });
      expect(returns, `${v.type} ${v.numbers.join('-')}`).toEqual(v.returns);
    }
  });

  it('128 spins of random chip lists over seeds, client seeds and nonces: the float, the pocket, each chip and the total pay bit for bit', () => {
    expect(vectors.spins.length).toBe(128);
    for (const v of vectors.spins) {
      const floats = floatsFromSeeds(hmac, v, 1);
      expect(floats[0]).toBe(v.float);
      const chips = v.chips.map((c: { type: RouletteBetType; numbers: number[]; amount: string }) =>
        chip(c.type, c.numbers, BigInt(c.amount)),
      );
      const spin = rouletteSpin(floats, { chips });
      expect(spin.pocket).toBe(v.pocket);
      expect(spin.chips.map((c) => c.payout.toString())).toEqual(v.chips.map((c: { payout: string }) => c.payout));
      expect(spin.payout.toString()).toBe(v.payout);
    }
  });

  it('pockets at the float edges: 0 -> 0, just under 1 -> 36', () => {
    expect(rouletteSpin([0], { chips: [chip('straight', [0])] }).pocket).toBe(0);
    expect(rouletteSpin([1 - 2 ** -32], { chips: [chip('straight', [36])] }).pocket).toBe(36);
  });
});

describe('roulette layout checks', () => {
  it('accepts the bets of the board, in any order', () => {
    for (const [type, numbers] of [
      ['split', [1, 0]],
      ['split', [0, 3]],
      ['split', [14, 17]],
      ['street', [36, 34, 35]],
      ['corner', [32, 33, 35, 36]],
      ['sixline', [31, 32, 33, 34, 35, 36]],
      ['column', [3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36]],
      ['dozen', [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]],
      ['red', []],
    ] as const) {
      expect(rouletteChipError({ type, numbers: [...numbers] }), `${type} ${numbers.join('-')}`).toBeNull();
    }
  });

  it('refuses chips that are not a bet of their type, with a sentence saying what the type covers', () => {
    expect(rouletteChipError({ type: 'straight', numbers: [37] })).toMatch(
      /straight chip covers one number from 0 to 36/,
    );
    expect(rouletteChipError({ type: 'split', numbers: [3, 4] })).toMatch(/two adjacent numbers/); // across the row end
    expect(rouletteChipError({ type: 'split', numbers: [0, 4] })).toMatch(/two adjacent/);
    expect(rouletteChipError({ type: 'split', numbers: [5, 5] })).toMatch(/two adjacent/);
    expect(rouletteChipError({ type: 'street', numbers: [2, 3, 4] })).toMatch(/a row of three/);
    expect(rouletteChipError({ type: 'corner', numbers: [3, 4, 6, 7] })).toMatch(/four numbers in a square/);
    expect(rouletteChipError({ type: 'corner', numbers: [0, 1, 2, 3] })).toMatch(/four numbers in a square/);
    expect(rouletteChipError({ type: 'sixline', numbers: [1, 2, 3, 7, 8, 9] })).toMatch(/two adjacent rows/);
    expect(rouletteChipError({ type: 'column', numbers: [1, 4, 7] })).toMatch(/twelve numbers of a column/);
    expect(rouletteChipError({ type: 'dozen', numbers: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] })).toMatch(/dozen/);
    expect(rouletteChipError({ type: 'red', numbers: [1] })).toMatch(/a red chip names no numbers/);
    expect(rouletteChipError({ type: 'green' as RouletteBetType, numbers: [] })).toMatch(/chip type must be one of/);
    expect(rouletteChipError({ type: 'straight', numbers: [1.5] })).toMatch(/whole numbers/);
    expect(rouletteParamsError({ chips: [] })).toMatch(/at least one chip/);
    expect(rouletteParamsError({ chips: [chip('red', [], 0n)] })).toMatch(/greater than zero/);
  });

  it('the wheel holds each pocket once; 18 red, 18 black, one green', () => {
    expect([...ROULETTE_WHEEL].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    const colours = ROULETTE_WHEEL.map(pocketColour);
    expect(colours.filter((c) => c === 'red').length).toBe(18);
    expect(colours.filter((c) => c === 'black').length).toBe(18);
    // Red and black alternate round the wheel after zero.
    for (let i = 1; i < 36; i += 1) expect(colours[i]).not.toBe(colours[i + 1]);
  });

  it('zero loses every even-money bet and wins the splits that name it', () => {
    for (const type of ROULETTE_OUTSIDE_TYPES) expect(chipMultiplier({ type, numbers: [] }, 0)).toEqual(ratio(0n));
    expect(chipMultiplier({ type: 'split', numbers: [0, 2] }, 0)).toEqual(ratio(18n));
    expect(coveredPockets('red', []).length).toBe(18);
  });

  it('the most a board can pay is its best pocket, not the sum of its best chips', () => {
    // 1 on 19, 1 on 0, 1 on red: 19 (red) pays 36 + 2 = 38, zero 36, any other red 2.
    expect(rouletteMaxPayout([chip('straight', [19], 1n), chip('straight', [0], 1n), chip('red', [], 1n)])).toBe(38n);
    expect(rouletteMaxPayout([chip('red', [], 5n), chip('black', [], 5n)])).toBe(10n);
  });
});

describe('roulette return to player', () => {
  it('every bet of every type returns exactly 36/37 (sum over the 37 pockets, rational)', () => {
    let bets = 0;
    for (const type of ROULETTE_BET_TYPES) {
      for (const numbers of rouletteBetsOfType(type)) {
        expect(rouletteChipRtp({ type, numbers }), `${type} ${numbers.join('-')}`).toEqual(ratio(36n, 37n));
        bets += 1;
      }
    }
    expect(bets).toBe(154);
  });

  // One chip of each type on every spin; each type's mean return must land within 5 standard errors of 36/37
  // (a miss by chance has probability about 6e-7 per type; the seed is fixed, so the test is deterministic).
  it('10^6 simulated spins: each type lands within 5 standard errors of 36/37', { timeout: 120_000 }, () => {
    const ROUNDS = 1_000_000;
    const board = ROULETTE_BET_TYPES.map((type) => {
      const bets = rouletteBetsOfType(type);
      return chip(type, bets[Math.floor(bets.length / 2)]!, 1n);
    });
    // The return of each chip on each pocket, once (the loop then reads a table).
    const table = board.map((c) =>
      Array.from({ length: 37 }, (_, pocket) => {
        const m = chipMultiplier(c, pocket);
        return Number(m.num) / Number(m.den);
      }),
    );
    const floats = seededFloats(0x2525);
    const sum = new Array<number>(board.length).fill(0);
    const sumSquares = new Array<number>(board.length).fill(0);
    for (let i = 0; i < ROUNDS; i += 1) {
      const pocket = rouletteSpin(floats(1), { chips: [] }).pocket;
      for (let k = 0; k < board.length; k += 1) {
        const r = table[k]![pocket]!;
        sum[k]! += r;
        sumSquares[k]! += r * r;
      }
    }
    const expected = 36 / 37;
    board.forEach((c, k) => {
      const mean = sum[k]! / ROUNDS;
      const standardError = Math.sqrt(sumSquares[k]! / ROUNDS - mean * mean) / Math.sqrt(ROUNDS);
      console.info(
        `RTP roulette ${c.type}: exact ${(expected * 100).toFixed(4)}%, simulated ${(mean * 100).toFixed(4)}% (SE ${(standardError * 100).toFixed(4)} points)`,
      );
      expect(Math.abs(mean - expected), c.type).toBeLessThan(5 * standardError);
    });
  });
});
