import { describe, expect, it } from 'vitest';
import { combinedOdds, oddsToMilli, potentialReturn, stakeToUnits } from './sports-format';

describe('bet slip arithmetic', () => {
  it('computes a multi return exactly and floors once', () => {
    expect(potentialReturn('0.33333333', ['2.15', '1.333', '3.007'])).toBe('2.87263718');
    expect(potentialReturn('10', ['2.5', '1.5'])).toBe('37.5');
    expect(potentialReturn('abc', ['2'])).toBeNull();
    expect(potentialReturn('0', ['2'])).toBeNull();
  });
  it('parses odds and stakes without floats', () => {
    expect(oddsToMilli('2.15')).toBe(2150n);
    expect(oddsToMilli('3')).toBe(3000n);
    expect(stakeToUnits('12.5')).toBe(1_250_000_000n);
    expect(combinedOdds(['2.15', '1.333'])).toBe('2.865');
  });
});
