/**
 * European roulette (FAIRNESS.md "Roulette"): one float draws the pocket, a list of chips is settled on it. Pure, no
 * packages: the server's module, the browser's verifier and the table's hit zones all use these functions.
 */
import { addRatio, mulRatio, ratio, type Ratio } from '../shared/ratio.js';

export const ROULETTE_POCKETS = 37;
/** A winning chip returns 36/k times its amount, k = the pockets it covers: every bet returns 36/37. */
export const ROULETTE_RETURN = 36;
export const ROULETTE_MAX_CHIPS = 200;
export const ROULETTE_RED: readonly number[] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
/** The pockets round a European wheel, clockwise from zero. */
export const ROULETTE_WHEEL: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
];

/** Inside bets name their pockets; column and dozen name their twelve; the even-money bets name none. */
export const ROULETTE_BET_TYPES = [
  'straight',
  'split',
  'street',
  'corner',
  'sixline',
  'column',
  'dozen',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;
export type RouletteBetType = (typeof ROULETTE_BET_TYPES)[number];
export const ROULETTE_OUTSIDE_TYPES = ['red', 'black', 'odd', 'even', 'low', 'high'] as const;
type OutsideType = (typeof ROULETTE_OUTSIDE_TYPES)[number];

export interface RouletteChip {
  type: RouletteBetType;
  numbers: number[];
  /** 1e-8 units. */
  amount: bigint;
}
export interface RouletteParams {
  chips: RouletteChip[];
}
export interface RouletteChipResult extends RouletteChip {
  payout: bigint;
}

export type PocketColour = 'green' | 'red' | 'black';
export function pocketColour(pocket: number): PocketColour {
  return pocket === 0 ? 'green' : ROULETTE_RED.includes(pocket) ? 'red' : 'black';
}

const range = (from: number, count: number, step = 1) => Array.from({ length: count }, (_, i) => from + i * step);
/** Row r (0-11) of the layout: r*3+1, r*3+2, r*3+3. */
const row = (r: number) => range(r * 3 + 1, 3);

const OUTSIDE: Record<OutsideType, (n: number) => boolean> = {
  red: (n) => ROULETTE_RED.includes(n),
  black: (n) => n > 0 && !ROULETTE_RED.includes(n),
  odd: (n) => n % 2 === 1,
  even: (n) => n > 0 && n % 2 === 0,
  low: (n) => n >= 1 && n <= 18,
  high: (n) => n >= 19,
};
const isOutside = (type: RouletteBetType): type is OutsideType =>
  (ROULETTE_OUTSIDE_TYPES as readonly string[]).includes(type);

/**
 * Every bet of a type on the layout, each as its pockets in ascending order: the only `numbers` a chip of that type
 * may name (the even-money bets: one bet, named by no numbers).
 */
export function rouletteBetsOfType(type: RouletteBetType): number[][] {
  switch (type) {
    case 'straight':
      return range(0, 37).map((n) => [n]);
    case 'split': {
      const splits = [
        [0, 1],
        [0, 2],
        [0, 3],
      ];
      for (let n = 1; n <= 36; n += 1) {
        if (n % 3 !== 0) splits.push([n, n + 1]);
        if (n <= 33) splits.push([n, n + 3]);
      }
      return splits;
    }
    case 'street':
      return range(0, 12).map(row);
    case 'corner':
      return range(1, 32)
        .filter((n) => n % 3 !== 0)
        .map((n) => [n, n + 1, n + 3, n + 4]);
    case 'sixline':
      return range(0, 11).map((r) => [...row(r), ...row(r + 1)]);
    case 'column':
      return range(1, 3).map((c) => range(c, 12, 3));
    case 'dozen':
      return range(0, 3).map((d) => range(d * 12 + 1, 12));
    default:
      return [[]];
  }
}

const sorted = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b);
const BET_KEYS: Record<RouletteBetType, Set<string>> = Object.fromEntries(
  ROULETTE_BET_TYPES.map((type) => [type, new Set(rouletteBetsOfType(type).map((numbers) => numbers.join(',')))]),
) as Record<RouletteBetType, Set<string>>;

const SHAPES: Record<Exclude<RouletteBetType, OutsideType>, string> = {
  straight: 'one number from 0 to 36',
  split: 'two adjacent numbers (0 with 1, 2 or 3)',
  street: 'a row of three (1-2-3 ... 34-35-36)',
  corner: 'four numbers in a square',
  sixline: 'two adjacent rows (six numbers)',
  column: 'the twelve numbers of a column',
  dozen: 'the twelve numbers of a dozen',
};

/** The pockets a chip covers; empty when its numbers are not a bet of its type. */
export function coveredPockets(type: RouletteBetType, numbers: readonly number[]): number[] {
  if (isOutside(type)) return numbers.length === 0 ? range(1, 36).filter(OUTSIDE[type]) : [];
  const key = sorted(numbers).join(',');
  return BET_KEYS[type]?.has(key) ? sorted(numbers) : [];
}

/** Why a chip is not a bet on the European layout, or null. */
export function rouletteChipError(chip: Pick<RouletteChip, 'type' | 'numbers'>): string | null {
  if (!(ROULETTE_BET_TYPES as readonly string[]).includes(chip.type))
    return `chip type must be one of ${ROULETTE_BET_TYPES.join(', ')}`;
  if (!Array.isArray(chip.numbers) || chip.numbers.some((n) => !Number.isInteger(n)))
    return 'chip numbers must be whole numbers';
  if (isOutside(chip.type)) return chip.numbers.length === 0 ? null : `a ${chip.type} chip names no numbers`;
  if (coveredPockets(chip.type, chip.numbers).length === 0) {
    return `a ${chip.type} chip covers ${SHAPES[chip.type]}, not ${chip.numbers.join('-') || 'nothing'}`;
  }
  return null;
}

export function rouletteParamsError(params: RouletteParams): string | null {
  const { chips } = params;
  if (!Array.isArray(chips) || chips.length === 0) return 'place at least one chip';
  if (chips.length > ROULETTE_MAX_CHIPS) return `place at most ${ROULETTE_MAX_CHIPS} chips`;
  for (const chip of chips) {
    const error = rouletteChipError(chip);
    if (error) return error;
    if (chip.amount <= 0n) return 'every chip needs an amount greater than zero';
  }
  return null;
}

/** FAIRNESS.md: pocket = floor(f0 * 37). */
export function roulettePocket(floats: readonly number[]): number {
  return Math.floor(floats[0]! * ROULETTE_POCKETS);
}

/** What a chip returns on a pocket as a multiple of its amount: 36/k when it covers the pocket, else 0 (exact). */
export function chipMultiplier(chip: Pick<RouletteChip, 'type' | 'numbers'>, pocket: number): Ratio {
  const covered = coveredPockets(chip.type, chip.numbers);
  return covered.includes(pocket) ? ratio(BigInt(ROULETTE_RETURN), BigInt(covered.length)) : ratio(0n);
}

/** The payout of the chips on a pocket: floor of the exact sum of amount x 36/k over the winning chips. */
function payoutOn(chips: readonly RouletteChip[], pocket: number): { results: RouletteChipResult[]; payout: bigint } {
  let exact = ratio(0n);
  const results = chips.map((chip) => {
    const m = chipMultiplier(chip, pocket);
    const won = ratio(chip.amount * m.num, m.den);
    exact = addRatio(exact, won);
    return { ...chip, numbers: sorted(chip.numbers), payout: won.num / won.den };
  });
  return { results, payout: exact.num / exact.den };
}

export function rouletteSpin(
  floats: readonly number[],
  params: RouletteParams,
): { pocket: number; chips: RouletteChipResult[]; payout: bigint } {
  const pocket = roulettePocket(floats);
  const { results, payout } = payoutOn(params.chips, pocket);
  return { pocket, chips: results, payout };
}

export const rouletteStake = (chips: readonly RouletteChip[]) => chips.reduce((sum, chip) => sum + chip.amount, 0n);

/** The bet's multiplier on its total stake (exact). */
export function rouletteMultiplier(payout: bigint, stake: bigint): Ratio {
  return ratio(payout, stake);
}

/** The most any pocket pays these chips: the MAX_PROFIT check. */
export function rouletteMaxPayout(chips: readonly RouletteChip[]): bigint {
  let best = 0n;
  for (let pocket = 0; pocket < ROULETTE_POCKETS; pocket += 1) {
    const { payout } = payoutOn(chips, pocket);
    if (payout > best) best = payout;
  }
  return best;
}

/** Exact return to player of one chip: the sum over the 37 equally likely pockets of what it returns. */
export function rouletteChipRtp(chip: Pick<RouletteChip, 'type' | 'numbers'>): Ratio {
  const each = ratio(1n, BigInt(ROULETTE_POCKETS));
  return range(0, ROULETTE_POCKETS).reduce(
    (sum, pocket) => addRatio(sum, mulRatio(each, chipMultiplier(chip, pocket))),
    ratio(0n),
  );
}
