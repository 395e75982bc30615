/**
 * Stake arithmetic for the bet panel on integer 1e-8 units (bigint), never floats: halving, doubling and the
 * autobet's "increase by %" must give exactly the amounts the server will take.
 */
export const UNITS_PER_COIN = 100_000_000n;

/** "12.5" -> 1250000000n; null unless a plain non-negative decimal with at most 8 decimals. */
export function toUnits(text: string): bigint | null {
  const match = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]!) * UNITS_PER_COIN + BigInt((match[2] ?? '').padEnd(8, '0'));
}

/** 1250000000n -> "12.5" (the trimmed form the server's amount schema accepts). */
export function fromUnits(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  const fraction = (abs % UNITS_PER_COIN).toString().padStart(8, '0').replace(/0+$/, '');
  return `${sign}${abs / UNITS_PER_COIN}${fraction ? `.${fraction}` : ''}`;
}

/** Half the stake, never below one unit. */
export function halveAmount(text: string): string | null {
  const units = toUnits(text);
  if (units === null) return null;
  return fromUnits(units > 1n ? units / 2n : units);
}

export function doubleAmount(text: string): string | null {
  const units = toUnits(text);
  return units === null ? null : fromUnits(units * 2n);
}

/**
 * "25" or "12.5" percent as basis points of a basis point (1e-4 %), or null. Up to 4 decimals, 0 to 10000 %.
 */
export function percentToMicro(text: string): bigint | null {
  const match = /^(\d{1,5})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const micro = BigInt(match[1]!) * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0'));
  return micro <= 100_000_000n ? micro : null;
}

/** amount x (1 + percent / 100), floored to a unit. */
export function increaseByPercent(units: bigint, percentMicro: bigint): bigint {
  return (units * (1_000_000n + percentMicro)) / 1_000_000n;
}
