import { z } from 'zod';
import { formatUnits, parseUnits, unitsToNumber, UNIT } from '../token/token-units.js';

/**
 * Money is an integer of 1e-8 units (bigint) everywhere inside the server; it crosses the tRPC wire
 * as an exact decimal string and legacy REST as a JSON number. Never a float in between.
 */
export { UNIT };
export type Currency = 'USD' | 'BZU';
export const CURRENCIES = ['USD', 'BZU'] as const satisfies readonly Currency[];

/** The largest amount one request may carry: far below the BIGINT ceiling, so sums cannot overflow. */
export const MAX_AMOUNT = 1_000_000_000n * UNIT;

/** "12.5" -> 1250000000n; a decimal string with at most 8 decimals, no sign, no exponent. */
export function parseAmount(text: string): bigint {
  const trimmed = text.trim();
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(trimmed)) {
    throw new RangeError(`Not an amount with at most 8 decimals: ${text}`);
  }
  return parseUnits(trimmed);
}

/** 1250000000n -> "12.5", 0n -> "0": exact, shortest form (trailing zeros dropped). */
export function formatAmount(value: bigint): string {
  const text = formatUnits(value);
  return text.replace(/\.?0+$/, '');
}

/** For legacy REST fields that are JSON numbers in whole units. */
export function amountToNumber(value: bigint): number {
  return unitsToNumber(value);
}

/** A positive decimal amount string on input; the parsed bigint comes out. */
export const amountInputSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, 'must be a decimal amount with at most 8 decimals')
  .transform((text) => parseAmount(text))
  .refine((value) => value > 0n, 'must be greater than zero')
  .refine((value) => value <= MAX_AMOUNT, 'is too large');

/** floor(a * b / c) for non-negative bigints. */
export function mulDiv(a: bigint, b: bigint, c: bigint): bigint {
  if (c <= 0n) throw new RangeError('divisor must be positive');
  return (a * b) / c;
}
