/**
 * Display formatting for decimal amounts. Money and prices arrive as decimal strings, so
 * rounding is done on digits (BigInt) rather than through a float, which would misprint
 * values with more than ~15 significant digits.
 */

const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?$/;

function toPlainDecimal(value: string | number): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // toFixed avoids exponent notation ("1e-7") that the pattern below would reject.
    return value.toFixed(20);
  }
  return value.trim();
}

/** Rounds half away from zero to `fractionDigits` and groups thousands; null for non-numbers. */
/** Built once: bigint.toLocaleString builds a formatter per call, and every amount on screen goes through here. */
const GROUPED = new Intl.NumberFormat('en-US');

export function formatDecimal(value: string | number, fractionDigits: number): string | null {
  const plain = toPlainDecimal(value);
  if (plain === null) return null;
  const match = DECIMAL_PATTERN.exec(plain);
  if (!match) return null;
  const [, sign, integerDigits = '', fraction = ''] = match;
  if (integerDigits === '' && fraction === '') return null;

  const kept = (integerDigits || '0') + fraction.padEnd(fractionDigits, '0').slice(0, fractionDigits);
  const firstDropped = fraction.charAt(fractionDigits);
  const units = BigInt(kept) + (firstDropped >= '5' && firstDropped !== '' ? 1n : 0n);

  const digits = units.toString().padStart(fractionDigits + 1, '0');
  const whole = GROUPED.format(BigInt(digits.slice(0, digits.length - fractionDigits)));
  const decimals = fractionDigits > 0 ? `.${digits.slice(digits.length - fractionDigits)}` : '';
  const negative = sign === '-' && units !== 0n;
  return `${negative ? '-' : ''}${whole}${decimals}`;
}

/** "+1.25%", "-0.40%", "0.00%". */
export function formatPercentChange(value: string | number): string | null {
  const formatted = formatDecimal(value, 2);
  if (formatted === null) return null;
  const isPositive = !formatted.startsWith('-') && /[1-9]/.test(formatted);
  return `${isPositive ? '+' : ''}${formatted}%`;
}
