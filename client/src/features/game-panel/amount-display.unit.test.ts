import { describe, expect, it } from 'vitest';
import { formatAmount, formatAmountNotHidingDust } from '../../lib/money';
import { formatMultiplier } from '../bets/bet-format';
import { addBet, EMPTY_STATS } from './session-stats';

/** Issue 45, point 4: what a player reads agrees with itself. */
describe('amount display', () => {
  it('a multiplier is rounded as the payout beside it is: 1.125x reads 1.13x next to "Won 1.13 USD"', () => {
    expect(formatAmount('1.125', 'USD')).toBe('1.13');
    expect(formatMultiplier('1.125')).toBe('1.13x');
    expect(formatMultiplier('1.1249')).toBe('1.12x');
    expect(formatMultiplier('2')).toBe('2.00x');
    expect(formatMultiplier('1000000')).toBe('1,000,000.00x');
    expect(formatMultiplier('0')).toBe('0.00x');
  });

  it('an amount under the display precision reads "<0.01", never a plain 0.00 that hides it', () => {
    expect(formatAmountNotHidingDust('0.00035447', 'USD')).toBe('<0.01');
    expect(formatAmountNotHidingDust('0.03544762', 'USD')).toBe('0.04');
    expect(formatAmountNotHidingDust('0', 'USD')).toBe('0.00');
    expect(formatAmountNotHidingDust('12.5', 'BZU')).toBe('12.50');
    expect(formatAmountNotHidingDust('0.004', 'BZU')).toBe('<0.01');
    expect(formatAmountNotHidingDust('0.005', 'USD')).toBe('0.01');
  });

  it('live stats count a bet as the server settled it: a 1.00x plinko result (state won, green pill) is a win', () => {
    const even = { id: '1', state: 'won' as const, amount: '1', payout: '1' };
    const lost = { id: '2', state: 'lost' as const, amount: '1', payout: '0.5' };
    const stats = addBet(addBet(EMPTY_STATS, even), lost);
    expect({ wins: stats.wins, losses: stats.losses }).toEqual({ wins: 1, losses: 1 });
    expect(stats.profit).toBe(-50_000_000n);
  });
});
