import { describe, expect, it } from 'vitest';
import { paddedBounds, prepareSeries, rangeWindow, supplyFromBurns } from './chart-series';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const nowSec = NOW / 1000;
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('financial chart series', () => {
  it('fits the 24h window to [now - 24h, now] even when the data is an hour old', () => {
    const series = prepareSeries(
      [
        { t: ago(60), value: '0.02' },
        { t: ago(30), value: '0.03' },
      ],
      '24h',
      NOW,
      'last',
    );
    expect(series.from).toBe(nowSec - 24 * 3600);
    expect(series.to).toBe(nowSec);
    expect(series.slots[0]).toEqual({ time: nowSec - 24 * 3600 }); // whitespace: no value yet
    expect(series.slots.at(-1)).toEqual({ time: nowSec, value: 0.03 });
    // 15-minute slots over a day, plus the closing "now" slot; times strictly ascending.
    expect(series.slots).toHaveLength(97);
    expect(series.slots.every((s, i) => i === 0 || s.time > series.slots[i - 1]!.time)).toBe(true);
    expect(series.min).toBe(0.02);
    expect(series.max).toBe(0.03);
  });

  it('draws one point as a flat line to now, never a lone dot', () => {
    const series = prepareSeries([{ t: ago(120), value: '0.025' }], '24h', NOW, 'last');
    const valued = series.slots.filter((s) => s.value !== undefined);
    expect(valued.length).toBeGreaterThan(1);
    expect(new Set(valued.map((s) => s.value))).toEqual(new Set([0.025]));
    expect(valued.at(-1)!.time).toBe(nowSec);

    const atNow = prepareSeries([{ t: new Date(NOW).toISOString(), value: '1' }], '7d', NOW, 'last');
    expect(atNow.valued).toBe(2);
    expect(atNow.slots.slice(-2).map((s) => s.value)).toEqual([1, 1]);
  });

  it('carries a level from before the window into it and ignores malformed points', () => {
    const series = prepareSeries(
      [
        { t: ago(3 * 24 * 60), value: '5' },
        { t: 'not a date', value: '9' },
        { t: ago(10), value: 'NaN' },
      ],
      '24h',
      NOW,
      'last',
    );
    expect(series.slots.every((s) => s.value === 5)).toBe(true);
  });

  it('sums a flow per slot and leaves empty slots as whitespace', () => {
    const series = prepareSeries(
      [
        { t: ago(50), value: '10' },
        { t: ago(40), value: '5' },
        { t: ago(5 * 60), value: '2' },
      ],
      '7d',
      NOW,
      'sum',
    );
    expect(series.slots.filter((s) => s.value !== undefined).map((s) => s.value)).toEqual([2, 15]);
    expect(series.valued).toBe(2);
  });

  it('spans "all" from the first point (at least an hour) in about 120 slots', () => {
    const w = rangeWindow('all', nowSec, nowSec - 10 * 24 * 3600);
    expect(w.from).toBe(nowSec - 10 * 24 * 3600);
    expect(Math.ceil((w.to - w.from) / w.slot)).toBeLessThanOrEqual(120);
    expect(rangeWindow('all', nowSec, nowSec - 60).from).toBe(nowSec - 3600);
    expect(rangeWindow('all', nowSec, null).slot).toBe(60);
  });

  it('pads a flat line around its level and a range by its span', () => {
    expect(paddedBounds(0.03, 0.03, false)).toEqual({ minValue: 0.03 - 0.0006, maxValue: 0.03 + 0.0006 });
    expect(paddedBounds(0, 0, true)).toEqual({ minValue: 0, maxValue: 1 });
    const b = paddedBounds(10, 20, false);
    expect(b.minValue).toBeCloseTo(9.2);
    expect(b.maxValue).toBeCloseTo(20.8);
  });

  it('walks the circulating supply back through the burns', () => {
    const points = supplyFromBurns(
      '1000',
      [
        { createdAt: ago(60), amount: '10' },
        { createdAt: ago(120), amount: '5' },
      ],
      new Date(NOW).toISOString(),
      ago(24 * 60),
    );
    expect(points[0]).toEqual({ t: ago(24 * 60), value: '1015' });
    expect(points.at(-1)).toEqual({ t: new Date(NOW).toISOString(), value: '1000' });
    const series = prepareSeries(points, '24h', NOW, 'last');
    expect(series.min).toBe(1000);
    expect(series.max).toBe(1015);
  });
});
