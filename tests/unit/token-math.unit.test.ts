import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  marketCap,
  percentChange,
  poolSpotPrice,
  referencePrice,
  swapAmountOut,
} from '../../server/src/domain/token/token-math.js';
import { formatUnits, numberToUnits, parseUnits, unitsToNumber } from '../../server/src/domain/token/token-units.js';

describe('token units', () => {
  it('parses and formats 1e-8 units exactly', () => {
    expect(parseUnits('12.5')).toBe(1_250_000_000n);
    expect(parseUnits('0.00000001')).toBe(1n);
    expect(formatUnits(1n)).toBe('0.00000001');
    expect(formatUnits(-150_000_000n)).toBe('-1.50000000');
    expect(() => parseUnits('1.000000001')).toThrow(RangeError);
    expect(() => parseUnits('1e-8')).toThrow(RangeError);
  });

  it('round-trips any amount through its decimal string', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        (value) => parseUnits(formatUnits(value)) === value,
      ),
    );
  });

  it('keeps 8 decimals when a price becomes a legacy JSON number', () => {
    expect(unitsToNumber(1_234_567n)).toBe(0.01234567);
    expect(unitsToNumber(2_500_000n).toFixed(7)).toBe('0.0250000');
    expect(numberToUnits(0.1 + 0.2)).toBe(30_000_000n);
  });
});

describe('constant-product pool', () => {
  it('prices BZU as usd reserve / bzu reserve, rounded down', () => {
    expect(poolSpotPrice({ bzu: parseUnits('10000000'), usd: parseUnits('250000') })).toBe(parseUnits('0.025'));
    expect(poolSpotPrice({ bzu: 3n, usd: 1n })).toBe(33_333_333n);
    expect(() => poolSpotPrice({ bzu: 0n, usd: 1n })).toThrow(RangeError);
  });

  it('quotes swaps with the Uniswap v2 formula and never breaks k', () => {
    const out = swapAmountOut(parseUnits('1000'), parseUnits('250000'), parseUnits('10000000'), 30n);
    // 1000 USD at 0.025 USD/BZU is at most 40 000 BZU; fee and slippage take a little off.
    expect(out).toBeLessThan(parseUnits('40000'));
    expect(out).toBeGreaterThan(parseUnits('39700'));
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 10n ** 8n, max: 10n ** 17n }),
        fc.bigInt({ min: 10n ** 8n, max: 10n ** 17n }),
        (amountIn, reserveIn, reserveOut) => {
          const amountOut = swapAmountOut(amountIn, reserveIn, reserveOut);
          return amountOut < reserveOut && (reserveIn + amountIn) * (reserveOut - amountOut) >= reserveIn * reserveOut;
        },
      ),
    );
  });
});

describe('24 h change and market cap', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3600_000);

  it('computes the percentage change to 4 decimals, toward zero', () => {
    expect(percentChange(110n, 100n)).toBe(10);
    expect(percentChange(90n, 100n)).toBe(-10);
    expect(percentChange(1n, 3n)).toBe(-66.6666);
    expect(percentChange(5n, null)).toBe(0);
    expect(percentChange(5n, 0n)).toBe(0);
  });

  it('compares with the last sample at or before 24 h ago', () => {
    const samples = [
      { at: at(30), price: 50n },
      { at: at(24), price: 80n },
      { at: at(23), price: 90n },
    ];
    expect(referencePrice(samples, now)).toBe(80n);
  });

  it('falls back to the oldest sample when the history is younger than a day', () => {
    expect(
      referencePrice(
        [
          { at: at(2), price: 70n },
          { at: at(5), price: 60n },
        ],
        now,
      ),
    ).toBe(60n);
    expect(referencePrice([], now)).toBeNull();
  });

  it('multiplies price by circulating supply in units', () => {
    expect(marketCap(parseUnits('0.025'), parseUnits('590000000'))).toBe(parseUnits('14750000'));
  });
});
