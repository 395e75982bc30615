import { poolSpotPrice, type PoolReserves } from './token-math.js';

/**
 * Pricing of one trade against the BZU/USD constant-product pool, in integer 1e-8 units. The
 * quote and the execution call the same function with the same reserves, so a quote is exactly
 * what executes while the pool has not moved.
 *
 * The fee is always USD and goes to the house (not into the pool): taken from the USD paid on a
 * buy, from the USD received on a sell. What the pool pays out is rounded down, so the product
 * of the reserves never decreases.
 */
export type TradeSide = 'buy' | 'sell';

export interface TradeQuote {
  side: TradeSide;
  /** USD paid (buy) or BZU sold (sell), fee included. */
  amountIn: bigint;
  /** BZU received (buy) or USD received after the fee (sell). */
  amountOut: bigint;
  /** USD to the house. */
  fee: bigint;
  feeBps: number;
  /** Spot price before and after, USD per BZU. */
  priceBefore: bigint;
  priceAfter: bigint;
  /** Average USD per BZU the trader gets, fee included. */
  executionPrice: bigint;
  /** How far the execution (before the fee) is from the spot price, in ppm (always >= 0). */
  priceImpactPpm: bigint;
  reservesAfter: PoolReserves;
}

const BPS = 10_000n;
const PPM = 1_000_000n;

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

export class TradeTooSmallError extends RangeError {}
export class InsufficientLiquidityError extends RangeError {}

export function quoteTrade(reserves: PoolReserves, side: TradeSide, amountIn: bigint, feeBps: number): TradeQuote {
  if (amountIn <= 0n) throw new TradeTooSmallError('The amount must be positive');
  if (feeBps < 0 || feeBps > 10_000 || !Number.isInteger(feeBps))
    throw new RangeError('feeBps must be an integer 0..10000');
  const priceBefore = poolSpotPrice(reserves);
  const bps = BigInt(feeBps);
  if (side === 'buy') {
    const fee = ceilDiv(amountIn * bps, BPS);
    const usdIntoPool = amountIn - fee;
    const bzuOut = usdIntoPool > 0n ? (usdIntoPool * reserves.bzu) / (reserves.usd + usdIntoPool) : 0n;
    if (bzuOut <= 0n) throw new TradeTooSmallError('The amount is too small to buy any BZU');
    if (bzuOut >= reserves.bzu) throw new InsufficientLiquidityError('The pool does not hold that much BZU');
    const reservesAfter = { bzu: reserves.bzu - bzuOut, usd: reserves.usd + usdIntoPool };
    // Impact = (usd paid into the pool per BZU) / spot - 1 = usdIn*bzuR / (out*usdR) - 1.
    const impact = (usdIntoPool * reserves.bzu * PPM) / (bzuOut * reserves.usd) - PPM;
    return {
      side,
      amountIn,
      amountOut: bzuOut,
      fee,
      feeBps,
      priceBefore,
      priceAfter: poolSpotPrice(reservesAfter),
      executionPrice: (amountIn * 100_000_000n) / bzuOut,
      priceImpactPpm: impact < 0n ? 0n : impact,
      reservesAfter,
    };
  }
  const usdGross = (amountIn * reserves.usd) / (reserves.bzu + amountIn);
  if (usdGross >= reserves.usd) throw new InsufficientLiquidityError('The pool does not hold that much USD');
  const fee = ceilDiv(usdGross * bps, BPS);
  const usdOut = usdGross - fee;
  if (usdOut <= 0n) throw new TradeTooSmallError('The amount is too small to receive any USD');
  const reservesAfter = { bzu: reserves.bzu + amountIn, usd: reserves.usd - usdGross };
  // Impact = 1 - (usd out of the pool per BZU) / spot = 1 - gross*bzuR / (in*usdR).
  const impact = PPM - (usdGross * reserves.bzu * PPM) / (amountIn * reserves.usd);
  return {
    side,
    amountIn,
    amountOut: usdOut,
    fee,
    feeBps,
    priceBefore,
    priceAfter: poolSpotPrice(reservesAfter),
    executionPrice: (usdOut * 100_000_000n) / amountIn,
    priceImpactPpm: impact < 0n ? 0n : impact,
    reservesAfter,
  };
}

/** The least a trade may pay out within a slippage tolerance (bps), rounded down. */
export function minimumReceived(amountOut: bigint, slippageBps: number): bigint {
  return (amountOut * (BPS - BigInt(slippageBps))) / BPS;
}

/** ppm -> percent number with 4 decimals (e.g. 1.2345), for display fields. */
export function ppmToPercent(ppm: bigint): number {
  return Number(ppm) / 10_000;
}
