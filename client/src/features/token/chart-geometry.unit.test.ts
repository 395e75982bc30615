import { describe, expect, it } from 'vitest';
import { layoutChart } from './chart-geometry';

const box = { width: 200, height: 100, padY: 10 };

describe('holdings chart geometry', () => {
  it('spans the width by time and the height by price (higher price, higher on screen)', () => {
    const layout = layoutChart(
      [
        { t: '2026-01-01T02:00:00Z', price: '0.03' },
        { t: '2026-01-01T00:00:00Z', price: '0.01' },
        { t: '2026-01-01T01:00:00Z', price: '0.02' },
      ],
      box,
    )!;
    expect(layout.plotted.map((p) => [p.x, p.y])).toEqual([
      [0, 90],
      [100, 50],
      [200, 10],
    ]);
    expect(layout.min.price).toBe('0.01');
    expect(layout.max.price).toBe('0.03');
    expect(layout.line).toBe('M0 90 L100 50 L200 10');
    expect(layout.area).toBe('M0 90 L100 50 L200 10 L200 100 L0 100 Z');
  });

  it('puts a single point or a flat price in the middle', () => {
    const single = layoutChart([{ t: '2026-01-01T00:00:00Z', price: '0.025' }], box)!;
    expect(single.plotted.map((p) => [p.x, p.y])).toEqual([[100, 50]]);
    const flat = layoutChart(
      [
        { t: '2026-01-01T00:00:00Z', price: '0.025' },
        { t: '2026-01-01T01:00:00Z', price: '0.025' },
      ],
      box,
    )!;
    expect(flat.plotted.map((p) => p.y)).toEqual([50, 50]);
  });

  it('has nothing to draw without points or width, and skips malformed points', () => {
    expect(layoutChart([], box)).toBeNull();
    expect(layoutChart([{ t: '2026-01-01T00:00:00Z', price: '1' }], { ...box, width: 0 })).toBeNull();
    expect(
      layoutChart(
        [
          { t: 'never', price: '1' },
          { t: '2026-01-01T00:00:00Z', price: 'x' },
        ],
        box,
      ),
    ).toBeNull();
  });
});
