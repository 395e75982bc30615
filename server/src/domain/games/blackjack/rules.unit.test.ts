import { describe, expect, it } from 'vitest';
import { RANK_NAMES, type RankName } from '../shared/cards.js';
import { applyRatio } from '../shared/ratio.js';
import { BLACKJACK_GAME } from './blackjack.game.js';
import {
  act,
  ActionNotAllowed,
  allowedActions,
  deal,
  handTotal,
  roundMultiplier,
  totalStaked,
  type BlackjackAction,
  type BlackjackState,
} from './rules.js';

/** The card of a rank (diamonds): rank-major deck, so rank r's first card is 4r. */
const card = (rank: RankName) => RANK_NAMES.indexOf(rank) * 4;
/**
 * Floats that draw the given ranks in order: f = (card + 0.5) / 52 lands in the middle of the card's slice. Reading a
 * float past the list fails the test, so every rule below also proves how many cards it took.
 */
function shoe(...ranks: RankName[]) {
  const floats = ranks.map((rank) => (card(rank) + 0.5) / 52);
  return (index: number) => {
    if (index >= floats.length) throw new Error(`float ${index} read, only ${floats.length} forced`);
    return floats[index]!;
  };
}

const BET = 100n;
/** Plays a round: deal from the forced cards, then the actions; the state and the total raised. */
function play(ranks: RankName[], actions: BlackjackAction[] = [], bet = BET) {
  const floatAt = shoe(...ranks);
  let state = deal(bet, floatAt);
  let raised = 0n;
  for (const action of actions) {
    const step = act(state, action, floatAt);
    state = step.state;
    raised += step.raise;
  }
  return { state, raised, payout: state.finished ? applyRatio(totalStaked(state), roundMultiplier(state)) : undefined };
}
const results = (state: BlackjackState) => state.hands.map((hand) => hand.result);

describe('blackjack rules (FAIRNESS.md "Blackjack"), each forced by its cards', () => {
  it('deals f0, f1 to the player, f2 the up card, f3 the hole card; totals count an ace soft while it fits', () => {
    const { state } = play(['7', 'A', '9', '8']);
    expect(state.hands[0]!.cards).toEqual([card('7'), card('A')]);
    expect(state.dealer).toEqual([card('9'), card('8')]);
    expect(handTotal(state.hands[0]!.cards)).toEqual({ total: 18, soft: true });
    expect(handTotal([card('7'), card('A'), card('9')])).toEqual({ total: 17, soft: false });
    expect(allowedActions(state)).toEqual(['hit', 'stand', 'double']);
  });

  it('hides the hole card and every card to come while the round is open, shows them when it ends', () => {
    const open = play(['10', '6', '9', '8']).state;
    const shown = BLACKJACK_GAME.visible(open, true);
    expect(shown.dealer).toEqual({ cards: [card('9')], total: 9, soft: false });
    expect(JSON.stringify(shown)).not.toContain('"next"');
    const ended = play(['10', '6', '9', '8'], ['stand']).state;
    expect(BLACKJACK_GAME.visible(ended, false).dealer).toEqual({
      cards: [card('9'), card('8')],
      total: 17,
      soft: false,
    });
  });

  it('a player blackjack pays 3:2 at once against a low up card', () => {
    const { state, payout } = play(['A', 'K', '9', '7']);
    expect(state.finished).toBe(true);
    expect(results(state)).toEqual(['blackjack']);
    expect(payout).toBe(250n);
  });

  it('the dealer peeks under a ten: a dealer blackjack ends the round at once; a player blackjack pushes', () => {
    expect(play(['9', '9', 'Q', 'A'])).toMatchObject({ payout: 0n, state: { finished: true } });
    expect(play(['A', 'J', 'K', 'A']).payout).toBe(100n);
    // No natural under the ten: play goes on.
    expect(play(['9', '9', 'K', '7']).state.finished).toBe(false);
  });

  it('insurance is offered on an ace, nothing else is allowed until it is answered', () => {
    const { state } = play(['9', '7', 'A', '5']);
    expect(allowedActions(state)).toEqual(['insurance', 'noInsurance']);
    expect(() => act(state, 'hit', shoe('9', '7', 'A', '5'))).toThrow(ActionNotAllowed);
    // A ten up card offers no insurance.
    expect(() => act(play(['9', '7', 'K', '5']).state, 'insurance', shoe('9', '7', 'K', '5'))).toThrow(
      ActionNotAllowed,
    );
  });

  it('insurance costs half the bet and pays 2:1 on a dealer blackjack (the hand itself loses)', () => {
    const { state, raised, payout } = play(['9', '7', 'A', 'K'], ['insurance']);
    expect(raised).toBe(50n);
    expect(state.finished).toBe(true);
    expect(totalStaked(state)).toBe(150n);
    expect(payout).toBe(150n);
  });

  it('insurance is lost when the dealer has no blackjack, and play goes on; declining costs nothing', () => {
    const insured = play(['10', '9', 'A', '7'], ['insurance', 'stand']);
    expect(insured.raised).toBe(50n);
    // 19 beats the dealer's soft 18 (S17): the hand pays 200, insurance nothing.
    expect(insured.payout).toBe(200n);
    const declined = play(['10', '9', 'A', '7'], ['noInsurance', 'stand']);
    expect(declined).toMatchObject({ raised: 0n, payout: 200n });
  });

  it('the dealer peeks under an ace once insurance is answered: a dealer blackjack ends the round, the uninsured hand loses', () => {
    const { state, payout } = play(['10', '8', 'A', 'Q'], ['noInsurance']);
    expect(state).toMatchObject({ finished: true, dealer: [card('A'), card('Q')] });
    expect(results(state)).toEqual(['lost']);
    expect(payout).toBe(0n);
  });

  it('a player blackjack under an ace waits for the insurance answer, then pays 3:2 or pushes', () => {
    expect(play(['A', 'Q', 'A', '5'], ['noInsurance']).payout).toBe(250n);
    expect(play(['A', 'Q', 'A', 'J'], ['noInsurance']).payout).toBe(100n);
  });

  it('the dealer stands on soft 17 and hits 16', () => {
    const soft17 = play(['10', '8', 'A', '6'], ['noInsurance', 'stand']);
    expect(soft17.state.dealer).toHaveLength(2);
    expect(soft17.payout).toBe(200n);
    const drawsTo17 = play(['10', '7', '10', '6', 'A'], ['stand']);
    expect(handTotal(drawsTo17.state.dealer).total).toBe(17);
    expect(results(drawsTo17.state)).toEqual(['push']);
    const busts = play(['10', '2', '10', '6', '9'], ['stand']);
    expect(busts.payout).toBe(200n);
  });

  it('a bust loses at once and the dealer draws nothing', () => {
    const { state, payout } = play(['10', '6', '10', '6', 'K'], ['hit']);
    expect(state.finished).toBe(true);
    expect(state.dealer).toHaveLength(2);
    expect(payout).toBe(0n);
  });

  it('21 takes no more cards: the hand stands by itself', () => {
    const { state } = play(['5', '6', '10', '7', 'K'], ['hit']);
    expect(state.finished).toBe(true);
    expect(results(state)).toEqual(['won']);
  });

  it('doubles on any first two cards: the bet again, exactly one card, then the dealer', () => {
    const { state, raised, payout } = play(['5', '4', '6', '10', 'A', '9'], ['double']);
    expect(raised).toBe(100n);
    expect(state.hands[0]).toMatchObject({ amount: '200', doubled: true, result: 'won' });
    expect(payout).toBe(400n);
    // Not after a hit.
    const hit = play(['5', '3', '6', '10', '2'], ['hit']).state;
    expect(allowedActions(hit)).toEqual(['hit', 'stand']);
  });

  it('splits a pair (ten-value cards too) once: two hands, the first takes its cards before the second gets its second', () => {
    expect(allowedActions(play(['K', '10', '6', '10']).state)).toContain('split');
    // 8,8 v 6: split, first hand 8+8 is a pair again but cannot split; stand; second hand 8+3, hit 10 -> 21.
    const floats = ['8', '8', '6', '10', '8', '3', '10', '9'] as RankName[];
    const split = play(floats, ['split']);
    expect(split.raised).toBe(100n);
    expect(split.state.hands.map((hand) => hand.cards.length)).toEqual([2, 1]);
    expect(allowedActions(split.state)).toEqual(['hit', 'stand', 'double']);
    const done = play(floats, ['split', 'stand', 'hit']);
    expect(done.state.hands.map((hand) => handTotal(hand.cards).total)).toEqual([16, 21]);
    // Dealer 6 + 10 = 16 draws the 9: bust, both hands win.
    expect(results(done.state)).toEqual(['won', 'won']);
    expect(done.payout).toBe(400n);
  });

  it('doubles after a split', () => {
    const { state, raised, payout } = play(
      ['4', '4', '6', '10', '7', '10', '5', 'A', '10'],
      ['split', 'double', 'double'],
    );
    expect(raised).toBe(300n);
    expect(state.hands.map((hand) => [hand.amount, hand.doubled])).toEqual([
      ['200', true],
      ['200', true],
    ]);
    // 4+7+10 = 21 and 4+5+A = 20 against the dealer's 16, who draws a ten and busts: both doubled hands win.
    expect(results(state)).toEqual(['won', 'won']);
    expect(payout).toBe(800n);
  });

  it('split aces take one card each; an ace plus a ten is 21, not blackjack (pays 1:1, pushes a dealer 21)', () => {
    const { state, raised, payout } = play(['A', 'A', '7', '10', 'K', '9'], ['split']);
    expect(raised).toBe(100n);
    expect(state.finished).toBe(true);
    expect(state.hands.map((hand) => hand.cards.length)).toEqual([2, 2]);
    expect(results(state)).toEqual(['won', 'won']);
    expect(payout).toBe(400n);
    // Dealer 7 + 10 = 17 stands: the split 21 wins 1:1, the soft 15 loses.
    expect(results(play(['A', 'A', '7', '10', 'K', '4'], ['split']).state)).toEqual(['won', 'lost']);
    // Against a dealer 21 (6 + 5 + 10) two split 21s push.
    const push = play(['A', 'A', '6', '5', 'K', 'Q', '10'], ['split']);
    expect(handTotal(push.state.dealer).total).toBe(21);
    expect(results(push.state)).toEqual(['push', 'push']);
    expect(push.payout).toBe(200n);
  });

  it('one split only, and no surrender: a pair after a split cannot split again', () => {
    const { state } = play(['9', '9', '6', '10', '9'], ['split']);
    expect(state.hands[0]!.cards).toEqual([card('9'), card('9')]);
    expect(allowedActions(state)).toEqual(['hit', 'stand', 'double']);
    expect(allowedActions(state)).not.toContain('surrender');
  });

  it('pays the floor of the exact sum: a 3-unit blackjack pays 7 (7.5 floored), never rounded per step', () => {
    expect(play(['A', 'K', '9', '7'], [], 3n).payout).toBe(7n);
    // Insurance of an odd bet is half of it floored, as every stake is whole 1e-8 units.
    expect(play(['9', '7', 'A', 'K'], ['insurance'], 3n)).toMatchObject({ raised: 1n, payout: 3n });
  });

  it('refuses every action once the round is over', () => {
    const { state } = play(['A', 'K', '9', '7']);
    for (const action of ['hit', 'stand', 'double', 'split', 'insurance', 'noInsurance'] as const) {
      expect(() => act(state, action, shoe('A', 'K', '9', '7'))).toThrow(ActionNotAllowed);
    }
  });
});
