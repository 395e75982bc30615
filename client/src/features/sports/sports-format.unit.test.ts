import { describe, expect, it } from 'vitest';
import { combinedOdds, listedEvents, oddsToMilli, potentialReturn, stakeToUnits } from './sports-format';

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

describe('the events list', () => {
  it('drops settled markets, and events with nothing left to bet on, but keeps events still waiting for markets', () => {
    const events = [
      {
        id: 'a',
        markets: [
          { id: '1', status: 'settled' },
          { id: '2', status: 'suspended' },
        ],
      },
      { id: 'b', markets: [{ id: '3', status: 'settled' }] },
      { id: 'c', markets: [] },
    ];
    expect(listedEvents(events)).toEqual([
      { id: 'a', markets: [{ id: '2', status: 'suspended' }] },
      { id: 'c', markets: [] },
    ]);
  });
});
