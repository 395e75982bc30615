import { describe, expect, it } from 'vitest';
import { rouletteBetsOfType, rouletteChipError } from '../../../../../server/src/domain/games/roulette/rules';
import {
  boardLeftPercent,
  ZERO_COLUMN_WIDTH,
  betAt,
  betKey,
  boardTotal,
  chipPosition,
  decodeChips,
  encodeChips,
  requestChips,
  scaleBoard,
  stacks,
  type PlacedChip,
} from './roulette-board';

const NUMBERS = Array.from({ length: 36 }, (_, i) => i + 1);
const SPOTS = [0.05, 0.15, 0.3, 0.5, 0.7, 0.85, 0.95];

describe('roulette hit zones', () => {
  it('the middle of a number is its straight up; its lines and corners are splits, corners, streets and six lines', () => {
    expect(betAt(17, 0.5, 0.5)).toEqual({ type: 'straight', numbers: [17] });
    // 17 sits in column 5 (16, 17, 18), middle row: 18 above, 16 below, 14 left, 20 right.
    expect(betAt(17, 0.5, 0.05)).toEqual({ type: 'split', numbers: [17, 18] });
    expect(betAt(17, 0.5, 0.95)).toEqual({ type: 'split', numbers: [16, 17] });
    expect(betAt(17, 0.05, 0.5)).toEqual({ type: 'split', numbers: [14, 17] });
    expect(betAt(17, 0.95, 0.5)).toEqual({ type: 'split', numbers: [17, 20] });
    expect(betAt(17, 0.95, 0.05)).toEqual({ type: 'corner', numbers: [17, 18, 20, 21] });
    expect(betAt(16, 0.5, 0.95)).toEqual({ type: 'street', numbers: [16, 17, 18] });
    expect(betAt(16, 0.95, 0.95)).toEqual({ type: 'sixline', numbers: [16, 17, 18, 19, 20, 21] });
    expect(betAt(2, 0.05, 0.5)).toEqual({ type: 'split', numbers: [0, 2] });
    expect(betAt(3, 0.05, 0.05)).toEqual({ type: 'split', numbers: [0, 3] });
    // The table's outer edges have no neighbour: the top of 36 and the right of 35 stay on the number or its other line.
    expect(betAt(36, 0.5, 0.05)).toEqual({ type: 'straight', numbers: [36] });
    expect(betAt(35, 0.95, 0.5)).toEqual({ type: 'straight', numbers: [35] });
    expect(betAt(34, 0.95, 0.95)).toEqual({ type: 'street', numbers: [34, 35, 36] });
  });

  it('every spot of every number is a bet the server accepts, and every inside bet of the layout can be placed', () => {
    const reached = new Map<string, Set<string>>();
    for (const n of NUMBERS) {
      for (const fx of SPOTS) {
        for (const fy of SPOTS) {
          const bet = betAt(n, fx, fy);
          expect(rouletteChipError(bet), `${n} at ${fx},${fy}`).toBeNull();
          if (!reached.has(bet.type)) reached.set(bet.type, new Set());
          reached.get(bet.type)!.add(betKey(bet));
        }
      }
    }
    // Straight zero is zero's own cell, not a number's spot.
    expect(reached.get('straight')!.size).toBe(36);
    for (const type of ['split', 'street', 'corner', 'sixline'] as const)
      expect(reached.get(type)!.size, type).toBe(rouletteBetsOfType(type).length);
  });

  it('stacks sit in the middle of a number, on a line, at a corner, or on the bottom edge for streets', () => {
    expect(chipPosition({ type: 'straight', numbers: [0] })).toEqual({ x: 0.5, y: 1.5 });
    expect(chipPosition({ type: 'straight', numbers: [1] })).toEqual({ x: 1.5, y: 2.5 });
    expect(chipPosition({ type: 'split', numbers: [0, 3] })).toEqual({ x: 1, y: 0.5 });
    expect(chipPosition({ type: 'split', numbers: [1, 4] })).toEqual({ x: 2, y: 2.5 });
    expect(chipPosition({ type: 'corner', numbers: [1, 2, 4, 5] })).toEqual({ x: 2, y: 2 });
    expect(chipPosition({ type: 'street', numbers: [4, 5, 6] })).toEqual({ x: 2.5, y: 3 });
    expect(chipPosition({ type: 'sixline', numbers: [1, 2, 3, 4, 5, 6] })).toEqual({ x: 2, y: 3 });
    expect(chipPosition({ type: 'red', numbers: [] })).toBeNull();
  });
});

describe('chips on the board', () => {
  const chips: PlacedChip[] = [
    { type: 'straight', numbers: [17], amount: 100_000_000n },
    { type: 'red', numbers: [], amount: 1_000_000n },
    { type: 'straight', numbers: [17], amount: 10_000_000n },
  ];

  it('stacks the chips of one bet with their total, in the order bets were first placed; the request sends one chip per bet', () => {
    expect(stacks(chips)).toEqual([
      { type: 'straight', numbers: [17], amount: 110_000_000n },
      { type: 'red', numbers: [], amount: 1_000_000n },
    ]);
    expect(boardTotal(chips)).toBe(111_000_000n);
    expect(requestChips(chips)).toEqual([
      { type: 'straight', numbers: [17], amount: '1.1' },
      { type: 'red', numbers: [], amount: '0.01' },
    ]);
  });

  it('scales the board to an autobet stake exactly, flooring each stack and never under one unit', () => {
    expect(scaleBoard(chips, 222_000_000n).map((c) => c.amount)).toEqual([220_000_000n, 2_000_000n]);
    expect(scaleBoard(chips, 111_000_000n)).toEqual(stacks(chips));
    expect(
      scaleBoard(
        [
          { type: 'red', numbers: [], amount: 3n },
          { type: 'black', numbers: [], amount: 1n },
        ],
        2n,
      ).map((c) => c.amount),
    ).toEqual([1n, 1n]);
  });

  it('writes and reads the verifier link form of chips, refusing what the layout refuses', () => {
    const text = encodeChips(requestChips(chips));
    expect(text).toBe('straight:17:1.1;red::0.01');
    expect(decodeChips(text)).toEqual(stacks(chips));
    expect(decodeChips('split:3-4:1')).toMatch(/split chip covers two adjacent numbers/);
    expect(decodeChips('red::')).toMatch(/needs an amount/);
    expect(decodeChips('')).toMatch(/at least one chip/);
  });
});

describe('chip positions on a board with a wide zero (issue 45)', () => {
  it('maps column units to the overlay so a 0 straight and a 0 split sit a chip apart', () => {
    expect(boardLeftPercent(0)).toBe(0);
    expect(boardLeftPercent(13)).toBe(100);
    // The zero cell is ZERO_COLUMN_WIDTH columns wide: its centre and its right edge are one narrow column apart.
    const total = ZERO_COLUMN_WIDTH + 12;
    expect(boardLeftPercent(0.5)).toBeCloseTo((ZERO_COLUMN_WIDTH / 2 / total) * 100, 10);
    expect(boardLeftPercent(1)).toBeCloseTo((ZERO_COLUMN_WIDTH / total) * 100, 10);
    expect(boardLeftPercent(1.5)).toBeCloseTo(((ZERO_COLUMN_WIDTH + 0.5) / total) * 100, 10);
    const straight = chipPosition({ type: 'straight', numbers: [0] })!;
    const split = chipPosition({ type: 'split', numbers: [0, 2] })!;
    // The narrowest board (min-width 392 px over 15 column widths): the centres stay a 26 px chip apart.
    const columnPx = 392 / 15;
    const apart = ((boardLeftPercent(split.x) - boardLeftPercent(straight.x)) / 100) * total * columnPx;
    expect(apart).toBeGreaterThanOrEqual(26);
  });
});
