import { describe, expect, it } from 'vitest';
import { cardLabel } from '../../../../server/src/domain/games/shared/cards';
import { outcomeDetail } from './bet-format';
// The registry fills the game directory the bet lines read, as it does in the app (main.tsx).
import '../games/registry';

/** Issue 45, point 9: a bet's details say what happened, not only a pocket or a card count. */
describe('bet details lines', () => {
  it('roulette lists each chip and what it paid', () => {
    const detail = outcomeDetail({
      game: 'roulette',
      outcome: {
        pocket: 17,
        chips: [
          { type: 'straight', numbers: [17], amount: '1', payout: '36' },
          { type: 'split', numbers: [0, 2], amount: '0.5', payout: '0' },
          { type: 'red', numbers: [], amount: '2', payout: '0' },
        ],
      },
    });
    expect(detail).toBe('Straight 17: 1 paid 36 · Split 0-2: 0.5 paid 0 · Red: 2 paid 0');
  });

  it('hilo shows the cards drawn and each guess', () => {
    const detail = outcomeDetail({
      game: 'hilo',
      outcome: {
        multiplier: '1.9800',
        cards: [
          { card: 0, multiplier: '1.0000' },
          { card: 20, guess: 'higher', multiplier: '1.0725' },
          { card: 51, guess: 'lower', multiplier: '1.9800' },
        ],
      },
    });
    expect(detail).toBe(`${cardLabel(0)} → higher ${cardLabel(20)} → lower ${cardLabel(51)}`);
  });
});
