import { UNIT } from './token-units.js';

/** Reserves of a constant-product (x * y = k) pool, both in 1e-8 units. */
export interface PoolReserves {
  bzu: bigint;
  usd: bigint;
}

/** Spot price of 1 BZU in USD, in 1e-8 units, rounded down: usd / bzu. */
export function poolSpotPrice({ bzu, usd }: PoolReserves): bigint {
  if (bzu <= 0n || usd <= 0n) throw new RangeError('Pool reserves must be positive');
  return (usd * UNIT) / bzu;
}

/**
 * Output of a swap of `amountIn` against a constant-product pool with a fee in basis points
 * (Uniswap v2 formula), rounded down so the pool never pays out more than k allows.
 */
export function swapAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint, feeBps = 30n): bigint {
  if (amountIn <= 0n) throw new RangeError('amountIn must be positive');
  if (reserveIn <= 0n || reserveOut <= 0n) throw new RangeError('Pool reserves must be positive');
  const inWithFee = amountIn * (10_000n - feeBps);
  return (inWithFee * reserveOut) / (reserveIn * 10_000n + inWithFee);
}

/**
 * Percentage change from `reference` to `latest`, rounded toward zero at 4 decimals (e.g. 12.3456).
 * No reference (or a zero one) means no change can be stated: 0.
 */
export function percentChange(latest: bigint, reference: bigint | null): number {
  if (reference === null || reference === 0n) return 0;
  const scaled = ((latest - reference) * 1_000_000n) / reference;
  return Number(scaled) / 10_000;
}

/** price (USD per BZU) x supply (BZU), both in 1e-8 units -> USD in 1e-8 units. */
export function marketCap(price: bigint, circulatingSupply: bigint): bigint {
  return (price * circulatingSupply) / UNIT;
}

export interface PriceSample {
  at: Date;
  price: bigint;
}

/**
 * The price to compare with for a 24 h change: the last sample at or before `now - 24h`; when the
 * history is younger than a day, the oldest sample there is.
 */
export function referencePrice(samples: PriceSample[], now: Date, windowMs = 24 * 3600_000): bigint | null {
  if (samples.length === 0) return null;
  const cutoff = now.getTime() - windowMs;
  let before: PriceSample | null = null;
  let oldest: PriceSample = samples[0]!;
  for (const sample of samples) {
    if (sample.at.getTime() < oldest.at.getTime()) oldest = sample;
    if (sample.at.getTime() <= cutoff && (!before || sample.at.getTime() > before.at.getTime())) before = sample;
  }
  return (before ?? oldest).price;
}
