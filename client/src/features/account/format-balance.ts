import { HEADER_PLACEHOLDERS } from '../../constants';
import { formatDecimal } from '../../lib/decimal';

/** A balance from the user record, or the spec's placeholder 0 until the server sends one. */
export function formatBalance(value: string | number | undefined, fractionDigits = 2): string {
  const formatted = value === undefined ? null : formatDecimal(value, fractionDigits);
  return formatted ?? formatDecimal(HEADER_PLACEHOLDERS.balance, fractionDigits)!;
}
