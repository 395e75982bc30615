/** Display helpers for bets; money stays the server's exact decimal strings. */
import { gameLines } from './game-directory';
import { fromUnits, toUnits } from '../game-panel/bet-amount';
import type { BetView } from '../game-panel/bet-types';
import { formatDecimal } from '../../lib/decimal';

export function gameName(slug: string): string {
  return gameLines(slug)?.name ?? slug;
}

/** "2.0000" -> "2.00x"; "1.125" -> "1.13x". */
export function formatMultiplier(multiplier: string): string {
  // Rounded on digits as amounts are (formatAmount), so 1.125x reads 1.13x beside "Won 1.13 USD".
  if (!/^\d+(\.\d+)?$/.test(multiplier)) return `${multiplier}x`;
  return `${formatDecimal(multiplier, 2) ?? multiplier}x`;
}

/** payout - amount, exact; empty for an open round. */
export function betProfit(bet: Pick<BetView, 'amount' | 'payout' | 'state'>): string | null {
  if (bet.state === 'open') return null;
  const amount = toUnits(bet.amount);
  const payout = toUnits(bet.payout);
  if (amount === null || payout === null) return null;
  return fromUnits(payout - amount);
}

/** One line for a bet's outcome, per game (the outcome shapes of API.md). */
export function outcomeSummary(bet: Pick<BetView, 'game' | 'outcome' | 'state'>): string {
  return gameLines(bet.game)?.summary(bet.outcome as Record<string, unknown>, bet.state) ?? '';
}

/** The bet details' extra line for games that have one (plinko's path, keno's draw, mines' tiles). */
export function outcomeDetail(bet: Pick<BetView, 'game' | 'outcome'>): string | null {
  return gameLines(bet.game)?.detail?.(bet.outcome as Record<string, unknown>) ?? null;
}
