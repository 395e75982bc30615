import { describe, expect, it } from 'vitest';
import {
  addAmounts,
  amountInputError,
  formatAmount,
  formatMoney,
  formatSignedAmount,
  formatSignedMoney,
  fractionToPercent,
} from './money';

describe('formatMoney', () => {
  it('groups thousands and pads to two decimals without rounding', () => {
    expect(formatMoney('1234.5')).toBe('1,234.50');
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney('1000000')).toBe('1,000,000.00');
    expect(formatMoney('0.00000001')).toBe('0.00000001');
    expect(formatMoney('12.34567891')).toBe('12.34567891');
  });
  it('keeps digits a float would lose', () => {
    expect(formatMoney('999999999999.99999999')).toBe('999,999,999,999.99999999');
    expect(formatMoney('9007199254740993.1')).toBe('9,007,199,254,740,993.10');
  });
  it('keeps a sign, drops it on zero and leading zeros', () => {
    expect(formatMoney('-12')).toBe('-12.00');
    expect(formatMoney('-0')).toBe('0.00');
    expect(formatMoney('007.10')).toBe('7.10');
  });
  it('leaves non-numbers as they are', () => {
    expect(formatMoney('n/a')).toBe('n/a');
    expect(formatMoney('1e5')).toBe('1e5');
  });
  it('signs statement amounts', () => {
    expect(formatSignedMoney('12.5')).toBe('+12.50');
    expect(formatSignedMoney('-3')).toBe('-3.00');
    expect(formatSignedMoney('0')).toBe('0.00');
  });
});

describe('amountInputError', () => {
  it('accepts what the server accepts', () => {
    expect(amountInputError('25')).toBeNull();
    expect(amountInputError(' 12.12345678 ')).toBeNull();
  });
  it('refuses the rest with a reason', () => {
    expect(amountInputError('')).toBe('Enter an amount');
    expect(amountInputError('1.123456789')).toMatch(/8 decimals/);
    expect(amountInputError('1e3')).toMatch(/8 decimals/);
    expect(amountInputError('-1')).toMatch(/8 decimals/);
    expect(amountInputError('0.0')).toMatch(/greater than zero/);
  });
});

describe('addAmounts', () => {
  it('adds exactly', () => {
    expect(addAmounts('0.1', '0.2')).toBe('0.3');
    expect(addAmounts('10', '1')).toBe('11');
    expect(addAmounts('99999999999.99999999', '0.00000001')).toBe('100000000000');
    expect(addAmounts('x', '1')).toBeNull();
  });
});

describe('fractionToPercent', () => {
  it('moves the point two places exactly', () => {
    expect(fractionToPercent('0.1')).toBe('10');
    expect(fractionToPercent('0.125')).toBe('12.5');
    expect(fractionToPercent('1')).toBe('100');
    expect(fractionToPercent('0.000001')).toBe('0.0001');
    expect(fractionToPercent('0')).toBe('0');
  });
});

describe('formatAmount: what a player reads', () => {
  it('rounds USD and BZU to 2 decimals on digits, groups thousands, keeps other assets exact', () => {
    expect(formatAmount('1.47857142', 'USD')).toBe('1.48');
    expect(formatAmount('1234567.005', 'USD')).toBe('1,234,567.01');
    expect(formatAmount('0.00000001', 'USD')).toBe('0.00');
    expect(formatAmount('-0.41428571', 'USD')).toBe('-0.41');
    expect(formatAmount('2.5', 'BZU')).toBe('2.50');
    expect(formatAmount('0.00012345', 'BTC')).toBe('0.00012345');
    expect(formatSignedAmount('0.41428571', 'USD')).toBe('+0.41');
  });
});
