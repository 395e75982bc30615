import { describe, expect, it } from 'vitest';
import { chanceFromMultiplierText, chanceFromText, targetForChance, targetFromText } from './dice-fields';

describe('dice fields', () => {
  it('turns a typed multiplier into the nearest 2-decimal chance the server takes', () => {
    expect(chanceFromMultiplierText('7')).toBe(1414);
    expect(chanceFromMultiplierText('2x')).toBe(4950);
    // Out of range: held at 98.00 % and 0.01 %.
    expect(chanceFromMultiplierText('1')).toBe(9800);
    expect(chanceFromMultiplierText('100000')).toBe(1);
    expect(chanceFromMultiplierText('abc')).toBeNull();
    expect(chanceFromMultiplierText('0')).toBeNull();
  });

  it('reads chances and targets, clamped to what the condition allows', () => {
    expect(chanceFromText('33.333%')).toBe(3333);
    expect(chanceFromText('')).toBeNull();
    expect(targetFromText('1', 'over')).toBe(200);
    expect(targetFromText('99', 'under')).toBe(9800);
    expect(targetFromText('12.345', 'under')).toBe(1235);
    expect(targetForChance(1414, 'over')).toBe(8586);
    expect(targetForChance(1414, 'under')).toBe(1414);
  });
});
