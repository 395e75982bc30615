/**
 * The cards of FAIRNESS.md "Cards", shared by every card game (blackjack, hilo, baccarat). A card is the integer
 * 0-51 the API sends: its index into the deck order rank-major 2..A, suits diamonds, hearts, spades, clubs, drawn
 * from an unlimited deck. Pure (no node: imports), so the pages and the browser verifier read cards the same way.
 */

export type Card = number;

export const DECK_SIZE = 52;
/** At most this many card floats in one round (FAIRNESS.md). */
export const MAX_CARDS_PER_ROUND = 52;

export const SUITS = ['diamonds', 'hearts', 'spades', 'clubs'] as const;
export type Suit = (typeof SUITS)[number];
const SUIT_SYMBOLS: Record<Suit, string> = { diamonds: '♦', hearts: '♥', spades: '♠', clubs: '♣' };
/** Rank names in deck order: rank index 0 is a two, 12 an ace. */
export const RANK_NAMES = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export type RankName = (typeof RANK_NAMES)[number];

/** The card a float draws: `Math.floor(f * 52)`. */
export function cardFromFloat(f: number): Card {
  return Math.floor(f * DECK_SIZE);
}

/** 0 (two) .. 12 (ace), in deck order. */
export function rankIndex(card: Card): number {
  return Math.floor(card / SUITS.length);
}

export function rankName(card: Card): RankName {
  return RANK_NAMES[rankIndex(card)]!;
}

export function suitOf(card: Card): Suit {
  return SUITS[card % SUITS.length]!;
}

export function isRed(card: Card): boolean {
  const suit = suitOf(card);
  return suit === 'diamonds' || suit === 'hearts';
}

/** "♠J", "♥10": the suit symbol and the rank, as the public verifiers print cards. */
export function cardLabel(card: Card): string {
  return `${SUIT_SYMBOLS[suitOf(card)]}${rankName(card)}`;
}

export function isCard(value: unknown): value is Card {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < DECK_SIZE;
}
