import { z } from 'zod';

/** Postgres `integer` (users.id, email_outbox.id, ...) and `bigint` (wallet, ledger, chat) ranges. */
export const INTEGER_MAX = 2_147_483_647;
export const BIGINT_MAX = 9_223_372_036_854_775_807n;

/**
 * Every id or cursor a client sends, checked against the range of the column it is compared with.
 * An id past the column's range would reach Postgres and fail there as a 500; here it is a 400.
 *
 * - `dbId.bigintString()`: a bigint-column id sent as a decimal string (wallet/ledger ids and
 *   cursors, which may exceed JSON's exact integers), 1 .. 2^63-1.
 * - `dbId.integer()`: an `integer`-column id sent as a JSON number (user ids), 1 .. 2^31-1.
 * - `dbId.bigintNumber()`: a bigint-column id sent as a JSON number (chat ids), 1 .. 2^53-1.
 */
/** A decimal id from 1 to 2^63-1 (no sign, no leading zeros beyond what BigInt accepts, at most 19 digits). */
export function isBigintId(value: string): boolean {
  if (!/^\d{1,19}$/.test(value)) return false;
  const id = BigInt(value);
  return id >= 1n && id <= BIGINT_MAX;
}

export const dbId = {
  bigintString(label = 'id', error = `${label} must be a whole number from 1 to ${BIGINT_MAX}`) {
    // One check, so that text which is not a number never reaches BigInt() (zod runs every check).
    return z.string(error).refine((value) => isBigintId(value), error);
  },
  integer(label = 'id', error?: string) {
    return z
      .number(error ? { error } : undefined)
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be from 1 to ${INTEGER_MAX}`)
      .max(INTEGER_MAX, `${label} must be from 1 to ${INTEGER_MAX}`);
  },
  bigintNumber(label = 'id', error?: string) {
    return z
      .number(error ? { error } : undefined)
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be from 1 to ${Number.MAX_SAFE_INTEGER}`)
      .max(Number.MAX_SAFE_INTEGER, `${label} must be from 1 to ${Number.MAX_SAFE_INTEGER}`);
  },
};
