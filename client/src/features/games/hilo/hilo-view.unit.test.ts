import { describe, expect, it } from 'vitest';
import type { HiloCard } from '../../../../../server/src/domain/games/hilo/rules';
import { cashoutFigures, guessOptions } from './hilo-view';

const start = (card: number): HiloCard[] => [{ card, multiplier: '1.0000' }];

describe('hilo view helpers', () => {
  it('a seven offers higher or same and lower or same at 7/13 each, 0.99 x 13 / 7', () => {
    expect(guessOptions(start(20))).toEqual([
      { guess: 'higherOrSame', label: 'Higher or same', chance: '53.85%', multiplier: '1.8385' },
      { guess: 'lowerOrSame', label: 'Lower or same', chance: '53.85%', multiplier: '1.8385' },
    ]);
  });

  it('an ace offers higher (12/13) and same (1/13); the multiplier shown includes the running one', () => {
    const cards: HiloCard[] = [
      { card: 20, multiplier: '1.0000' },
      { card: 48, guess: 'lowerOrSame', multiplier: '1.8385' },
    ];
    const [higher, same] = guessOptions(cards);
    expect(higher).toMatchObject({ guess: 'higher', chance: '92.31%' });
    // 1287/700 x 1287/1200 = 1.97186..., and same: 1287/700 x 1287/100 = 23.66241...
    expect(higher!.multiplier).toBe('1.9718');
    expect(same).toMatchObject({ guess: 'same', chance: '7.69%', multiplier: '23.6624' });
  });

  it('cash-out pays floor(stake x exact multiplier), skips leave it', () => {
    const cards: HiloCard[] = [
      { card: 20, multiplier: '1.0000' },
      { card: 30, guess: 'skip', multiplier: '1.0000' },
      { card: 44, guess: 'higherOrSame', multiplier: '' },
    ];
    // 30 is a nine (rank 9): higher or same wins on 5 ranks: 1287/500 = 2.574
    expect(cashoutFigures('1', cards)).toEqual({ payout: '2.574', profit: '1.574' });
    expect(cashoutFigures('0.00000001', cards)).toEqual({ payout: '0.00000002', profit: '0.00000001' });
    expect(cashoutFigures('abc', cards)).toBeNull();
  });
});
