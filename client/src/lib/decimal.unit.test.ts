import { describe, expect, it } from 'vitest';
import { formatDecimal, formatPercentChange } from './decimal';

describe('formatDecimal', () => {
  it('pads and rounds a price string to seven decimals without float error', () => {
    expect(formatDecimal('0.00012345', 7)).toBe('0.0001235');
    expect(formatDecimal('12345678901234567.123456789', 7)).toBe('12,345,678,901,234,567.1234568');
    expect(formatDecimal('2', 7)).toBe('2.0000000');
  });

  it('handles numbers, signs and rejects garbage', () => {
    expect(formatDecimal(1e-7, 7)).toBe('0.0000001');
    expect(formatDecimal('-0.004', 2)).toBe('0.00');
    expect(formatDecimal('-1.005', 2)).toBe('-1.01');
    expect(formatDecimal('abc', 2)).toBeNull();
    expect(formatDecimal('', 2)).toBeNull();
    expect(formatDecimal(Number.NaN, 2)).toBeNull();
  });
});

describe('formatPercentChange', () => {
  it('signs positive changes only', () => {
    expect(formatPercentChange(1.254)).toBe('+1.25%');
    expect(formatPercentChange('-0.4')).toBe('-0.40%');
    expect(formatPercentChange(0)).toBe('0.00%');
  });
});
