import { describe, expect, it } from 'vitest';
import { maxRoundPayout, multiplierHundredths } from './round-limits.js';

describe('provider round limits', () => {
  it('reads a declared multiplier exactly', () => {
    expect(multiplierHundredths('5000')).toBe(500000n);
    expect(multiplierHundredths('2500.5')).toBe(250050n);
    expect(multiplierHundredths('1.05')).toBe(105n);
    expect(() => multiplierHundredths('1.005')).toThrow(RangeError);
    expect(() => multiplierHundredths('-2')).toThrow(RangeError);
  });

  it('pays at most stakes x multiplier (floored to the unit) and at most the profit limit over the stakes', () => {
    // 0.01 staked on a 5000x game: 50.00 at most.
    expect(maxRoundPayout(1_000_000n, '5000', 10_000n * 10n ** 8n)).toBe(5_000_000_000n);
    // 3 units at x2.5 = 7.5 -> 7 (never round up in the player's favour).
    expect(maxRoundPayout(3n, '2.5', 10n ** 12n)).toBe(7n);
    // 100 USD on a 5000x game with a 10,000 USD profit limit: 10,100 USD, not 500,000.
    expect(maxRoundPayout(100n * 10n ** 8n, '5000', 10_000n * 10n ** 8n)).toBe(10_100n * 10n ** 8n);
    // Nothing standing (every bet rolled back): nothing may be paid.
    expect(maxRoundPayout(0n, '5000', 10n ** 12n)).toBe(0n);
  });
});
