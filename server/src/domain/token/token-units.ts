/** Amounts and prices are integers of 1e-8 units (bigint); these convert at the edges only. */
export const UNIT = 100_000_000n;
const DECIMALS = 8;

/** "12.5" -> 1250000000n. More than 8 decimals is rejected rather than silently rounded. */
export function parseUnits(text: string): bigint {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new RangeError(`Not a decimal amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > DECIMALS) throw new RangeError(`More than ${DECIMALS} decimals: ${text}`);
  const value = BigInt(whole!) * UNIT + BigInt(fraction.padEnd(DECIMALS, '0'));
  return sign ? -value : value;
}

/** 1250000000n -> "12.50000000": exact, fixed 8 decimals, for the tRPC wire. */
export function formatUnits(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / UNIT;
  const fraction = (abs % UNIT).toString().padStart(DECIMALS, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * A JSON number for legacy fields. Parsed from the exact decimal text, so the number is the double
 * nearest to the exact value (prices keep their 8 decimals for any realistic magnitude).
 */
export function unitsToNumber(value: bigint): number {
  return Number(formatUnits(value));
}

/** A finite, non-negative JS number from an upstream API -> units, rounded half-up at 8 decimals. */
export function numberToUnits(value: number): bigint {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`Not a valid amount: ${value}`);
  return parseUnits(value.toFixed(DECIMALS));
}
