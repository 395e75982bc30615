import { describe, expect, it } from 'vitest';
import { formatChance, formatCountdown, groupPrizes, ticketsLabel } from './raffle-format';

describe('raffle page formats', () => {
  it('counts down in days, hours, minutes and seconds, and stops at zero', () => {
    expect(formatCountdown(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toBe('2d 03:04:05');
    expect(formatCountdown(59_000)).toBe('00:00:59');
    expect(formatCountdown(-5_000)).toBe('00:00:00');
  });

  it('shows a probability as a percentage, never a misleading 0.00%', () => {
    expect(formatChance('0.0123')).toBe('1.23%');
    expect(formatChance('1')).toBe('100.00%');
    expect(formatChance('0')).toBe('0.00%');
    expect(formatChance('0.00001234')).toBe('< 0.01%');
    expect(formatChance('0.99996')).toBe('100.00%');
  });

  it('counts tickets in English', () => {
    expect(ticketsLabel(1)).toBe('1 ticket');
    expect(ticketsLabel(1200)).toBe('1,200 tickets');
  });

  it('groups runs of equal shares into one row, whatever the amounts (an empty pool pays $0.00 everywhere)', () => {
    const prizes = [
      { index: 0, sharePpm: 250_000, estimatedAmount: '0' },
      { index: 1, sharePpm: 150_000, estimatedAmount: '0' },
      { index: 2, sharePpm: 100_000, estimatedAmount: '0' },
      ...Array.from({ length: 47 }, (_, i) => ({ index: 3 + i, sharePpm: 10_638, estimatedAmount: '0' })),
    ];
    const rows = groupPrizes(prizes);
    expect(rows.map((row) => [row.places, row.count, row.prize.sharePpm])).toEqual([
      ['1st', 1, 250_000],
      ['2nd', 1, 150_000],
      ['3rd', 1, 100_000],
      ['4th-50th', 47, 10_638],
    ]);
    expect(groupPrizes([])).toEqual([]);
  });
});
