/**
 * How the raffle page words its numbers: the countdown, a win chance, prize places. Pure, so the page and its
 * tests read the same rules.
 */
import { prizeLabel } from '../../../../server/src/domain/raffle/rules/raffle-odds';
import { formatDecimal } from '../../lib/decimal';
import { fractionToPercent } from '../../lib/money';

/** "2d 03:04:05", "03:04:05", or "00:00:00" once the time has passed (the draw is due). */
export function formatCountdown(msLeft: number): string {
  const totalSeconds = Math.max(0, Math.floor(msLeft / 1000));
  const days = Math.floor(totalSeconds / 86_400);
  const clock = [Math.floor(totalSeconds / 3600) % 24, Math.floor(totalSeconds / 60) % 60, totalSeconds % 60]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return days > 0 ? `${days}d ${clock}` : clock;
}

/**
 * A probability sent as a decimal string ("0.0123") as a percentage for people: "1.23%". Below 0.01% but above
 * zero it says "< 0.01%" rather than a rounded "0.00%" that would read as no chance at all.
 */
export function formatChance(probability: string): string {
  const percent = fractionToPercent(probability);
  const shown = formatDecimal(percent, 2);
  if (shown === null) return probability;
  if (shown === '0.00' && /[1-9]/.test(percent)) return '< 0.01%';
  return `${shown}%`;
}

export interface PrizeRow<T> {
  /** "1st", or "4th-50th" for a run of equal prizes. */
  places: string;
  count: number;
  prize: T;
}

/**
 * The prize table as people read it: the top prizes one per row, then one row per run of equal shares ("4th-50th,
 * $2.10 each"), so fifty prizes do not fill the screen. Grouped by share, not amount: with an empty pool every
 * amount is $0.00, yet the table still has its 1st, 2nd and 3rd.
 */
export function groupPrizes<T extends { index: number; sharePpm: number }>(prizes: readonly T[]): PrizeRow<T>[] {
  const rows: PrizeRow<T>[] = [];
  let start = 0;
  while (start < prizes.length) {
    let end = start;
    while (end + 1 < prizes.length && prizes[end + 1]!.sharePpm === prizes[start]!.sharePpm) end += 1;
    const first = prizeLabel(prizes[start]!.index);
    const last = prizeLabel(prizes[end]!.index);
    rows.push({ places: start === end ? first : `${first}-${last}`, count: end - start + 1, prize: prizes[start]! });
    start = end + 1;
  }
  return rows;
}

/** "1 ticket", "3 tickets". */
export function ticketsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'ticket' : 'tickets'}`;
}

/**
 * A draw paid something: at least one prize above zero. A $0 pool still draws its tickets (the draw stays
 * verifiable), but a list of "$0.00" winners reads like a bug, so the page says "no prizes" instead.
 */
export function paidAnyPrize(prizes: readonly { amount: string }[]): boolean {
  return prizes.some((prize) => /[1-9]/.test(prize.amount));
}
