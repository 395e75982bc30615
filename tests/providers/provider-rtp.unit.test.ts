import { describe, expect, it } from 'vitest';
import { fromUnits, payoutRatio, SYMBOLS, toUnits } from '../../providers/reference/demo-slot.js';
import { houseEdgePpmOfRtp } from '../../server/src/domain/providers/provider-rtp.js';

describe('declared RTP as the accruals read it', () => {
  it('turns a percentage with up to 4 decimals into the exact house edge in ppm', () => {
    expect(houseEdgePpmOfRtp('96.5')).toBe(35_000);
    expect(houseEdgePpmOfRtp('96')).toBe(40_000);
    expect(houseEdgePpmOfRtp('97.3')).toBe(27_000);
    expect(houseEdgePpmOfRtp('95.4123')).toBe(45_877);
    expect(houseEdgePpmOfRtp('100')).toBe(0);
    expect(() => houseEdgePpmOfRtp('0')).toThrow(RangeError);
    expect(() => houseEdgePpmOfRtp('100.01')).toThrow(RangeError);
    expect(() => houseEdgePpmOfRtp('96.12345')).toThrow(RangeError);
  });
});

describe('the reference provider demo slot', () => {
  it('returns exactly the declared 96 % over every stop combination', () => {
    let numerator = 0n;
    let denominator = 0n;
    // Each combination is equally likely: sum the payout fractions over a common denominator of 4.
    for (const a of SYMBOLS)
      for (const b of SYMBOLS)
        for (const c of SYMBOLS) {
          const [n, d] = payoutRatio([a, b, c]);
          numerator += (n * 4n) / d;
          denominator += 4n;
        }
    expect(numerator * 100n).toBe(denominator * 96n);
  });

  it('keeps amounts exact in 1e-8 units', () => {
    expect(toUnits('1.25')).toBe(125_000_000n);
    expect(fromUnits((toUnits('0.1') * 5n) / 4n)).toBe('0.125');
    expect(fromUnits(toUnits('13'))).toBe('13');
  });
});
