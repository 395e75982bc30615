import { describe, expect, it } from 'vitest';
import { graphLevel, historyBars } from './crash-history';

/** Issue 45, point 12: the crash page's graph of recent crash points. */
describe('crash history graph', () => {
  it('draws the rounds oldest first, on a log scale, green from 2x, a cancelled round as a grey stub', () => {
    // As the server lists them: newest first, ids past 2^31.
    const rounds = [
      { id: '2147483652', number: 5, state: 'ended', crashPoint: '250.00' },
      { id: '2147483651', number: 4, state: 'cancelled' },
      { id: '2147483650', number: 3, state: 'ended', crashPoint: '2.00' },
      { id: '2147483649', number: 2, state: 'ended', crashPoint: '1.00' },
      { id: '2147483648', number: 1, state: 'ended', crashPoint: '10.30' },
    ];
    const bars = historyBars(rounds);
    expect(bars.map((bar) => bar.number)).toEqual([1, 2, 3, 4, 5]);
    expect(bars.map((bar) => bar.color)).toEqual(['teal', 'red', 'teal', 'gray', 'teal']);
    expect(bars.map((bar) => bar.label)).toEqual([
      'Round 1: 10.30x',
      'Round 2: 1.00x',
      'Round 3: 2.00x',
      'Round 4: void',
      'Round 5: 250.00x',
    ]);
    expect(bars[4]!.height).toBe(1);
    expect(bars[0]!.height).toBeCloseTo(Math.log(10.3) / Math.log(100), 10);
    expect(bars[1]!.height).toBeGreaterThan(0);
  });

  it('a higher crash point never draws a lower bar', () => {
    const points = [1, 1.01, 1.5, 2, 3.3, 10, 99.99, 100, 1_000_000];
    const levels = points.map(graphLevel);
    for (let i = 1; i < levels.length; i += 1) expect(levels[i]!).toBeGreaterThanOrEqual(levels[i - 1]!);
    expect(levels[levels.length - 1]).toBe(1);
  });
});
