/**
 * Exact slip arithmetic in the browser (the server computes the same and is the authority):
 * odds are thousandths ("2.15" = 2150n), money is 1e-8 units, one floor at the end.
 */
import { formatDateTime } from '../../lib/datetime';

const UNIT_DIGITS = 8;

export function oddsToMilli(odds: string): bigint {
  const [whole = '0', fraction = ''] = odds.split('.');
  return BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3) || '0');
}

/** "12.5" -> 1250000000n; null for anything that is not a positive amount with at most 8 decimals. */
export function stakeToUnits(text: string): bigint | null {
  const trimmed = text.trim();
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const units = BigInt(whole) * 10n ** BigInt(UNIT_DIGITS) + BigInt(fraction.padEnd(UNIT_DIGITS, '0'));
  return units > 0n ? units : null;
}

export function unitsToDecimal(units: bigint): string {
  const whole = units / 10n ** BigInt(UNIT_DIGITS);
  const fraction = (units % 10n ** BigInt(UNIT_DIGITS)).toString().padStart(UNIT_DIGITS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** stake x product(odds), floored to 1e-8; null when the stake is not a valid amount. */
export function potentialReturn(stake: string, odds: string[]): string | null {
  const units = stakeToUnits(stake);
  if (units === null || odds.length === 0) return null;
  let numerator = units;
  let denominator = 1n;
  for (const value of odds) {
    numerator *= oddsToMilli(value);
    denominator *= 1000n;
  }
  return unitsToDecimal(numerator / denominator);
}

/** The product of odds as an exact decimal, shown with at most 3 decimals (truncated, display only). */
export function combinedOdds(odds: string[]): string {
  let product = 1n;
  for (const value of odds) product *= oddsToMilli(value);
  const scale = 1000n ** BigInt(odds.length);
  const whole = product / scale;
  const milli = ((product % scale) * 1000n) / scale;
  return `${whole}.${milli.toString().padStart(3, '0').replace(/0$/, '')}`;
}

export const MARKET_LABELS: Record<string, string> = {
  '1x2': 'Match result (1X2)',
  moneyline: 'Moneyline',
  totals: 'Total',
  handicap: 'Handicap',
};

export function marketLabel(type: string, line: string | null): string {
  const label = MARKET_LABELS[type] ?? type;
  return line === null ? label : `${label} ${type === 'handicap' && !line.startsWith('-') ? `+${line}` : line}`;
}

/** In the platform's one date style ("27 Nov 2026, 18:14"), like every other date on the site. */
export function kickoff(iso: string): string {
  return formatDateTime(iso);
}

/**
 * The events list shows what can still be bet on: settled markets leave it, and an event whose markets are all
 * settled leaves with them (it would otherwise linger with "—" for odds until the operator finishes it). An event
 * without any market yet stays: its markets are on the way.
 */
export function listedEvents<E extends { markets: readonly { status: string }[] }>(events: readonly E[]): E[] {
  return events.flatMap((event) => {
    const markets = event.markets.filter((market) => market.status !== 'settled');
    return event.markets.length > 0 && markets.length === 0 ? [] : [{ ...event, markets }];
  });
}
