import { describe, expect, it } from 'vitest';
import { betOutcome, cashOutValue, formatOdds, parseOdds, policyAccepts, potentialReturn } from './sports-math.js';
import { combinedOdds } from './sports.views.js';

const E8 = 100_000_000n;

describe('sportsbook arithmetic', () => {
  it('parses and formats odds exactly in thousandths', () => {
    expect(parseOdds('2.15')).toBe(2150);
    expect(parseOdds('1.001')).toBe(1001);
    expect(parseOdds('1000')).toBe(1_000_000);
    expect(formatOdds(2150)).toBe('2.15');
    expect(formatOdds(3000)).toBe('3.00');
    expect(formatOdds(1001)).toBe('1.001');
    for (const bad of ['1', '1.000', '0.5', '2.1555', '1000.001', '-2', '2,5', '1e3'])
      expect(() => parseOdds(bad)).toThrow(RangeError);
  });

  it('multi return is stake x product of odds, floored to 1e-8 once at the end', () => {
    // 10 x 2.15 x 1.333 x 3.007 = 86.1791165 exactly
    expect(potentialReturn(10n * E8, [2150, 1333, 3007])).toBe(8_617_911_650n);
    // 0.33333333 x 2.15 x 1.333 x 3.007 = 2.87263718794029... -> 2.87263718 (checked with Python's Decimal)
    expect(potentialReturn(33_333_333n, [2150, 1333, 3007])).toBe(287_263_718n);
    // 0.00000001 at 1.999: 0.00000001999 floors to 0.00000001 (no per-leg rounding)
    expect(potentialReturn(1n, [1999])).toBe(1n);
    expect(potentialReturn(3n, [1500, 1500])).toBe(6n); // 6.75 -> 6
    // Ten legs at 1.001 on 1.00000000: 1.0100451202102... -> 1.01004512
    expect(potentialReturn(E8, Array(10).fill(1001))).toBe(101_004_512n);
    expect(combinedOdds([2150, 1333])).toBe('2.86595');
    expect(combinedOdds([2000])).toBe('2.00');
  });

  it('settles a multi: a lost leg loses, a void leg drops out at 1.0, all void refunds, undecided stays open', () => {
    const stake = 10n * E8;
    expect(
      betOutcome(stake, [
        { odds: 2000, result: 'won' },
        { odds: 3000, result: 'won' },
      ]),
    ).toEqual({ status: 'won', payout: 60n * E8 });
    expect(
      betOutcome(stake, [
        { odds: 2000, result: 'won' },
        { odds: 3000, result: 'void' },
      ]),
    ).toEqual({ status: 'won', payout: 20n * E8 });
    expect(
      betOutcome(stake, [
        { odds: 2000, result: null },
        { odds: 3000, result: 'lost' },
      ]),
    ).toEqual({ status: 'lost', payout: 0n });
    expect(
      betOutcome(stake, [
        { odds: 2000, result: 'won' },
        { odds: 3000, result: null },
      ]),
    ).toEqual({ status: 'open', payout: 0n });
    expect(betOutcome(stake, [{ odds: 2000, result: 'void' }])).toEqual({ status: 'void', payout: stake });
  });

  it('cash-out = stake x won odds x original/current for undecided legs x (1 - margin), floored', () => {
    const stake = 10n * E8;
    // Odds shortened from 2.00 to 1.50: fair 13.33333333..., 5% margin -> 12.66666666
    expect(cashOutValue(stake, [{ odds: 2000, currentOdds: 1500, result: null }], 50_000n)).toBe(1_266_666_666n);
    // A won leg at 2.00 and an undecided one unchanged at 3.00: fair 20, no margin
    expect(
      cashOutValue(
        stake,
        [
          { odds: 2000, currentOdds: 2000, result: 'won' },
          { odds: 3000, currentOdds: 3000, result: null },
        ],
        0n,
      ),
    ).toBe(20n * E8);
    expect(
      cashOutValue(
        stake,
        [
          { odds: 2000, currentOdds: 2000, result: 'lost' },
          { odds: 3000, currentOdds: 3000, result: null },
        ],
        0n,
      ),
    ).toBeNull();
    expect(cashOutValue(stake, [{ odds: 2000, currentOdds: 2000, result: 'won' }], 0n)).toBeNull();
  });

  it('applies the odds-change policies', () => {
    expect([
      policyAccepts('none', 2000, 2000),
      policyAccepts('none', 2000, 2100),
      policyAccepts('none', 2000, 1900),
    ]).toEqual([true, false, false]);
    expect([policyAccepts('higher', 2000, 2100), policyAccepts('higher', 2000, 1900)]).toEqual([true, false]);
    expect([policyAccepts('any', 2000, 1100), policyAccepts('any', 2000, 9000)]).toEqual([true, true]);
  });
});
