/**
 * The money wheel (FAIRNESS.md "Round games", docs/fairness.md "Money wheel"): 54 published segments, numbers that pay
 * value:1 and two multiplier segments that spin the wheel again and multiply the next number's win. Pure (no node:
 * imports): the server's module, the browser's verifier and the page's wheel all use these functions.
 */
import { floatsFromDigest, FLOATS_PER_ROUND } from '../shared/floats.js';
import { addRatio, compareRatio, mulRatio, ratio, type Ratio } from '../shared/ratio.js';

/** The values players bet on; a number segment of value v pays v:1 (the stake back plus v times it). */
export const WHEEL_VALUES = [1, 2, 4, 10, 42] as const;
export type WheelValue = (typeof WHEEL_VALUES)[number];
/** The multiplier segments' factors. */
export const WHEEL_MULTIPLIERS = [2, 7] as const;
export type WheelMultiplier = (typeof WHEEL_MULTIPLIERS)[number];

export type WheelSegment = { kind: 'number'; value: WheelValue } | { kind: 'multiplier'; factor: WheelMultiplier };

/**
 * The wheel clockwise from segment 0 (the published table): 23 x 1, 15 x 2, 9 x 4, 4 x 10, 1 x 42, one 2x and one 7x.
 * Each value is spread evenly round the rim; only segment 53 and segment 0 (both 1) touch.
 */
const LAYOUT_TEXT =
  '1 2 4 1 2 1 10 1 2 4 1 2 1 4 1 2 42 1 10 2 1 4 1 2 1 2x 1 2 4 1 2 1 7x 4 1 2 1 10 2 1 4 1 2 1 2 4 1 10 1 2 1 4 2 1';

export const WHEEL_LAYOUT: readonly WheelSegment[] = LAYOUT_TEXT.split(' ').map((text) =>
  text.endsWith('x')
    ? { kind: 'multiplier', factor: Number(text.slice(0, -1)) as WheelMultiplier }
    : { kind: 'number', value: Number(text) as WheelValue },
);
export const WHEEL_SEGMENTS = WHEEL_LAYOUT.length;
/** Spin k reads float k of H; H has 8, so a round has at most 8 spins (FAIRNESS.md: no spin past them). */
export const WHEEL_MAX_SPINS = FLOATS_PER_ROUND;

/** How long the wheel turns: the first spin, then each re-spin after a multiplier (ms); the round runs their sum. */
export const WHEEL_FIRST_SPIN_MS = 6_000;
export const WHEEL_RESPIN_MS = 4_000;

export const segmentLabel = (segment: WheelSegment) =>
  segment.kind === 'number' ? String(segment.value) : `${segment.factor}x`;

/** A round's outcome: the segments landed on in order, the number they ended on (null: 8 multipliers) and the factor. */
export interface WheelResult {
  spins: number[];
  value: WheelValue | null;
  /** The product of the multipliers landed on before the number (1 without any). */
  multiplier: number;
}

/** segment = floor(f * 54) for each float of H in order, stopping at the first number segment (at most 8 spins). */
export function wheelResult(roundValueHex: string): WheelResult {
  if (!/^[0-9a-f]{64}$/.test(roundValueHex)) throw new RangeError('round value must be 64 lowercase hex digits');
  const bytes = Uint8Array.from(roundValueHex.match(/../g)!.map((pair) => parseInt(pair, 16)));
  return wheelSpins(floatsFromDigest(bytes));
}

/** The spins read from H's floats in order (float k decides spin k). */
export function wheelSpins(floats: readonly number[]): WheelResult {
  const spins: number[] = [];
  let multiplier = 1;
  for (const f of floats.slice(0, WHEEL_MAX_SPINS)) {
    const index = Math.floor(f * WHEEL_SEGMENTS);
    spins.push(index);
    const segment = WHEEL_LAYOUT[index]!;
    if (segment.kind === 'number') return { spins, value: segment.value, multiplier };
    multiplier *= segment.factor;
  }
  // Eight multipliers in a row (about 1 round in 2.8e11): no number was drawn, so no bet wins.
  return { spins, value: null, multiplier };
}

/** How long a round with these spins runs once betting closed (ms). */
export const wheelRunningMs = (result: Pick<WheelResult, 'spins'>) =>
  WHEEL_FIRST_SPIN_MS + WHEEL_RESPIN_MS * (result.spins.length - 1);

/** The round's start to the end of each spin (ms): the page shows spin k until its end, then the next. */
export function spinEnds(spinCount: number): number[] {
  return Array.from({ length: spinCount }, (_, k) => WHEEL_FIRST_SPIN_MS + WHEEL_RESPIN_MS * k);
}

export interface WheelChip {
  value: WheelValue;
  /** 1e-8 units. */
  amount: bigint;
}

export const isWheelValue = (value: unknown): value is WheelValue =>
  (WHEEL_VALUES as readonly unknown[]).includes(value);

export function wheelChipsError(chips: readonly { value: unknown; amount: bigint }[]): string | null {
  if (!Array.isArray(chips) || chips.length === 0) return 'place at least one chip';
  const seen = new Set<unknown>();
  for (const chip of chips) {
    if (!isWheelValue(chip.value)) return `a chip goes on one of the values ${WHEEL_VALUES.join(', ')}`;
    if (seen.has(chip.value)) return `one chip per value: ${chip.value} is named twice`;
    seen.add(chip.value);
    if (chip.amount <= 0n) return 'every chip needs an amount greater than zero';
  }
  return null;
}

export const wheelStake = (chips: readonly WheelChip[]) => chips.reduce((sum, chip) => sum + chip.amount, 0n);

/** What a chip returns as a multiple of its amount: 1 + value x multiplier on its number, else 0 (exact). */
export function chipReturn(value: WheelValue, result: Pick<WheelResult, 'value' | 'multiplier'>): Ratio {
  return result.value === value ? ratio(1n + BigInt(value) * BigInt(result.multiplier)) : ratio(0n);
}

/**
 * The bet's multiplier of its total stake: the chips' exact returns over the stake, at most `capAt` (the profit
 * limit's multiplier: a bet never wins more than the limit).
 */
export function wheelMultiplier(
  chips: readonly WheelChip[],
  result: Pick<WheelResult, 'value' | 'multiplier'>,
  capAt: Ratio,
): Ratio {
  const stake = wheelStake(chips);
  const returned = chips.reduce((sum, chip) => sum + chip.amount * chipReturn(chip.value, result).num, 0n);
  const multiplier = ratio(returned, stake);
  return compareRatio(multiplier, capAt) <= 0 ? multiplier : capAt;
}

const countOf = (predicate: (segment: WheelSegment) => boolean) => BigInt(WHEEL_LAYOUT.filter(predicate).length);

/**
 * A bet on `value`'s exact return to player: spin k (k = 0..7) lands on the value after k multipliers with probability
 * q^k p; its return is 1 + value x (the k factors' product), whose expectation over those k spins is a^k / q^k, where
 * p = P(value), q = P(any multiplier), a = sum of P(m) x m. So RTP = p x sum_{k<8} q^k + value x p x sum_{k<8} a^k.
 * An eighth multiplier pays nothing (no number drawn).
 */
export function wheelExactRtp(value: WheelValue): Ratio {
  const n = BigInt(WHEEL_SEGMENTS);
  const p = ratio(
    countOf((s) => s.kind === 'number' && s.value === value),
    n,
  );
  const q = ratio(
    countOf((s) => s.kind === 'multiplier'),
    n,
  );
  const a = WHEEL_LAYOUT.reduce(
    (sum, s) => (s.kind === 'multiplier' ? addRatio(sum, ratio(BigInt(s.factor), n)) : sum),
    ratio(0n),
  );
  const series = (r: Ratio) => {
    let sum = ratio(0n);
    let power = ratio(1n);
    for (let k = 0; k < WHEEL_MAX_SPINS; k += 1) {
      sum = addRatio(sum, power);
      power = mulRatio(power, r);
    }
    return sum;
  };
  return addRatio(mulRatio(p, series(q)), mulRatio(mulRatio(ratio(BigInt(value)), p), series(a)));
}

/** Segments per label, as the published table lists them. */
export function wheelSegmentCounts(): { label: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const segment of WHEEL_LAYOUT) counts.set(segmentLabel(segment), (counts.get(segmentLabel(segment)) ?? 0) + 1);
  return [...counts].map(([label, count]) => ({ label, count }));
}
