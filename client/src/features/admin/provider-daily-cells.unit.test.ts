import { describe, expect, it } from 'vitest';
import { providerDailyCells } from './provider-daily-cells';

describe('provider transactions table cells', () => {
  it('gives Bets, Wins, Rollbacks and GGR each with the row currency', () => {
    const cells = providerDailyCells({
      currency: 'BZU',
      bets: '120.5',
      betCount: 7,
      wins: '100.25',
      rollbacks: '2',
      ggr: '18.25',
    });
    expect(cells).toEqual({
      bets: '120.5 BZU (7)',
      wins: '100.25 BZU',
      rollbacks: '2 BZU',
      ggr: '18.25 BZU',
      ggrNegative: false,
    });
  });

  it('keeps the currency and the sign on a negative GGR, and marks it', () => {
    const cells = providerDailyCells({
      currency: 'USD',
      bets: '1',
      betCount: 1,
      wins: '3.5',
      rollbacks: '0',
      ggr: '-2.5',
    });
    expect(cells.ggr).toBe('-2.5 USD');
    expect(cells.wins).toBe('3.5 USD');
    expect(cells.rollbacks).toBe('0 USD');
    expect(cells.ggrNegative).toBe(true);
  });
});
