import { describe, expect, it } from 'vitest';
import { betResultBadge, betResultKind } from './bet-state';
import { parseMyBetsSearch } from '../bets/my-bets-search';
import { addBet, EMPTY_STATS } from './session-stats';

/** Issue 45, point 9: a bet that gave part of its stake back is not simply lost, and a refund is not a win at 1.00x. */
describe('how a bet result reads', () => {
  it('baccarat on both sides that returned less than its stake reads as a partial return, not "lost"', () => {
    // 1 on the player and 1 on the banker, the banker won: 1 x 1.95 back of 2 staked.
    const both = { state: 'lost' as const, amount: '2', payout: '1.95' };
    expect(betResultKind(both)).toBe('partial');
    expect(betResultBadge(both)).toEqual({ label: 'partial return', color: 'orange' });
    expect(betResultKind({ state: 'lost', payout: '0' })).toBe('lost');
    expect(betResultKind({ state: 'won', payout: '2' })).toBe('won');
    expect(betResultKind({ state: 'open', payout: '0' })).toBe('open');
  });

  it('a refunded crash bet reads refunded, counts neither as a win nor a loss, and is a My bets filter', () => {
    const refund = { id: '2147483653', state: 'refunded' as const, amount: '2', payout: '2' };
    expect(betResultBadge(refund)).toEqual({ label: 'refunded', color: 'gray' });
    const stats = addBet(EMPTY_STATS, refund);
    expect({ wins: stats.wins, losses: stats.losses, wagered: stats.wagered }).toEqual({
      wins: 0,
      losses: 0,
      wagered: 0n,
    });
    expect(parseMyBetsSearch({ state: 'refunded' })).toEqual({ state: 'refunded' });
  });
});
