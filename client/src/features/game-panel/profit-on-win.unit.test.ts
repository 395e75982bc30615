import { describe, expect, it } from 'vitest';
import { ratio } from '../../../../server/src/domain/games/shared/ratio';
import { maxOfTable, profitOnWin } from './profit-on-win';

describe('profit on win', () => {
  it('is floor(amount x multiplier) - amount in units, exact', () => {
    // 0.3 at 99 / 10: 2.97 - 0.3.
    expect(profitOnWin('0.3', ratio(9900n, 1000n))).toBe(267_000_000n);
    // 0.00000001 at 1.98x floors to 1 unit: no profit.
    expect(profitOnWin('0.00000001', ratio(198n, 100n))).toBe(0n);
    expect(profitOnWin('abc', ratio(2n))).toBeNull();
  });

  it('takes the best multiplier of a table', () => {
    expect(maxOfTable(['0', '3.96', '1.5'])).toEqual(ratio(396n, 100n));
    expect(maxOfTable([])).toBeNull();
  });
});
