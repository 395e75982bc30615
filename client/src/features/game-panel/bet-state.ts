import { toUnits } from './bet-amount';
import type { BetView } from './bet-types';

/**
 * How a bet's result reads wherever it shows (details, My bets, the live feed, the Trollbox card). The server's state
 * is by net (won: paid at least the stake); a bet that gave back part of its stake (baccarat on both sides, a 0.5x
 * plinko bucket) is lost by net but not "lost": it reads as a partial return, beside what it paid. A refund (its
 * round never ran) is neither a win nor a loss.
 */
export type BetResultKind = 'open' | 'won' | 'partial' | 'lost' | 'refunded';

const LABELS: Record<BetResultKind, { label: string; color: string }> = {
  open: { label: 'open', color: 'yellow' },
  won: { label: 'won', color: 'teal' },
  partial: { label: 'partial return', color: 'orange' },
  lost: { label: 'lost', color: 'red' },
  refunded: { label: 'refunded', color: 'gray' },
};

export function betResultKind(bet: Pick<BetView, 'state' | 'payout'>): BetResultKind {
  if (bet.state === 'lost') return (toUnits(bet.payout) ?? 0n) > 0n ? 'partial' : 'lost';
  return bet.state;
}

export function betResultBadge(bet: Pick<BetView, 'state' | 'payout'>): { label: string; color: string } {
  return LABELS[betResultKind(bet)];
}

/** The colour of a settled bet's profit: a partial return is not drawn as a plain loss. */
export function profitColor(bet: Pick<BetView, 'state' | 'payout'>): string {
  return betResultBadge(bet).color;
}
