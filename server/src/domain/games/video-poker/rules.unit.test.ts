import { describe, expect, it } from 'vitest';
import { cardLabel, type Card } from '../shared/cards.js';
import { ratio } from '../shared/ratio.js';
import {
  handCategory,
  heldError,
  heldMask,
  positionsOf,
  VIDEO_POKER_FLOATS,
  vpDeal,
  vpDraw,
  vpMultiplier,
  vpReplay,
  type VpHand,
} from './rules.js';

const SUITS = '♦♥♠♣';
const NAMES = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
/** "♥A ♥K ..." -> cards. */
const hand = (text: string): Card[] =>
  text.split(' ').map((label) => NAMES.indexOf(label.slice(1)) * 4 + SUITS.indexOf(label[0]!));

describe('video poker hands (Jacks or Better)', () => {
  it.each<[string, VpHand]>([
    ['♥A ♥K ♥Q ♥J ♥10', 'royalFlush'],
    ['♠9 ♠K ♠Q ♠J ♠10', 'straightFlush'],
    ['♣A ♣2 ♣3 ♣4 ♣5', 'straightFlush'],
    ['♦7 ♥7 ♠7 ♣7 ♦2', 'fourOfAKind'],
    ['♦7 ♥7 ♠7 ♣2 ♦2', 'fullHouse'],
    ['♦A ♦9 ♦7 ♦4 ♦2', 'flush'],
    ['♦A ♥K ♠Q ♣J ♦10', 'straight'],
    ['♦A ♥2 ♠3 ♣4 ♦5', 'straight'],
    ['♦6 ♥2 ♠3 ♣4 ♦5', 'straight'],
    ['♦K ♥A ♠2 ♣3 ♦4', 'nothing'],
    ['♦9 ♥9 ♠9 ♣K ♦4', 'threeOfAKind'],
    ['♦9 ♥9 ♠2 ♣2 ♦4', 'twoPair'],
    ['♦J ♥J ♠2 ♣3 ♦4', 'jacksOrBetter'],
    ['♦A ♥A ♠2 ♣3 ♦4', 'jacksOrBetter'],
    ['♦10 ♥10 ♠2 ♣3 ♦4', 'nothing'],
    ['♦A ♥K ♠Q ♣J ♦9', 'nothing'],
  ])('%s is %s', (text, expected) => {
    expect(handCategory(hand(text))).toBe(expected);
  });

  it('pays the 9/6 table, stake included', () => {
    expect(vpMultiplier('royalFlush')).toEqual(ratio(800n));
    expect(vpMultiplier('fullHouse')).toEqual(ratio(9n));
    expect(vpMultiplier('flush')).toEqual(ratio(6n));
    expect(vpMultiplier('jacksOrBetter')).toEqual(ratio(1n));
    expect(vpMultiplier('nothing')).toEqual(ratio(0n));
  });

  it('refuses what is not five distinct cards', () => {
    expect(() => handCategory(hand('♦A ♦A ♠2 ♣3 ♦4'))).toThrow(/five cards/);
    expect(() => handCategory([1, 2, 3, 4])).toThrow(/five cards/);
  });
});

describe('video poker deal and draw (FAIRNESS.md "Video poker")', () => {
  it('draws ten distinct cards without replacement: float 0 picks from 52, float 9 from 43', () => {
    // Floats just under 1 always take the last card left: the aces of clubs, spades, hearts, diamonds, then the kings.
    const cards = vpDeal(Array.from({ length: VIDEO_POKER_FLOATS }, () => 0.999999));
    expect(cards.map(cardLabel)).toEqual(['♣A', '♠A', '♥A', '♦A', '♣K', '♠K', '♥K', '♦K', '♣Q', '♠Q']);
    expect(vpDeal(Array.from({ length: 10 }, () => 0))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // idx = floor(0.5 * (52 - k)): 26, then 25 of the 51 left (card 26 gone, so card 25), ...
    expect(vpDeal(Array.from({ length: 10 }, () => 0.5)).slice(0, 3)).toEqual([26, 25, 27]);
    expect(() => vpDeal([0.1, 0.2])).toThrow(/10 floats/);
  });

  it('replaces the positions not held with cards 5, 6, ... from left to right', () => {
    const deck = [10, 11, 12, 13, 14, 40, 41, 42, 43, 44];
    expect(vpDraw(deck, [0, 1, 2, 3, 4])).toEqual([10, 11, 12, 13, 14]);
    expect(vpDraw(deck, [])).toEqual([40, 41, 42, 43, 44]);
    expect(vpDraw(deck, [1, 3])).toEqual([40, 11, 41, 13, 42]);
    expect(vpDraw(deck, [3, 1])).toEqual([40, 11, 41, 13, 42]);
  });

  it('checks held positions', () => {
    expect(heldError([])).toBeNull();
    expect(heldError([4, 0])).toBeNull();
    expect(heldError([5])).toMatch(/0 to 4/);
    expect(heldError([-1])).toMatch(/0 to 4/);
    expect(heldError([1.5])).toMatch(/0 to 4/);
    expect(heldError([2, 2])).toMatch(/once/);
    expect(() =>
      vpReplay(
        Array.from({ length: 10 }, () => 0),
        [7],
      ),
    ).toThrow(/0 to 4/);
  });

  it('maps holds to masks and back', () => {
    expect(heldMask([0, 4])).toBe(0b10001);
    expect(positionsOf(0b10001)).toEqual([0, 4]);
    for (let mask = 0; mask < 32; mask += 1) expect(heldMask(positionsOf(mask))).toBe(mask);
  });

  it('replays a round: a dealt hand, the hold, the final hand and its category', () => {
    const floats = Array.from({ length: 10 }, () => 0);
    // Cards 0-4 are ♦2 ♥2 ♠2 ♣2 ♦3: four of a kind dealt; holding them keeps it.
    expect(vpReplay(floats, [3, 2, 1, 0])).toEqual({
      dealt: [0, 1, 2, 3, 4],
      held: [0, 1, 2, 3],
      final: [0, 1, 2, 3, 5],
      hand: 'fourOfAKind',
    });
  });
});
