/**
 * The roulette table's pure parts: where a click on a number lands a chip (hit zones), the chips on the board (placed
 * in order for undo, shown stacked per bet), what the request sends, and the chips of a verifier link. The layout
 * itself (which numbers a bet may name) is the server's rules.ts; nothing here decides what a bet covers.
 */
import {
  coveredPockets,
  rouletteChipError,
  type RouletteBetType,
} from '../../../../../server/src/domain/games/roulette/rules';
import { fromUnits, toUnits } from '../../game-panel/bet-amount';

export interface BoardBet {
  type: RouletteBetType;
  numbers: number[];
}
/** One chip as placed, in 1e-8 units. */
export interface PlacedChip extends BoardBet {
  amount: bigint;
}

/** The board is drawn with 12 columns of three: column c holds 3c+1 (bottom), 3c+2, 3c+3 (top). */
export const columnOf = (n: number) => Math.floor((n - 1) / 3);
/** Display row from the top: 0 for 3, 6 ... 36; 2 for 1, 4 ... 34. */
export const rowOf = (n: number) => 2 - ((n - 1) % 3);
export const numberAt = (column: number, row: number) => column * 3 + (3 - row);

/** How close to a cell's edge (fraction of the cell) a click places a chip on the line instead of the number. */
const EDGE = 0.25;

/**
 * The bet a click at (fx, fy) inside number n's cell places (fractions from the cell's top left): the middle is the
 * straight up; the line to a neighbour a split; the bottom edge of the bottom row a street (its corner with the next
 * row a six line); a corner shared by four numbers a corner. Zero's line splits with 1, 2 or 3.
 */
export function betAt(n: number, fx: number, fy: number): BoardBet {
  const column = columnOf(n);
  const row = rowOf(n);
  const left = fx < EDGE;
  const right = fx > 1 - EDGE;
  const top = fy < EDGE;
  const bottom = fy > 1 - EDGE;
  const horizontal = left ? -1 : right ? 1 : 0;
  const vertical = top ? -1 : bottom ? 1 : 0;
  const neighbourColumn = column + horizontal;
  const columnInside = neighbourColumn >= 0 && neighbourColumn <= 11;
  // The bottom edge of the bottom row: the row of three (street), or two of them (six line) at a corner.
  if (vertical === 1 && row === 2) {
    if (horizontal !== 0 && columnInside)
      return bet('sixline', [
        ...street(Math.min(column, neighbourColumn)),
        ...street(Math.max(column, neighbourColumn)),
      ]);
    return bet('street', street(column));
  }
  // Zero's line: the left edge of the first column.
  if (horizontal === -1 && column === 0) return bet('split', [0, n]);
  const neighbourRow = row + vertical;
  const h = columnInside ? horizontal : 0;
  const v = neighbourRow >= 0 && neighbourRow <= 2 ? vertical : 0;
  const across = column + h;
  if (h !== 0 && v !== 0)
    return bet('corner', [n, numberAt(across, row), numberAt(column, neighbourRow), numberAt(across, neighbourRow)]);
  if (h !== 0) return bet('split', [n, numberAt(across, row)]);
  if (v !== 0) return bet('split', [n, numberAt(column, neighbourRow)]);
  return bet('straight', [n]);
}

const street = (column: number) => [column * 3 + 1, column * 3 + 2, column * 3 + 3];
const bet = (type: RouletteBetType, numbers: number[]): BoardBet => ({
  type,
  numbers: [...numbers].sort((a, b) => a - b),
});

export const COLUMN_BETS = [0, 1, 2].map((row) =>
  bet(
    'column',
    Array.from({ length: 12 }, (_, c) => numberAt(c, row)),
  ),
);
export const DOZEN_BETS = [0, 1, 2].map((d) =>
  bet(
    'dozen',
    Array.from({ length: 12 }, (_, i) => d * 12 + i + 1),
  ),
);
export const OUTSIDE_BETS: { bet: BoardBet; label: string }[] = [
  { bet: bet('low', []), label: '1-18' },
  { bet: bet('even', []), label: 'Even' },
  { bet: bet('red', []), label: 'Red' },
  { bet: bet('black', []), label: 'Black' },
  { bet: bet('odd', []), label: 'Odd' },
  { bet: bet('high', []), label: '19-36' },
];

export const betKey = (b: BoardBet) => `${b.type}:${b.numbers.join('-')}`;

/** The chips stacked per bet, in the order each bet was first placed, with their total. */
export function stacks(chips: readonly PlacedChip[]): PlacedChip[] {
  const byKey = new Map<string, PlacedChip>();
  for (const chip of chips) {
    const key = betKey(chip);
    const stack = byKey.get(key);
    byKey.set(key, stack ? { ...stack, amount: stack.amount + chip.amount } : { ...chip, numbers: [...chip.numbers] });
  }
  return [...byKey.values()];
}

export const boardTotal = (chips: readonly PlacedChip[]) => chips.reduce((sum, chip) => sum + chip.amount, 0n);

/** The request's chips: one per bet on the board, amounts as decimal text. */
export function requestChips(
  chips: readonly PlacedChip[],
): { type: RouletteBetType; numbers: number[]; amount: string }[] {
  return stacks(chips).map((chip) => ({ type: chip.type, numbers: chip.numbers, amount: fromUnits(chip.amount) }));
}

/**
 * The board scaled to a new total (the autobet's increase on win or loss): each stack x total / current total,
 * floored, never below one unit. The stake sent is the sum of the scaled stacks.
 */
export function scaleBoard(chips: readonly PlacedChip[], total: bigint): PlacedChip[] {
  const current = boardTotal(chips);
  if (current === 0n || total === current) return stacks(chips);
  return stacks(chips).map((chip) => {
    const scaled = (chip.amount * total) / current;
    return { ...chip, amount: scaled > 0n ? scaled : 1n };
  });
}

/** A verifier link's chips: "straight:17:1;split:14-17:0.5;red::2" (type, numbers, amount). */
export function encodeChips(chips: readonly { type: string; numbers: readonly number[]; amount: string }[]): string {
  return chips.map((chip) => `${chip.type}:${chip.numbers.join('-')}:${chip.amount}`).join(';');
}

export function decodeChips(text: string): PlacedChip[] | string {
  const chips: PlacedChip[] = [];
  for (const part of text.split(';').filter((p) => p.trim() !== '')) {
    const [type = '', numbers = '', amount = ''] = part.trim().split(':');
    const units = toUnits(amount);
    if (units === null || units === 0n) return `Chip "${part}" needs an amount like 1 or 0.5`;
    const chip = {
      type: type as RouletteBetType,
      numbers: numbers === '' ? [] : numbers.split('-').map(Number),
      amount: units,
    };
    const error = rouletteChipError(chip);
    if (error) return error;
    chips.push(chip);
  }
  return chips.length > 0 ? chips : 'Add at least one chip, e.g. red::1';
}

/** Whether the pocket is one a bet covers (the board highlights the winning bets). */
export const covers = (b: BoardBet, pocket: number) => coveredPockets(b.type, b.numbers).includes(pocket);

/**
 * Where a stack sits over the inside area, in cells (x from zero's left edge, zero 1 cell wide; y from the top, 3
 * rows): the middle of a number, the line between two, the corner of four, the bottom edge for streets and lines.
 */
/**
 * The zero cell is this many number columns wide: as wide as one, a 0 straight's chip (at its centre) and a 0 split's
 * (on its edge) were half a column apart and overlapped on a narrow board.
 */
export const ZERO_COLUMN_WIDTH = 2;

/** Where column unit `x` of chipPosition (the zero 0..1, the numbers 1..13) lies across the board, in percent. */
export function boardLeftPercent(x: number): number {
  const units = x <= 1 ? x * ZERO_COLUMN_WIDTH : ZERO_COLUMN_WIDTH + (x - 1);
  return (units / (ZERO_COLUMN_WIDTH + 12)) * 100;
}

export function chipPosition(b: BoardBet): { x: number; y: number } | null {
  const centre = (n: number) => ({ x: columnOf(n) + 1.5, y: rowOf(n) + 0.5 });
  const mean = (ns: number[]) => {
    const points = ns.map(centre);
    return {
      x: points.reduce((s, p) => s + p.x, 0) / points.length,
      y: points.reduce((s, p) => s + p.y, 0) / points.length,
    };
  };
  switch (b.type) {
    case 'straight':
      return b.numbers[0] === 0 ? { x: 0.5, y: 1.5 } : centre(b.numbers[0]!);
    case 'split':
      return b.numbers[0] === 0 ? { x: 1, y: rowOf(b.numbers[1]!) + 0.5 } : mean(b.numbers);
    case 'corner':
      return mean(b.numbers);
    case 'street':
    case 'sixline':
      return { x: mean(b.numbers).x, y: 3 };
    default:
      return null;
  }
}
