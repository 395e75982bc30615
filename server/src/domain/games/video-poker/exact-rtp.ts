/**
 * Video poker's exact return to player under optimal holds, for every one of the C(52, 5) = 2,598,960 dealt hands and
 * each of their 32 holds (print-rtp.ts prints it; docs/fairness.md publishes it; exact-rtp.unit.test.ts recomputes it).
 *
 * Why it is exact and fast without drawing 2.6 million x 32 hands one by one:
 * - First every final hand is evaluated once, and its pay is added to T(S) for each of its 31 proper card subsets S
 *   (and to T(hand) for itself): T(S) is the sum of the pays of all final hands containing S.
 * - Holding H of a dealt hand h discards X = h \ H; the draws are the final hands containing H and none of X (the
 *   discards are out of the deck). By inclusion-exclusion their pay sum is the sum over D of X of
 *   (-1)^|D| T(H u D): a Mobius transform over the supersets of H inside h, 5 x 16 subtractions for all 32 holds.
 * - The expected return of H is that sum over C(47, 5 - |H|) draws. Scaled to the common denominator
 *   L = lcm(C(47, 0..5)) = 7,669,695 every value is an integer below 2^53, so the best hold's value is added exactly.
 * Subsets are stored per size in colex order (index = sum C(c_j, j) over the sorted cards), so T is five flat arrays.
 */
import { DECK_SIZE, type Card } from '../shared/cards.js';
import { choose, ratio, type Ratio } from '../shared/ratio.js';
import { DRAWS, HAND_SIZE, PAY_BY_PAIRS, PAY_FLUSH, PAY_HIGH_PAIR, PAY_NO_PAIR } from './rules.js';

/** lcm of C(47, n), n = 0..5: C(47, 5) = 3 11 23 43 47 and C(47, 4) = 3 5 11 23 47 cover the others. */
export const COMMON_DRAWS = 7_669_695;
const SCALE = DRAWS.map((draws) => COMMON_DRAWS / draws);
const HANDS = Number(choose(DECK_SIZE, HAND_SIZE));
const JACK = 9;

/** B[n * 6 + k] = C(n, k), n = 0..52, k = 0..5. */
const B = new Float64Array(53 * 6);
for (let n = 0; n <= 52; n += 1) for (let k = 0; k <= 5; k += 1) B[n * 6 + k] = Number(choose(n, k));
const BITS = Array.from({ length: 32 }, (_, m) => [0, 1, 2, 3, 4].filter((i) => (m >> i) & 1));
const SIZE = BITS.map((bits) => bits.length);

const COUNTS = new Int8Array(13);

/** Pay of five distinct cards (per unit staked), from the lookup tables of rules.ts. */
function payOf(cards: readonly Card[]): number {
  COUNTS.fill(0);
  let mask = 0;
  let pairs = 0;
  let highPairs = 0;
  for (let i = 0; i < HAND_SIZE; i += 1) {
    const rank = cards[i]! >> 2;
    const c = COUNTS[rank]!;
    pairs += c;
    if (rank >= JACK) highPairs += c;
    COUNTS[rank] = c + 1;
    mask |= 1 << rank;
  }
  if (pairs === 1) return highPairs > 0 ? PAY_HIGH_PAIR : 0;
  if (pairs > 1) return PAY_BY_PAIRS[pairs]!;
  const suit = cards[0]! & 3;
  const flush =
    (cards[1]! & 3) === suit && (cards[2]! & 3) === suit && (cards[3]! & 3) === suit && (cards[4]! & 3) === suit;
  return flush ? PAY_FLUSH[mask]! : PAY_NO_PAIR[mask]!;
}

/** Each mask's highest bit, and the mask without it. */
const TOP = BITS.map((bits) => bits[bits.length - 1] ?? -1);

/**
 * The colex index of each subset (by mask) of five sorted cards, within its size: a subset's index is its subset
 * without its highest card, plus C(that card, size).
 */
function subsetIndices(cards: readonly Card[], out: Float64Array): void {
  out[0] = 0;
  for (let m = 1; m < 32; m += 1) {
    const top = TOP[m]!;
    out[m] = out[m ^ (1 << top)]! + B[cards[top]! * 6 + SIZE[m]!]!;
  }
}

/** Calls `visit` with every five-card hand, sorted ascending (one array, reused). */
function eachHand(visit: (cards: Card[]) => void): void {
  const cards = [0, 0, 0, 0, 0];
  for (let a = 0; a < DECK_SIZE; a += 1)
    for (let b = a + 1; b < DECK_SIZE; b += 1)
      for (let c = b + 1; c < DECK_SIZE; c += 1)
        for (let d = c + 1; d < DECK_SIZE; d += 1)
          for (let e = d + 1; e < DECK_SIZE; e += 1) {
            cards[0] = a;
            cards[1] = b;
            cards[2] = c;
            cards[3] = d;
            cards[4] = e;
            visit(cards);
          }
}

/** T(S) per subset size 0..4 (size 5 is the hand's own pay): the pay sums of the final hands containing S. */
export interface SubsetTable {
  sums: Float64Array[];
}

export function buildSubsetTable(): SubsetTable {
  const sums = [0, 1, 2, 3, 4].map((k) => new Float64Array(B[DECK_SIZE * 6 + k]!));
  const index = new Float64Array(32);
  eachHand((cards) => {
    const pay = payOf(cards);
    if (pay === 0) return;
    subsetIndices(cards, index);
    for (let m = 0; m < 31; m += 1) sums[SIZE[m]!]![index[m]!]! += pay;
  });
  return { sums };
}

/**
 * Every hold's value of five sorted cards, scaled by COMMON_DRAWS (value x COMMON_DRAWS, an integer), into `out`;
 * answers the best hold's mask (lowest mask on ties, as rules.ts's bestHoldOf).
 */
const INDEX = new Float64Array(32);

export function scaledHoldValues(table: SubsetTable, cards: readonly Card[], out: Float64Array): number {
  const index = INDEX;
  subsetIndices(cards, index);
  for (let m = 0; m < 31; m += 1) out[m] = table.sums[SIZE[m]!]![index[m]!]!;
  out[31] = payOf(cards);
  for (let i = 0; i < 5; i += 1) {
    const bit = 1 << i;
    for (let m = 0; m < 32; m += 1) if (!(m & bit)) out[m]! -= out[m | bit]!;
  }
  let best = 0;
  for (let m = 0; m < 32; m += 1) {
    out[m]! *= SCALE[HAND_SIZE - SIZE[m]!]!;
    if (out[m]! > out[best]!) best = m;
  }
  return best;
}

/** The optimal hold of a dealt hand in any order, as its positions (the simulation's strategy). */
export function tableOptimalHold(table: SubsetTable, dealt: readonly Card[]): number[] {
  const order = [0, 1, 2, 3, 4].sort((a, b) => dealt[a]! - dealt[b]!);
  const best = scaledHoldValues(
    table,
    order.map((p) => dealt[p]!),
    new Float64Array(32),
  );
  return BITS[best]!.map((i) => order[i]!).sort((a, b) => a - b);
}

export interface VideoPokerRtp {
  /** The exact return under optimal holds, per unit staked. */
  rtp: Ratio;
  /** How many of the 2,598,960 dealt hands hold 0, 1, ..., 5 cards under the optimal strategy. */
  heldCards: number[];
}

/** Values every dealt hand's 32 holds and adds up the best: a few seconds. */
export function videoPokerExactRtp(table: SubsetTable = buildSubsetTable()): VideoPokerRtp {
  const values = new Float64Array(32);
  const heldCards = [0, 0, 0, 0, 0, 0];
  let total = 0;
  eachHand((cards) => {
    const best = scaledHoldValues(table, cards, values);
    total += values[best]!;
    heldCards[SIZE[best]!]! += 1;
  });
  if (!Number.isSafeInteger(total)) throw new RangeError('The scaled total left the exact range of doubles');
  return { rtp: ratio(BigInt(total), BigInt(COMMON_DRAWS) * BigInt(HANDS)), heldCards };
}
