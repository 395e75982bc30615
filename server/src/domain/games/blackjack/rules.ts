/**
 * Blackjack as FAIRNESS.md "Blackjack" says: an unlimited deck read from the round's floats in order of use, S17,
 * the dealer peeks on an ace or a ten-value up card, insurance (half the bet, pays 2:1) on an ace, double on any first
 * two cards (also after the split), one split, split aces take one card each, 3:2, no surrender. Pure (no node:
 * imports): the server's module, the page and the browser's verifier all play rounds with these functions.
 *
 * Amounts are integers in 1e-8 units kept as decimal strings in the stored state (the state is JSON).
 */
import { cardFromFloat, rankIndex, type Card } from '../shared/cards.js';
import { ratio, type Ratio } from '../shared/ratio.js';

export const BLACKJACK_ACTIONS = ['hit', 'stand', 'double', 'split', 'insurance', 'noInsurance'] as const;
export type BlackjackAction = (typeof BLACKJACK_ACTIONS)[number];

/** How a hand ended; a bust is `lost` with a total over 21. */
export type HandResult = 'blackjack' | 'won' | 'push' | 'lost';

export interface StoredHand {
  cards: Card[];
  /** Staked on this hand, 1e-8 units (doubled when the hand doubled). */
  amount: string;
  doubled: boolean;
  /** No more cards: stood, bust, doubled, 21, or a split ace. */
  done: boolean;
  result?: HandResult;
}

export interface BlackjackState {
  /** The stake of the first hand before any raise, 1e-8 units. */
  bet: string;
  hands: StoredHand[];
  /** The hand being played. */
  active: number;
  /** Up card, hole card, then the dealer's draws. The hole card is stored but never shown while the round is open. */
  dealer: Card[];
  /** The next unused float. */
  next: number;
  insurance?: { state: 'offered' | 'taken' | 'declined'; amount: string };
  /** The player's actions so far, in order: with the seeds they recompute the round. */
  played: BlackjackAction[];
  finished: boolean;
}

/** A float by its index in the round: the next unused one is taken whenever a card is dealt. */
export type FloatAt = (index: number) => number;

export class ActionNotAllowed extends Error {
  constructor(readonly action: string) {
    super(`${action} is not allowed now`);
  }
}

const ACE = 12;
/** 2..10, ten-value cards 10, an ace 1 (hand totals count it 11 when that stays at or under 21). */
export function cardPoints(card: Card): number {
  const rank = rankIndex(card);
  return rank === ACE ? 1 : Math.min(rank + 2, 10);
}

export interface HandTotal {
  total: number;
  /** An ace counts 11. */
  soft: boolean;
}

export function handTotal(cards: readonly Card[]): HandTotal {
  const hard = cards.reduce((sum, card) => sum + cardPoints(card), 0);
  const soft = cards.some((card) => rankIndex(card) === ACE) && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft };
}

export const isNatural = (cards: readonly Card[]) => cards.length === 2 && handTotal(cards).total === 21;
const isAce = (card: Card) => rankIndex(card) === ACE;
const isTenValue = (card: Card) => cardPoints(card) === 10;
const busted = (hand: StoredHand) => handTotal(hand.cards).total > 21;

function draw(state: BlackjackState, floatAt: FloatAt): Card {
  const card = cardFromFloat(floatAt(state.next));
  state.next += 1;
  return card;
}

const clone = (state: BlackjackState): BlackjackState => ({
  ...state,
  hands: state.hands.map((hand) => ({ ...hand, cards: [...hand.cards] })),
  dealer: [...state.dealer],
  played: [...state.played],
  ...(state.insurance ? { insurance: { ...state.insurance } } : {}),
});

/** f0, f1 the player's cards, f2 the up card, f3 the hole card; ends at once on a natural unless insurance is offered. */
export function deal(bet: bigint, floatAt: FloatAt): BlackjackState {
  const cards = [0, 1, 2, 3].map((i) => cardFromFloat(floatAt(i)));
  const state: BlackjackState = {
    bet: bet.toString(),
    hands: [{ cards: [cards[0]!, cards[1]!], amount: bet.toString(), doubled: false, done: false }],
    active: 0,
    dealer: [cards[2]!, cards[3]!],
    next: 4,
    played: [],
    finished: false,
  };
  if (isAce(state.dealer[0]!)) {
    state.insurance = { state: 'offered', amount: (bet / 2n).toString() };
    return state;
  }
  return peek(state);
}

/** After the up card (and insurance): a dealer natural ends the round; so does the player's. */
function peek(state: BlackjackState): BlackjackState {
  const dealerNatural = (isAce(state.dealer[0]!) || isTenValue(state.dealer[0]!)) && isNatural(state.dealer);
  const hand = state.hands[0]!;
  if (dealerNatural) {
    hand.result = isNatural(hand.cards) ? 'push' : 'lost';
  } else if (isNatural(hand.cards)) {
    hand.result = 'blackjack';
  } else {
    return state;
  }
  hand.done = true;
  state.finished = true;
  return state;
}

/** What the player may do now. */
export function allowedActions(state: BlackjackState): BlackjackAction[] {
  if (state.finished) return [];
  if (state.insurance?.state === 'offered') return ['insurance', 'noInsurance'];
  const hand = state.hands[state.active]!;
  const actions: BlackjackAction[] = ['hit', 'stand'];
  if (hand.cards.length === 2) actions.push('double');
  if (state.hands.length === 1 && hand.cards.length === 2 && cardPoints(hand.cards[0]!) === cardPoints(hand.cards[1]!))
    actions.push('split');
  return actions;
}

/** A hand gets its next card; at 21 or over it takes no more. */
function hitHand(state: BlackjackState, hand: StoredHand, floatAt: FloatAt): void {
  hand.cards.push(draw(state, floatAt));
  if (handTotal(hand.cards).total >= 21) hand.done = true;
}

/**
 * Moves on from finished hands: the second hand of a split takes its second card when its turn comes; once every hand
 * is done the dealer draws to 17 (only when some hand still stands) and every hand is settled.
 */
function advance(state: BlackjackState, floatAt: FloatAt): BlackjackState {
  while (state.hands[state.active]!.done) {
    if (state.active === state.hands.length - 1) return finish(state, floatAt);
    state.active += 1;
    const hand = state.hands[state.active]!;
    if (hand.cards.length === 1) {
      const ace = isAce(hand.cards[0]!);
      hitHand(state, hand, floatAt);
      if (ace) hand.done = true;
    }
  }
  return state;
}

function finish(state: BlackjackState, floatAt: FloatAt): BlackjackState {
  if (state.hands.some((hand) => !busted(hand))) {
    while (handTotal(state.dealer).total < 17) state.dealer.push(draw(state, floatAt));
  }
  const dealer = handTotal(state.dealer).total;
  for (const hand of state.hands) {
    const total = handTotal(hand.cards).total;
    hand.result = total > 21 ? 'lost' : dealer > 21 || total > dealer ? 'won' : total === dealer ? 'push' : 'lost';
  }
  state.finished = true;
  return state;
}

export interface ActResult {
  state: BlackjackState;
  /** More stake the action takes (double, split, insurance), 1e-8 units. */
  raise: bigint;
}

/** One action on an open round; ActionNotAllowed when it is not among `allowedActions`. */
export function act(current: BlackjackState, action: BlackjackAction, floatAt: FloatAt): ActResult {
  if (!allowedActions(current).includes(action)) throw new ActionNotAllowed(action);
  const state = clone(current);
  state.played.push(action);
  const hand = state.hands[state.active]!;
  switch (action) {
    case 'insurance':
    case 'noInsurance': {
      const insurance = state.insurance!;
      insurance.state = action === 'insurance' ? 'taken' : 'declined';
      if (action === 'noInsurance') insurance.amount = '0';
      return { state: peek(state), raise: action === 'insurance' ? BigInt(insurance.amount) : 0n };
    }
    case 'hit':
      hitHand(state, hand, floatAt);
      return { state: advance(state, floatAt), raise: 0n };
    case 'stand':
      hand.done = true;
      return { state: advance(state, floatAt), raise: 0n };
    case 'double': {
      const raise = BigInt(hand.amount);
      hand.amount = (raise * 2n).toString();
      hand.doubled = true;
      hitHand(state, hand, floatAt);
      hand.done = true;
      return { state: advance(state, floatAt), raise };
    }
    case 'split': {
      const [first, second] = hand.cards as [Card, Card];
      state.hands = [
        { cards: [first], amount: hand.amount, doubled: false, done: false },
        { cards: [second], amount: hand.amount, doubled: false, done: false },
      ];
      const opening = state.hands[0]!;
      hitHand(state, opening, floatAt);
      if (isAce(first)) opening.done = true;
      return { state: advance(state, floatAt), raise: BigInt(hand.amount) };
    }
  }
}

/** Everything staked in the round: the hands (doubles and the split included) and insurance. */
export function totalStaked(state: BlackjackState): bigint {
  return state.hands.reduce((sum, hand) => sum + BigInt(hand.amount), 0n) + BigInt(state.insurance?.amount ?? '0');
}

/** Twice what an ended round pays, exactly (a blackjack pays 2.5 times its hand): kept whole in 1e-8 / 2 units. */
function doublePayout(state: BlackjackState): bigint {
  const factor: Record<HandResult, bigint> = { blackjack: 5n, won: 4n, push: 2n, lost: 0n };
  const hands = state.hands.reduce((sum, hand) => sum + BigInt(hand.amount) * factor[hand.result!], 0n);
  // A dealer natural always ends the round at the peek, so two dealer cards of 21 are one.
  const insured =
    state.insurance?.state === 'taken' && isNatural(state.dealer) ? BigInt(state.insurance.amount) * 6n : 0n;
  return hands + insured;
}

/**
 * An ended round's multiplier of everything staked, exact: payout = floor(total staked x multiplier) = floor of the
 * exact sum over hands plus insurance (FAIRNESS.md). 0 when nothing was staked cannot happen (the bet is positive).
 */
export function roundMultiplier(state: BlackjackState): Ratio {
  return ratio(doublePayout(state), 2n * totalStaked(state));
}

/** Replays a round from its floats and the player's actions (the verifier's recompute). */
export function replay(bet: bigint, floatAt: FloatAt, actions: readonly BlackjackAction[]): BlackjackState {
  let state = deal(bet, floatAt);
  for (const action of actions) state = act(state, action, floatAt).state;
  return state;
}
