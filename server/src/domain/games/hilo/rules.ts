/**
 * Hilo (FAIRNESS.md "Hilo"): f0 draws the start card, every guess or skip draws the next card from the next float.
 * Ace is low (rank 1), king high (13). A correct guess multiplies the round's multiplier by 0.99 / p, kept exact.
 * Pure: the server's module, the page and the browser's verifier share it.
 */
import { cardFromFloat, MAX_CARDS_PER_ROUND, rankIndex, type Card } from '../shared/cards.js';
import { formatRatio, mulRatio, ratio, type Ratio } from '../shared/ratio.js';

export const HILO_GUESSES = ['higherOrSame', 'lowerOrSame', 'higher', 'lower', 'same'] as const;
export type HiloGuess = (typeof HILO_GUESSES)[number];
export const HILO_ACTIONS = [...HILO_GUESSES, 'skip'] as const;
export type HiloAction = (typeof HILO_ACTIONS)[number];

/** One card of the round: the start card has no guess; every later card says what was played to draw it. */
export interface HiloCard {
  card: Card;
  guess?: HiloAction;
  /** The running multiplier once this card was drawn (4 decimals, floored; "0.0000" on a lost guess). */
  multiplier: string;
}
export interface HiloState {
  cards: HiloCard[];
  /** The running multiplier (4 decimals, floored); the exact one is `hiloMultiplier(cards)`. */
  multiplier: string;
}

const RANKS = 13;
const ACE = 1;
const KING = 13;
/** 0.99 x 13: a guess winning on k of the 13 ranks pays 1287 / (100 k). */
const EDGE_NUM = 99n * BigInt(RANKS);

/** Ace 1, 2..10, jack 11, queen 12, king 13 (the deck order puts the ace last). */
export function hiloRank(card: Card): number {
  const index = rankIndex(card);
  return index === 12 ? ACE : index + 2;
}

/** The two guesses offered on a card: on an ace higher/same, on a king lower/same, otherwise higherOrSame/lowerOrSame. */
export function hiloChoices(card: Card): readonly [HiloGuess, HiloGuess] {
  const rank = hiloRank(card);
  if (rank === ACE) return ['higher', 'same'];
  if (rank === KING) return ['lower', 'same'];
  return ['higherOrSame', 'lowerOrSame'];
}

/** How many of the 13 next ranks make `guess` on a card of `rank` correct. */
export function winningRanks(rank: number, guess: HiloGuess): number {
  switch (guess) {
    case 'higherOrSame':
      return RANKS + 1 - rank;
    case 'lowerOrSame':
      return rank;
    case 'higher':
      return RANKS - rank;
    case 'lower':
      return rank - 1;
    case 'same':
      return 1;
  }
}

export function guessWins(rank: number, guess: HiloGuess, next: number): boolean {
  switch (guess) {
    case 'higherOrSame':
      return next >= rank;
    case 'lowerOrSame':
      return next <= rank;
    case 'higher':
      return next > rank;
    case 'lower':
      return next < rank;
    case 'same':
      return next === rank;
  }
}

/** The chance of a guess, exactly (k / 13). */
export function guessChance(card: Card, guess: HiloGuess): Ratio {
  return ratio(BigInt(winningRanks(hiloRank(card), guess)), BigInt(RANKS));
}

/** What a correct guess multiplies the round by: 0.99 / p = 0.99 x 13 / k. */
export function guessMultiplier(card: Card, guess: HiloGuess): Ratio {
  return ratio(EDGE_NUM, 100n * BigInt(winningRanks(hiloRank(card), guess)));
}

/** The exact running multiplier: the product over the correct guesses (a skip leaves it; 1 before any guess). */
export function hiloMultiplier(cards: readonly HiloCard[]): Ratio {
  let product = ratio(1n);
  for (let i = 1; i < cards.length; i += 1) {
    const guess = cards[i]!.guess;
    if (guess && guess !== 'skip') product = mulRatio(product, guessMultiplier(cards[i - 1]!.card, guess));
  }
  return product;
}

export function correctGuesses(cards: readonly HiloCard[]): number {
  return cards.filter((entry) => entry.guess !== undefined && entry.guess !== 'skip').length;
}

/** The round as it starts: the card f0 draws, multiplier 1. */
export function hiloStart(f0: number): HiloState {
  return { cards: [{ card: cardFromFloat(f0), multiplier: '1.0000' }], multiplier: '1.0000' };
}

/** Why `action` may not be played on this round now, or null. */
export function hiloActionError(state: HiloState, action: HiloAction): string | null {
  const current = state.cards[state.cards.length - 1]!.card;
  if (state.cards.length >= MAX_CARDS_PER_ROUND) return 'The round has drawn its 52 cards: cash out';
  if (action === 'skip') {
    // The last card of a round with no correct guess could be neither guessed on nor cashed out.
    return state.cards.length === MAX_CARDS_PER_ROUND - 1 && correctGuesses(state.cards) === 0
      ? 'Guess on the last card: a skip would end the round with nothing to cash out'
      : null;
  }
  return hiloChoices(current).includes(action)
    ? null
    : `On this card you may guess ${hiloChoices(current).join(' or ')}, or skip`;
}

/**
 * One guess or skip with the next card drawn from `f` (the float numbered by the cards drawn so far). The caller checks
 * `hiloActionError` first. `lost` ends the round; otherwise it stays open unless `hiloFull` (then it is cashed out).
 */
export function hiloStep(state: HiloState, action: HiloAction, f: number): { state: HiloState; lost: boolean } {
  const current = state.cards[state.cards.length - 1]!.card;
  const card = cardFromFloat(f);
  if (action !== 'skip' && !guessWins(hiloRank(current), action, hiloRank(card))) {
    return {
      state: { cards: [...state.cards, { card, guess: action, multiplier: '0.0000' }], multiplier: '0.0000' },
      lost: true,
    };
  }
  const cards = [...state.cards, { card, guess: action, multiplier: '' }];
  const multiplier = formatRatio(hiloMultiplier(cards), 4);
  cards[cards.length - 1] = { card, guess: action, multiplier };
  return { state: { cards, multiplier }, lost: false };
}

/** The round has drawn its 52 cards: it ends, paying what it has won (a skip cannot reach this without a correct guess). */
export function hiloFull(state: HiloState): boolean {
  return state.cards.length >= MAX_CARDS_PER_ROUND;
}

/** Whether the round may be cashed out: at least one correct guess. */
export function hiloCanCashOut(state: HiloState): boolean {
  return correctGuesses(state.cards) > 0;
}

export type HiloEnd = 'open' | 'lost' | 'cashout';

/**
 * A whole round replayed from its floats and the actions played (the verifier and the golden vectors): 'cashout' as
 * the last action cashes out. Stops at the first action that is not allowed (the `error`).
 */
export function hiloReplay(
  floats: readonly number[],
  actions: readonly (HiloAction | 'cashout')[],
): { state: HiloState; end: HiloEnd; multiplier: Ratio; error?: string } {
  let state = hiloStart(floats[0]!);
  for (const action of actions) {
    if (action === 'cashout') {
      if (!hiloCanCashOut(state))
        return { state, end: 'open', multiplier: ratio(0n), error: 'Cash out needs a correct guess first' };
      return { state, end: 'cashout', multiplier: hiloMultiplier(state.cards) };
    }
    const error = hiloActionError(state, action);
    if (error) return { state, end: 'open', multiplier: ratio(0n), error };
    const step = hiloStep(state, action, floats[state.cards.length]!);
    state = step.state;
    if (step.lost) return { state, end: 'lost', multiplier: ratio(0n) };
    if (hiloFull(state)) return { state, end: 'cashout', multiplier: hiloMultiplier(state.cards) };
  }
  return { state, end: 'open', multiplier: hiloMultiplier(state.cards) };
}

/** The likelier of the two guesses on a card (ties go to the first), the simulation's and autoplay's choice. */
export function likelierGuess(card: Card): HiloGuess {
  const [a, b] = hiloChoices(card);
  const rank = hiloRank(card);
  return winningRanks(rank, a) >= winningRanks(rank, b) ? a : b;
}
