import { describe, expect, it } from 'vitest';
import {
  percentToPpm,
  placeLabel,
  ppmToPercent,
  prizesFromShares,
  reloadAmount,
  reloadWindow,
} from './promotion-rules.js';

describe('promotion rules', () => {
  it('splits a pool into floored prizes that never pass it', () => {
    // 100.00000001 USD in 50/30/20 %: each share floored to the unit, one unit of dust left unpaid.
    const prizes = prizesFromShares(10_000_000_001n, [500_000, 300_000, 200_000]);
    expect(prizes).toEqual([5_000_000_000n, 3_000_000_000n, 2_000_000_000n]);
    expect(prizes.reduce((a, b) => a + b, 0n)).toBeLessThanOrEqual(10_000_000_001n);
    expect(prizesFromShares(7n, [333_333, 333_333, 333_334])).toEqual([2n, 2n, 2n]);
    expect(() => prizesFromShares(100n, [600_000, 500_000])).toThrow(/more than the pool/);
  });

  it('places the reload windows on UTC days and Monday-start weeks', () => {
    // Sunday 2026-11-29 23:59:59.999 UTC.
    const sunday = new Date('2026-11-29T23:59:59.999Z');
    expect(reloadWindow('day', sunday)).toEqual({
      start: new Date('2026-11-29T00:00:00Z'),
      end: new Date('2026-11-30T00:00:00Z'),
      previousStart: new Date('2026-11-28T00:00:00Z'),
    });
    expect(reloadWindow('week', sunday)).toEqual({
      start: new Date('2026-11-23T00:00:00Z'),
      end: new Date('2026-11-30T00:00:00Z'),
      previousStart: new Date('2026-11-16T00:00:00Z'),
    });
    // Monday 00:00 starts a new week.
    expect(reloadWindow('week', new Date('2026-11-30T00:00:00Z')).start).toEqual(new Date('2026-11-30T00:00:00Z'));
  });

  it('pays a floored share of the wagering, capped', () => {
    expect(reloadAmount(123_456_789n, 10_000, 10n ** 10n)).toBe(1_234_567n);
    expect(reloadAmount(10n ** 14n, 100_000, 5_000_000_000n)).toBe(5_000_000_000n);
    expect(reloadAmount(0n, 100_000, 1n)).toBe(0n);
  });

  it('reads and writes percentages exactly', () => {
    expect(percentToPpm('12.5')).toBe(125_000);
    expect(percentToPpm('0.0001')).toBe(1);
    expect(percentToPpm('100')).toBe(1_000_000);
    expect(() => percentToPpm('1e2')).toThrow();
    expect(ppmToPercent(125_000)).toBe('12.5');
    expect(ppmToPercent(1)).toBe('0.0001');
    expect(ppmToPercent(1_000_000)).toBe('100');
  });

  it('labels places in English', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(placeLabel)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
  });
});
