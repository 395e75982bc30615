import { describe, expect, it } from 'vitest';
import { dealOrder, isEmpty, layoutOf, pointsTotal, spotAmounts, totalStake } from './baccarat-table';

describe('baccarat table helpers', () => {
  it('sums chips per spot; undo is dropping the last chip', () => {
    const placed = [
      { spot: 'player' as const, units: 5 },
      { spot: 'tie' as const, units: 1 },
      { spot: 'player' as const, units: 25 },
    ];
    expect(layoutOf(placed)).toEqual({ player: 30, banker: 0, tie: 1 });
    expect(layoutOf(placed.slice(0, -1))).toEqual({ player: 5, banker: 0, tie: 1 });
    expect(isEmpty(layoutOf([]))).toBe(true);
  });

  it('turns a layout into exact spot amounts at the chip value, leaving empty spots out', () => {
    expect(spotAmounts({ player: 30, banker: 0, tie: 1 }, '0.1')).toEqual({ player: '3', tie: '0.1' });
    expect(spotAmounts({ player: 3, banker: 7, tie: 0 }, '0.00000001')).toEqual({
      player: '0.00000003',
      banker: '0.00000007',
    });
    expect(spotAmounts({ player: 1, banker: 0, tie: 0 }, 'x')).toBeNull();
    expect(totalStake({ player: 30, banker: 2, tie: 1 }, '0.1')).toBe('3.3');
  });

  it('deals player, banker, player, banker, then the third cards; totals are modulo 10 with tens and faces 0', () => {
    expect(dealOrder({ playerCards: [40, 41, 35], bankerCards: [8, 4] })).toEqual([
      { side: 'player', card: 40 },
      { side: 'banker', card: 8 },
      { side: 'player', card: 41 },
      { side: 'banker', card: 4 },
      { side: 'player', card: 35 },
    ]);
    // Q Q 10 = 0; 4 3 = 7; A 9 = 0
    expect([pointsTotal([40, 41, 35]), pointsTotal([9, 5]), pointsTotal([48, 28])]).toEqual([0, 7, 0]);
  });
});
