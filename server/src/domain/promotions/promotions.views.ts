import type { PromotionRow } from '../../../../db/repositories/promotions.repo.js';
import type { BoardRow } from '../../../../db/repositories/races.repo.js';
import { formatAmount } from '../wallet/amounts.js';
import { placeLabel, ppmToPercent } from './promotion-rules.js';

/** One place of a race board as the page shows it (amounts are exact decimal strings). */
export interface BoardPlaceView {
  place: number;
  userId: number;
  username: string;
  wagered: string;
  reachedAt: string;
  prize: string;
}

export interface RacePrizeView {
  place: number;
  label: string;
  amount: string;
  /** The place's share of the pool in percent, when the prizes are shares. */
  sharePercent: string | null;
}

export interface RaceView {
  id: string;
  name: string;
  currency: 'USD' | 'BZU';
  status: 'active' | 'paused' | 'ended';
  startsAt: string;
  endsAt: string;
  /** Finished and paid (its board is the frozen one). */
  finished: boolean;
  games: string[];
  pool: string | null;
  prizes: RacePrizeView[];
  board: BoardPlaceView[];
  /** The signed-in player's place and amount (null: a guest, or no wager counted yet). */
  mine: { place: number; wagered: string } | null;
}

export interface CodeView {
  id: string;
  name: string;
  code: string;
  currency: 'USD' | 'BZU';
  amount: string;
  maxUses: number;
  uses: number;
  status: 'active' | 'paused' | 'ended';
  startsAt: string;
  endsAt: string;
}

export interface ReloadView {
  id: string;
  name: string;
  currency: 'USD' | 'BZU';
  period: 'day' | 'week';
  ratePercent: string;
  cap: string;
  /** The formula in words, as the page states it. */
  formula: string;
  windowStart: string;
  windowEnd: string;
  /** What the player wagered in the previous window, and what that makes claimable now. */
  wageredBefore: string;
  claimable: string;
  claimed: boolean;
}

export function prizesView(row: PromotionRow): RacePrizeView[] {
  return (row.prizeAmountsE8 ?? []).map((amount, index) => ({
    place: index + 1,
    label: placeLabel(index + 1),
    amount: formatAmount(amount),
    sharePercent: row.prizeSharesPpm ? ppmToPercent(row.prizeSharesPpm[index]!) : null,
  }));
}

export function boardView(rows: readonly BoardRow[], prizes: readonly bigint[]): BoardPlaceView[] {
  return rows.map((row) => ({
    place: row.place,
    userId: row.userId,
    username: row.username,
    wagered: formatAmount(row.wageredE8),
    reachedAt: row.reachedAt.toISOString(),
    prize: formatAmount(prizes[row.place - 1] ?? 0n),
  }));
}

export function reloadFormula(row: Pick<PromotionRow, 'ratePpm' | 'capE8' | 'reloadPeriod' | 'currency'>): string {
  const previous = row.reloadPeriod === 'week' ? 'last week' : 'yesterday';
  return `${ppmToPercent(row.ratePpm!)}% of what you wagered ${previous} (${row.currency}), up to ${formatAmount(row.capE8!)} ${row.currency}`;
}

export function codeView(row: PromotionRow): CodeView {
  return {
    id: row.id,
    name: row.name,
    code: row.code!,
    currency: row.currency,
    amount: formatAmount(row.grantE8!),
    maxUses: row.maxUses!,
    uses: row.uses,
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
  };
}
