/**
 * Video poker, Jacks or Better with the 9/6 full-pay table (FAIRNESS.md "Video poker"). One round, one nonce: ten
 * cards are drawn without replacement from one 52-card deck, f0..f9; the hand dealt is cards 0-4, the replacements
 * for the positions not held are cards 5, 6, ... taken left to right. Pure: the server's module, the page, the
 * autobet and the browser's verifier share it.
 */
import { DECK_SIZE, rankIndex, type Card } from '../shared/cards.js';
import { choose, compareRatio, ratio, type Ratio } from '../shared/ratio.js';

export const HAND_SIZE = 5;
/** Five dealt plus at most five replacements. */
export const VIDEO_POKER_FLOATS = 10;

/** Hand categories from best to worst; `nothing` pays 0. */
export const VP_HANDS = [
  'royalFlush',
  'straightFlush',
  'fourOfAKind',
  'fullHouse',
  'flush',
  'straight',
  'threeOfAKind',
  'twoPair',
  'jacksOrBetter',
  'nothing',
] as const;
export type VpHand = (typeof VP_HANDS)[number];

/** The 9/6 full-pay table: the return per unit staked, the stake included. */
export const VP_PAYS: Record<VpHand, number> = {
  royalFlush: 800,
  straightFlush: 50,
  fourOfAKind: 25,
  fullHouse: 9,
  flush: 6,
  straight: 4,
  threeOfAKind: 3,
  twoPair: 2,
  jacksOrBetter: 1,
  nothing: 0,
};

export const VP_HAND_NAMES: Record<VpHand, string> = {
  royalFlush: 'Royal flush',
  straightFlush: 'Straight flush',
  fourOfAKind: 'Four of a kind',
  fullHouse: 'Full house',
  flush: 'Flush',
  straight: 'Straight',
  threeOfAKind: 'Three of a kind',
  twoPair: 'Two pair',
  jacksOrBetter: 'Jacks or better',
  nothing: 'No win',
};

const JACK = 9; // rank index: 0 is a two, 9 a jack, 12 an ace
const TEN = 8;
const ACE = 12;

/** Rank masks (bit = rank index) of the ten straights, the wheel A-2-3-4-5 included. */
const STRAIGHT_MASKS: readonly number[] = [
  (1 << ACE) | 0b1111,
  ...Array.from({ length: 9 }, (_, low) => 0b11111 << low),
];
const ROYAL_MASK = 0b11111 << TEN;

/**
 * A five-card hand's category from its rank mask, its pair count and whether its five cards share a suit; the hot
 * loops of holdPaySums below and exact-rtp.ts call it with counts they keep incrementally. `pairs` is the number of
 * pairs of equal rank among the five (one pair 1, two pair 2, trips 3, full house 4, quads 6); `highPairs` counts the
 * pairs among jacks, queens, kings and aces.
 */
export function categoryOf(mask: number, pairs: number, highPairs: number, flush: boolean): VpHand {
  switch (pairs) {
    case 6:
      return 'fourOfAKind';
    case 4:
      return 'fullHouse';
    case 3:
      return 'threeOfAKind';
    case 2:
      return 'twoPair';
    case 1:
      return highPairs > 0 ? 'jacksOrBetter' : 'nothing';
  }
  const straight = STRAIGHT_MASKS.includes(mask);
  if (straight && flush) return mask === ROYAL_MASK ? 'royalFlush' : 'straightFlush';
  if (flush) return 'flush';
  return straight ? 'straight' : 'nothing';
}

/** The category of five distinct cards. */
export function handCategory(cards: readonly Card[]): VpHand {
  if (cards.length !== HAND_SIZE || new Set(cards).size !== HAND_SIZE) throw new RangeError('A hand is five cards');
  const counts = new Array<number>(13).fill(0);
  let mask = 0;
  let pairs = 0;
  let highPairs = 0;
  for (const card of cards) {
    const rank = rankIndex(card);
    pairs += counts[rank]!;
    if (rank >= JACK) highPairs += counts[rank]!;
    counts[rank]! += 1;
    mask |= 1 << rank;
  }
  const flush = cards.every((card) => card % 4 === cards[0]! % 4);
  return categoryOf(mask, pairs, highPairs, flush);
}

/**
 * The pays the hot loops (holdPaySums below, exact-rtp.ts) read instead of calling categoryOf: by rank mask for hands
 * without a pair (straight or nothing; flush, straight flush or royal when suited), by pair count otherwise.
 */
export const PAY_NO_PAIR = new Int16Array(1 << 13);
export const PAY_FLUSH = new Int16Array(1 << 13);
/** Index: pairs (1 one pair of 2s-10s, 2 two pair, 3 trips, 4 full house, 6 quads); a high pair pays PAY_HIGH_PAIR. */
export const PAY_BY_PAIRS = [0, 0, 2, 3, 9, 0, 25];
export const PAY_HIGH_PAIR = 1;
for (let mask = 0; mask < 1 << 13; mask += 1) {
  PAY_NO_PAIR[mask] = VP_PAYS[categoryOf(mask, 0, 0, false)];
  PAY_FLUSH[mask] = VP_PAYS[categoryOf(mask, 0, 0, true)];
}

/** The ten cards of a round from f0..f9: `pool = [0..51]`, card k = pool.splice(floor(fk * (52 - k)), 1). */
export function vpDeal(floats: readonly number[]): Card[] {
  if (floats.length < VIDEO_POKER_FLOATS) throw new RangeError(`Video poker reads ${VIDEO_POKER_FLOATS} floats`);
  const pool = Array.from({ length: DECK_SIZE }, (_, card) => card);
  return floats.slice(0, VIDEO_POKER_FLOATS).map((f, k) => pool.splice(Math.floor(f * (DECK_SIZE - k)), 1)[0]!);
}

/** Why a list of held positions is not one, or null: distinct positions 0-4. */
export function heldError(held: readonly number[]): string | null {
  if (held.some((p) => !Number.isInteger(p) || p < 0 || p >= HAND_SIZE)) return 'Held positions are 0 to 4';
  if (new Set(held).size !== held.length) return 'A position can be held once';
  return null;
}

/** The final hand: the held positions keep their card, the others take cards 5, 6, ... from left to right. */
export function vpDraw(deck: readonly Card[], held: readonly number[]): Card[] {
  let next = HAND_SIZE;
  return deck.slice(0, HAND_SIZE).map((card, position) => (held.includes(position) ? card : deck[next++]!));
}

/** The return of a category per unit staked, exactly. */
export function vpMultiplier(hand: VpHand): Ratio {
  return ratio(BigInt(VP_PAYS[hand]));
}

/** A round's stored state: the dealt hand while open; the held positions, the final hand and its category once drawn. */
export interface VideoPokerState {
  dealt: Card[];
  held?: number[];
  final?: Card[];
  hand?: VpHand;
}

/** The whole round replayed from its floats and the held positions (the verifier and the golden vectors). */
export function vpReplay(floats: readonly number[], held: readonly number[]): Required<VideoPokerState> {
  const error = heldError(held);
  if (error) throw new RangeError(error);
  const deck = vpDeal(floats);
  const final = vpDraw(deck, held);
  return { dealt: deck.slice(0, HAND_SIZE), held: [...held].sort((a, b) => a - b), final, hand: handCategory(final) };
}

/** The hold mask of a list of positions (bit i = position i held). */
export function heldMask(held: readonly number[]): number {
  return held.reduce((mask, position) => mask | (1 << position), 0);
}

/** The positions a hold mask (bit i = position i held) keeps, in order. */
export function positionsOf(mask: number): number[] {
  return [0, 1, 2, 3, 4].filter((position) => (mask >> position) & 1);
}

/*
 * Hold values: the exact value of each of the 32 holds of one dealt hand, by visiting every draw: hold k cards,
 * draw 5 - k of the 47 unseen, C(47, 5 - k) equally likely draws (about 2.6 million final hands over the 32 holds). The page's
 * suggested hold and the autobet use it (about 0.1-0.3 s per hand); exact-rtp.ts values every dealt hand another way
 * (inclusion-exclusion over a table of all final hands) and its tests check the two agree. Here, not in a module of
 * its own, because the page may import a game's rules.ts and nothing else of the server (eslint.config.js).
 */
/** C(47, n) for n = 0..5: the number of equally likely draws of n cards. */
export const DRAWS = [0, 1, 2, 3, 4, 5].map((n) => Number(choose(DECK_SIZE - HAND_SIZE, n)));

/**
 * For each hold mask (bit i = position i kept), the sum of the pays of every draw: its expected return is
 * `sums[mask] / DRAWS[5 - held]`. The counts are kept incrementally as cards go in and out (no allocation in the
 * loop), and the last card of each draw is scored inline: that level holds nearly all of the 2.6 million visits.
 */
export function holdPaySums(dealt: readonly Card[]): number[] {
  const unseen = Int8Array.from(Array.from({ length: DECK_SIZE }, (_, c) => c).filter((c) => !dealt.includes(c)));
  const counts = new Int8Array(13);
  const suits = new Int8Array(4);
  let mask = 0;
  let pairs = 0;
  let highPairs = 0;
  let total = 0;

  const add = (card: Card) => {
    const rank = card >> 2;
    const c = counts[rank]!;
    pairs += c;
    if (rank >= JACK) highPairs += c;
    counts[rank] = c + 1;
    if (c === 0) mask |= 1 << rank;
    suits[card & 3]! += 1;
  };
  const remove = (card: Card) => {
    const rank = card >> 2;
    const c = counts[rank]! - 1;
    counts[rank] = c;
    pairs -= c;
    if (rank >= JACK) highPairs -= c;
    if (c === 0) mask &= ~(1 << rank);
    suits[card & 3]! -= 1;
  };
  /** Every last card from `start`, with the other four in the counts. */
  const last = (start: number) => {
    for (let i = start; i < unseen.length; i += 1) {
      const card = unseen[i]!;
      const rank = card >> 2;
      const c = counts[rank]!;
      if (pairs + c === 0) {
        const ranks = mask | (1 << rank);
        total += suits[card & 3] === 4 ? PAY_FLUSH[ranks]! : PAY_NO_PAIR[ranks]!;
      } else if (pairs + c === 1) {
        if (highPairs > 0 || (rank >= JACK && c > 0)) total += PAY_HIGH_PAIR;
      } else total += PAY_BY_PAIRS[pairs + c]!;
    }
  };
  const visit = (start: number, need: number) => {
    if (need === 1) return last(start);
    for (let i = start; i <= unseen.length - need; i += 1) {
      add(unseen[i]!);
      visit(i + 1, need - 1);
      remove(unseen[i]!);
    }
  };
  /** A hold of all five: its own pay. */
  const own = () => {
    if (pairs === 0) return suits.includes(5) ? PAY_FLUSH[mask]! : PAY_NO_PAIR[mask]!;
    if (pairs === 1) return highPairs > 0 ? PAY_HIGH_PAIR : 0;
    return PAY_BY_PAIRS[pairs]!;
  };

  const sums: number[] = [];
  for (let hold = 0; hold < 32; hold += 1) {
    const kept = positionsOf(hold).map((p) => dealt[p]!);
    kept.forEach(add);
    total = 0;
    if (kept.length === HAND_SIZE) total = own();
    else visit(0, HAND_SIZE - kept.length);
    sums.push(total);
    kept.forEach(remove);
  }
  return sums;
}

/** The expected return of each hold, exactly. */
export function holdValues(dealt: readonly Card[]): Ratio[] {
  return holdPaySums(dealt).map((sum, hold) =>
    ratio(BigInt(sum), BigInt(DRAWS[HAND_SIZE - positionsOf(hold).length]!)),
  );
}

/**
 * The optimal hold: the highest expected return; among equal ones the lowest mask (the same rule as exact-rtp.ts, so
 * the simulation, the autobet and the suggested hold agree).
 */
export function bestHoldOf(values: readonly Ratio[]): number {
  let best = 0;
  for (let hold = 1; hold < values.length; hold += 1) if (compareRatio(values[hold]!, values[best]!) > 0) best = hold;
  return best;
}

/** The optimal hold of a dealt hand as positions, with its expected return. */
export function optimalHold(dealt: readonly Card[]): { held: number[]; value: Ratio } {
  const values = holdValues(dealt);
  const best = bestHoldOf(values);
  return { held: positionsOf(best), value: values[best]! };
}
