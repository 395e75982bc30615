import { describe, expect, it } from 'vitest';
import { bonusAmount, providerFamilies, weightedStake } from './bonus-rules.js';
import { assertWithinMaxStake, bonusPartOf, bonusShareOf } from './bonus-stakes.js';

describe('bonus rules', () => {
  it('matches a deposit, floored, up to the maximum; a fixed bonus is its amount', () => {
    const match = { kind: 'deposit-match' as const, fixedE8: null, matchPpm: 1_000_000, maxBonusE8: 100n * 10n ** 8n };
    expect(bonusAmount(match, 40n * 10n ** 8n)).toBe(40n * 10n ** 8n);
    expect(bonusAmount(match, 250n * 10n ** 8n)).toBe(100n * 10n ** 8n);
    expect(bonusAmount({ ...match, matchPpm: 333_333 }, 100n)).toBe(33n);
    expect(bonusAmount({ kind: 'fixed', fixedE8: 5n, matchPpm: null, maxBonusE8: null }, 999n)).toBe(5n);
  });

  it('weights a stake by its game, and counts nothing above the maximum stake', () => {
    const terms = {
      gameWeightsPpm: { dice: 1_000_000, blackjack: 100_000 },
      defaultWeightPpm: 500_000,
      maxStakeE8: 1_000n,
    };
    expect(weightedStake(terms, { game: 'dice', amountE8: 999n })).toBe(999n);
    expect(weightedStake(terms, { game: 'blackjack', amountE8: 999n })).toBe(99n);
    expect(weightedStake(terms, { game: 'limbo', amountE8: 1_000n })).toBe(500n);
    expect(weightedStake(terms, { game: 'dice', amountE8: 1_001n })).toBe(0n);
  });

  it('weighs a provider wager by its most specific family the offer names', () => {
    const terms = {
      gameWeightsPpm: { 'provider-slots': 250_000, provider: 100_000 },
      defaultWeightPpm: 0,
      maxStakeE8: 10n ** 9n,
    };
    expect(weightedStake(terms, { game: providerFamilies('slots'), amountE8: 1_000n })).toBe(250n);
    expect(weightedStake(terms, { game: providerFamilies('live'), amountE8: 1_000n })).toBe(100n);
    expect(weightedStake({ ...terms, gameWeightsPpm: {} }, { game: providerFamilies('live'), amountE8: 1_000n })).toBe(
      0n,
    );
  });

  it('takes a stake in the offer order: cash first takes from the bonus what cash lacks, bonus first the reverse', () => {
    expect(bonusPartOf('cash-first', 100n, 150n, 50n)).toBe(0n);
    expect(bonusPartOf('cash-first', 100n, 70n, 50n)).toBe(30n);
    // More than the bonus holds: asked for anyway, and the ledger refuses the bet.
    expect(bonusPartOf('cash-first', 100n, 20n, 50n)).toBe(80n);
    expect(bonusPartOf('bonus-first', 100n, 0n, 150n)).toBe(100n);
    expect(bonusPartOf('bonus-first', 100n, 0n, 30n)).toBe(30n);
    expect(bonusPartOf('bonus-first', 100n, 0n, 0n)).toBe(0n);
  });

  it('splits a payout as the stake was, flooring the bonus share; a refund returns each part exactly', () => {
    expect(bonusShareOf(198n, 100n, 30n)).toBe(59n);
    expect(bonusShareOf(100n, 100n, 30n)).toBe(30n);
    expect(bonusShareOf(1n, 3n, 1n)).toBe(0n);
    expect(bonusShareOf(0n, 100n, 30n)).toBe(0n);
    expect(bonusShareOf(500n, 100n, 0n)).toBe(0n);
  });

  it('refuses a stake above the maximum with BONUS_MAX_STAKE naming it', () => {
    expect(() => assertWithinMaxStake({ maxStakeE8: 300_000_000n }, 300_000_000n, 'USD')).not.toThrow();
    expect(() => assertWithinMaxStake({ maxStakeE8: 300_000_000n }, 300_000_001n, 'USD')).toThrow(
      'While your bonus is active the maximum stake is 3 USD',
    );
  });
});
