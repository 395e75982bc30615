import { describe, expect, it } from 'vitest';
import { periodPoints, periodSeries, unitsOf, utcDay } from './report-figures';

describe('report figures', () => {
  it('turns 1e-8 integers into exact decimals', () => {
    expect(unitsOf('123456789')).toBe('1.23456789');
    expect(unitsOf('-100000000')).toBe('-1');
    expect(unitsOf('0')).toBe('0');
    // Past 2^53: still exact.
    expect(unitsOf('9007199254740993123')).toBe('90071992547.40993123');
  });

  it('names UTC days', () => {
    expect(utcDay(-1, new Date('2026-03-01T00:30:00Z'))).toBe('2026-02-28');
  });

  it('makes one bar per period, the scale always holding zero', () => {
    const series = periodSeries([
      { bucket: '2026-01-01', e8: '250000000' },
      { bucket: '2026-02-01', e8: '-50000000' },
    ]);
    expect(series.slots).toEqual([
      { time: Date.parse('2026-01-01T00:00:00Z') / 1000, value: 2.5 },
      { time: Date.parse('2026-02-01T00:00:00Z') / 1000, value: -0.5 },
    ]);
    expect([series.min, series.max]).toEqual([-0.5, 2.5]);
  });

  it('plots money in whole units and counts as they are, one point per period', () => {
    const rows = [
      { bucket: '2026-01-05', depositsE8: '1250000000', active: 7 },
      { bucket: '2026-01-12', depositsE8: '0', active: 0 },
    ];
    const monday = Date.parse('2026-01-05T00:00:00Z') / 1000;
    expect(periodPoints(rows, (row) => row.depositsE8)).toEqual([
      { time: monday, value: 12.5 },
      { time: monday + 7 * 86_400, value: 0 },
    ]);
    expect(periodPoints(rows, (row) => row.active).map((point) => point.value)).toEqual([7, 0]);
  });
});
