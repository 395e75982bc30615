import { describe, expect, it } from 'vitest';
import { betResult, providerRoundResult } from './bet-result.js';

describe('bet result words', () => {
  it('a loss that paid something back is partial; a loss of everything is lost; others keep their state', () => {
    expect(betResult({ state: 'lost', payout: '1.95' })).toBe('partial');
    expect(betResult({ state: 'lost', payout: '0.00000001' })).toBe('partial');
    expect(betResult({ state: 'lost', payout: '0' })).toBe('lost');
    expect(betResult({ state: 'lost', payout: '0.00' })).toBe('lost');
    expect(betResult({ state: 'won', payout: '2' })).toBe('won');
    expect(betResult({ state: 'refunded', payout: '1' })).toBe('refunded');
    expect(betResult({ state: 'open', payout: '0' })).toBe('open');
  });

  it("a studio's round: rolled back is refunded, a win under the stake partial, none lost", () => {
    expect(providerRoundResult({ staked: 100n, won: 0n, rolledBack: 100n })).toBe('refunded');
    expect(providerRoundResult({ staked: 100n, won: 100n, rolledBack: 0n })).toBe('won');
    expect(providerRoundResult({ staked: 100n, won: 50n, rolledBack: 0n })).toBe('partial');
    expect(providerRoundResult({ staked: 100n, won: 0n, rolledBack: 0n })).toBe('lost');
  });
});
