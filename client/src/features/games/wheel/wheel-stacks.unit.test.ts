import { describe, expect, it } from 'vitest';
import { toUnits } from '../../game-panel/bet-amount';
import { scaledChips, stacksOf } from './wheel-stacks';

const chip = (value: 1 | 2 | 4 | 10 | 42, amount: string) => ({ value, amount: toUnits(amount)! });

/** Issue 45, point 12: the wheel's autobet scales the chips on the table to the stake its rules choose. */
describe('wheel chips for an autobet', () => {
  const table = [chip(10, '1'), chip(10, '1'), chip(1, '0.5'), chip(42, '0.25')];

  it('the table as it is: stacks per value', () => {
    expect(stacksOf(table)).toEqual(
      new Map([
        [10, '2'],
        [1, '0.5'],
        [42, '0.25'],
      ]),
    );
    expect(scaledChips(table, toUnits('2.75')!)).toEqual([
      { value: 10, amount: '2' },
      { value: 1, amount: '0.5' },
      { value: 42, amount: '0.25' },
    ]);
  });

  it('doubled after a loss, or cut to a few units, the chips keep their proportions and never vanish', () => {
    expect(scaledChips(table, toUnits('5.5')!)).toEqual([
      { value: 10, amount: '4' },
      { value: 1, amount: '1' },
      { value: 42, amount: '0.5' },
    ]);
    expect(scaledChips(table, 3n)).toEqual([
      { value: 10, amount: '0.00000002' },
      { value: 1, amount: '0.00000001' },
      { value: 42, amount: '0.00000001' },
    ]);
  });
});
