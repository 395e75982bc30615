/**
 * Money arrives from the server as exact decimal strings ("1234.5", "-0.00000001"). What a player reads
 * goes through formatAmount: rounded on digits (never through a float) to the currency's display precision,
 * USD to cents ("Won 1.48 USD", not "1.47857142"). Exact values stay on the wire, in CSV exports, in forms
 * and on the operator's pages (formatMoney).
 */
import { formatDecimal } from './decimal';

/** Decimals a player reads per currency; anything else (a crypto asset's fee, say) keeps every decimal. */
export const DISPLAY_DECIMALS: Readonly<Record<string, number>> = { USD: 2, BZU: 2 };

/** The one display form of an amount: "1,234.50" for 1234.5 USD; "0.00" for 0.00000001 USD. */
export function formatAmount(value: string, currency: string): string {
  const decimals = DISPLAY_DECIMALS[currency];
  return decimals === undefined ? formatMoney(value) : (formatDecimal(value, decimals) ?? value);
}

/**
 * formatAmount, except that an amount above zero that would read 0.00 reads "<0.01": a row of rakeback accrued on a
 * small bet says there is something, not nothing.
 */
export function formatAmountNotHidingDust(value: string, currency: string): string {
  const formatted = formatAmount(value, currency);
  const decimals = DISPLAY_DECIMALS[currency];
  const isDust = decimals !== undefined && /^[0.,]+$/.test(formatted) && /^\+?0*\.?0*[1-9]/.test(value.trim());
  return isDust ? `<${(10 ** -decimals).toFixed(decimals)}` : formatted;
}

/** A signed amount for statements: "+12.50" or "-3.00", at the currency's display precision. */
export function formatSignedAmount(value: string, currency: string): string {
  const formatted = formatAmount(value, currency);
  return /^[+-]/.test(formatted) || /^[0.,]+$/.test(formatted) ? formatted : `+${formatted}`;
}

const MONEY_PATTERN = /^([+-])?(\d+)(?:\.(\d+))?$/;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Exact: "1234.5" -> "1,234.50"; "0.00000001" -> "0.00000001"; "-12" -> "-12.00". At least
 * `minFractionDigits` decimals, and every decimal the server sent. Returns the input unchanged when
 * it is not a decimal string (so nothing is invented).
 */
export function formatMoney(value: string, minFractionDigits = 2): string {
  const match = MONEY_PATTERN.exec(value.trim());
  if (!match) return value;
  const [, sign = '', rawWhole = '0', rawFraction = ''] = match;
  const whole = rawWhole.replace(/^0+(?=\d)/, '');
  const fraction = rawFraction.replace(/0+$/, '').padEnd(minFractionDigits, '0');
  const isZero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  const shownSign = sign === '-' && !isZero ? '-' : sign === '+' && !isZero ? '+' : '';
  return `${shownSign}${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** A signed amount for statements: "+12.50" or "-3.00". */
export function formatSignedMoney(value: string): string {
  const formatted = formatMoney(value);
  return /^[+-]/.test(formatted) || /^[0.,]+$/.test(formatted) ? formatted : `+${formatted}`;
}

/** The server's input rule for amounts: up to 12 digits, at most 8 decimals, greater than zero. */
export function amountInputError(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'Enter an amount';
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(trimmed)) return 'Enter an amount with at most 8 decimals, like 25 or 12.5';
  if (/^[0.]+$/.test(trimmed)) return 'The amount must be greater than zero';
  return null;
}

/** Exact sum of two non-negative decimal strings (amount + fee), by integer arithmetic on 1e-8 units. */
export function addAmounts(a: string, b: string): string | null {
  const units = (text: string): bigint | null => {
    const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(text.trim());
    if (!match) return null;
    return BigInt(match[1]!) * 100_000_000n + BigInt((match[2] ?? '').padEnd(8, '0'));
  };
  const left = units(a);
  const right = units(b);
  if (left === null || right === null) return null;
  const total = left + right;
  const whole = total / 100_000_000n;
  const fraction = (total % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** A fraction as the server sends it ("0.1") as a percentage ("10"), by moving the point two places. */
export function fractionToPercent(fraction: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(fraction.trim());
  if (!match) return fraction;
  const decimals = (match[2] ?? '').padEnd(2, '0');
  const int = `${match[1]}${decimals.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const frac = decimals.slice(2).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}
