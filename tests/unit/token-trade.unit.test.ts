import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountedFeeBps, HOLDER_TIERS, holderTier } from '../../server/src/domain/token/holder-tiers.js';
import { minimumReceived, quoteTrade, TradeTooSmallError } from '../../server/src/domain/token/pool-trade.js';
import { costBasis, tradeLegs } from '../../server/src/domain/token/trade.service.js';
import { assertBalanced } from '../../server/src/domain/wallet/ledger.service.js';

const UNIT = 100_000_000n;
const reserve = fc.bigInt({ min: 1_000n * UNIT, max: 10_000_000_000n * UNIT });
const amount = fc.bigInt({ min: 1n, max: 100_000_000n * UNIT });
const side = fc.constantFrom('buy' as const, 'sell' as const);
const fee = fc.integer({ min: 0, max: 1_000 });

describe('pool trades (x * y = k, integer 1e-8 units)', () => {
  it('never lets the product of the reserves decrease, and the ledger legs balance, for any trade sequence', () => {
    fc.assert(
      fc.property(
        reserve,
        reserve,
        fc.array(fc.tuple(side, amount, fee), { minLength: 1, maxLength: 30 }),
        (bzu, usd, trades) => {
          let reserves = { bzu, usd };
          for (const [s, a, f] of trades) {
            let quote;
            try {
              quote = quoteTrade(reserves, s, a, f);
            } catch (error) {
              if (error instanceof RangeError) continue;
              throw error;
            }
            const after = quote.reservesAfter;
            expect(after.bzu * after.usd >= reserves.bzu * reserves.usd).toBe(true);
            expect(after.bzu > 0n && after.usd > 0n).toBe(true);
            expect(quote.amountOut > 0n).toBe(true);
            // Pool + fee + player sum to zero in each currency.
            expect(() => assertBalanced(tradeLegs(7, quote))).not.toThrow();
            // What the pool gained/lost is what the player paid/received, minus the fee that went to the house.
            if (s === 'buy') {
              expect(after.usd - reserves.usd).toBe(a - quote.fee);
              expect(reserves.bzu - after.bzu).toBe(quote.amountOut);
            } else {
              expect(after.bzu - reserves.bzu).toBe(a);
              expect(reserves.usd - after.usd).toBe(quote.amountOut + quote.fee);
            }
            reserves = after;
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('charges the fee in USD, rounded up, and never more than the configured rate plus one unit', () => {
    fc.assert(
      fc.property(reserve, reserve, amount, fee, (bzu, usd, a, f) => {
        let quote;
        try {
          quote = quoteTrade({ bzu, usd }, 'buy', a, f);
        } catch (error) {
          if (error instanceof RangeError) return;
          throw error;
        }
        expect(quote.fee * 10_000n >= a * BigInt(f)).toBe(true);
        expect(quote.fee * 10_000n < a * BigInt(f) + 10_000n).toBe(true);
      }),
    );
  });

  it('prices the seeded pool as expected: 100 USD buys just under 4000 BZU at 0.025 with a 0.3 % fee', () => {
    const quote = quoteTrade({ bzu: 10_000_000n * UNIT, usd: 250_000n * UNIT }, 'buy', 100n * UNIT, 30);
    expect(quote.fee).toBe(30_000_000n);
    // 99.7 USD into the pool: 99.7 * 10M / 250099.7 BZU.
    expect(quote.amountOut).toBe((9_970_000_000n * 10_000_000n * UNIT) / (250_000n * UNIT + 9_970_000_000n));
    expect(quote.priceBefore).toBe(2_500_000n);
    expect(quote.priceAfter > quote.priceBefore).toBe(true);
    expect(quote.priceImpactPpm).toBe(398n);
    expect(minimumReceived(quote.amountOut, 50)).toBe((quote.amountOut * 9_950n) / 10_000n);
    expect(() => quoteTrade({ bzu: 10n * UNIT, usd: 10n * UNIT }, 'buy', 1n, 30)).toThrow(TradeTooSmallError);
  });
});

describe('holder tiers', () => {
  it('picks the highest tier whose minimum is met, and discounts the trade fee by it', () => {
    expect(holderTier(0n).id).toBe('none');
    expect(holderTier(999n * UNIT).id).toBe('none');
    expect(holderTier(2_100n * UNIT).id).toBe('bronze');
    expect(holderTier(10_000n * UNIT).id).toBe('silver');
    expect(holderTier(5_000_000n * UNIT).id).toBe('diamond');
    expect(discountedFeeBps(30, 0n)).toBe(30);
    expect(discountedFeeBps(30, 2_100n * UNIT)).toBe(27);
    expect(discountedFeeBps(30, 100_000n * UNIT)).toBe(15);
    // One table, ordered, every benefit growing with the tier.
    for (let i = 1; i < HOLDER_TIERS.length; i++) {
      expect(HOLDER_TIERS[i]!.minBzu > HOLDER_TIERS[i - 1]!.minBzu).toBe(true);
      expect(HOLDER_TIERS[i]!.rakebackBoostBps).toBeGreaterThan(HOLDER_TIERS[i - 1]!.rakebackBoostBps);
      expect(HOLDER_TIERS[i]!.raffleTickets).toBeGreaterThan(HOLDER_TIERS[i - 1]!.raffleTickets);
    }
  });
});

describe('cost basis', () => {
  it('averages buys, realises sells against the average cost, and leaves deposited BZU out', () => {
    const basis = costBasis([
      { side: 'buy', bzuAmount: 100n * UNIT, usdAmount: 10n * UNIT },
      { side: 'buy', bzuAmount: 100n * UNIT, usdAmount: 30n * UNIT },
      { side: 'sell', bzuAmount: 50n * UNIT, usdAmount: 15n * UNIT },
      // 250 sold but only 150 bought-and-held: 100 came from a deposit.
      { side: 'sell', bzuAmount: 250n * UNIT, usdAmount: 50n * UNIT },
    ]);
    // Average 0.2; first sell realises 15 - 10 = 5; second matches 150 at cost 30, proceeds 30.
    expect(basis).toEqual({ position: 0n, cost: 0n, realized: 5n * UNIT, bought: 200n * UNIT, sold: 300n * UNIT });
  });
});
