import { describe, expect, it } from 'vitest';
import { cardError } from '../../../../../server/src/domain/games/bingo/rules';
import VECTORS from '../../../../../server/src/domain/games/bingo/bingo-vectors.json';
import { ballLabel, cardsLeft, dealCards, fallenPrizes, holdingOf, potSoFar, roomLines } from './bingo-room';

const round = VECTORS.rounds[0]!;
const [fast, slow] = round.cards;
const bets = [
  { betId: '1', userName: 'ann', currency: 'USD', amount: '2', cards: [slow!.card, fast!.card] },
  { betId: '2', userName: 'bob', currency: 'USD', amount: '1', cards: [fast!.card] },
  { betId: '3', userName: 'cy', currency: 'BZU', amount: '100', cards: [slow!.card] },
];

describe('the bingo room', () => {
  it('announces each prize on the ball it falls, shared by simultaneous cards, per currency', () => {
    expect(fallenPrizes(bets, round.draw.slice(0, fast!.times.oneLine - 1))).toEqual([]);
    const afterLine = fallenPrizes(bets, round.draw.slice(0, fast!.times.oneLine));
    expect(afterLine).toEqual([
      {
        prize: 'oneLine',
        currency: 'USD',
        ball: fast!.times.oneLine,
        winners: [
          { betId: '1', userName: 'ann', card: 1 },
          { betId: '2', userName: 'bob', card: 0 },
        ],
      },
    ]);
    const all = fallenPrizes(bets, round.draw);
    expect(all.map((p) => [p.currency, p.prize, p.ball])).toEqual([
      ['USD', 'oneLine', fast!.times.oneLine],
      ['USD', 'twoLines', fast!.times.twoLines],
      ['USD', 'fullHouse', fast!.times.fullHouse],
      ['BZU', 'oneLine', slow!.times.oneLine],
      ['BZU', 'twoLines', slow!.times.twoLines],
      ['BZU', 'fullHouse', slow!.times.fullHouse],
    ]);
  });

  it('lists the calls newest first with the prize lines after their ball', () => {
    const lines = roomLines(bets, round.draw.slice(0, fast!.times.oneLine));
    expect(lines[0]!.text).toBe('One line (USD): ann (card 2), bob (card 1)');
    expect(lines[1]!.text).toBe(`Ball ${fast!.times.oneLine}: ${ballLabel(round.draw[fast!.times.oneLine - 1]!)}`);
    expect(lines).toHaveLength(fast!.times.oneLine + 1);
    expect(ballLabel(7)).toBe('B7');
    expect(ballLabel(75)).toBe('O75');
  });

  it('shows the pot so far, raised to the guaranteed minimum, and its prizes summing to it', () => {
    expect(potSoFar(bets, 'USD', '5')).toEqual({
      pot: '5',
      prizes: { oneLine: '0.75', twoLines: '1.25', fullHouse: '3' },
    });
    expect(potSoFar(bets, 'USD', '1').pot).toBe('2.7');
  });

  it('deals valid cards in the browser', () => {
    const cards = dealCards(24);
    expect(cards).toHaveLength(24);
    for (const card of cards) expect(cardError(card)).toBeNull();
  });
});

describe('more cards until the sale closes (issue 45, point 12)', () => {
  it("the player's purchases add up: cards, stake and prizes; the limit counts them all", () => {
    const room = [
      ...bets,
      { betId: '2147483650', userName: 'ann', currency: 'USD', amount: '1', cards: [fast!.card], payout: '0.5' },
      {
        betId: '2147483651',
        userName: 'Zoë',
        currency: 'USD',
        amount: '3',
        cards: [fast!.card, fast!.card, slow!.card],
      },
    ];
    const ann = holdingOf(room, [], 'ann');
    expect(ann).toEqual({
      betIds: ['1', '2147483650'],
      cards: [slow!.card, fast!.card, fast!.card],
      currency: 'USD',
      amount: '3',
      payout: '0.5',
    });
    expect(cardsLeft(24, ann)).toBe(21);
    // A purchase this page placed counts before the room's read-back names it.
    expect(holdingOf(room, ['2147483651'], null)?.cards).toHaveLength(3);
    expect(holdingOf(room, [], 'nobody')).toBeNull();
    expect(cardsLeft(24, null)).toBe(24);
  });
});
