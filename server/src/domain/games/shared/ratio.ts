/**
 * Exact rational arithmetic for multipliers and returns to player: payouts are `floor(amount x multiplier)`
 * computed on bigints, never on floats (FAIRNESS.md "Money").
 */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

export function ratio(num: bigint, den: bigint = 1n): Ratio {
  if (den <= 0n) throw new RangeError('denominator must be positive');
  const g = gcd(num < 0n ? -num : num, den);
  return g > 1n ? { num: num / g, den: den / g } : { num, den };
}

export function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

export function addRatio(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function mulRatio(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.num, a.den * b.den);
}

export function compareRatio(a: Ratio, b: Ratio): number {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** "5.6" -> 56/10: an exact decimal string (no sign, no exponent) as a ratio. */
export function parseDecimal(text: string): Ratio {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal: ${text}`);
  const fraction = match[2] ?? '';
  return ratio(BigInt(match[1] + fraction), 10n ** BigInt(fraction.length));
}

/** floor(amount x multiplier) in 1e-8 units. */
export function applyRatio(amount: bigint, multiplier: Ratio): bigint {
  return (amount * multiplier.num) / multiplier.den;
}

/** The ratio floored to `decimals` places, as a fixed-point string: 99/49 -> "2.0204". */
export function formatRatio(value: Ratio, decimals = 4): string {
  const scale = 10n ** BigInt(decimals);
  const scaled = (value.num * scale) / value.den;
  const whole = scaled / scale;
  if (decimals === 0) return whole.toString();
  const fraction = (scaled % scale).toString().padStart(decimals, '0');
  return `${whole}.${fraction}`;
}

/** Binomial coefficient C(n, k) as a bigint (0 outside 0 <= k <= n). */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  const kk = Math.min(k, n - k);
  for (let i = 0; i < kk; i += 1) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** A number with at most 2 decimals as an integer of hundredths, or null when it has more. */
export function toHundredths(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const hundredths = Math.round(value * 100);
  return Math.abs(hundredths - value * 100) < 1e-6 ? hundredths : null;
}
