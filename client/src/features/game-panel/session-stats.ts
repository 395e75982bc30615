/**
 * The live stats of this browser session, per game and currency: wagered, profit, wins and losses, and the
 * cumulative profit after each settled bet (the chart's points). Fed by every bet the page shows
 * (bet-session), counted once per bet id, exact in 1e-8 units.
 */
import { createStore, useStore } from '../../lib/external-store';
import { toUnits } from './bet-amount';
import type { BetView, Currency } from './bet-types';

/** The chart keeps the last points only: a long turbo session must not grow the page without end. */
export const MAX_POINTS = 500;

export interface SessionStats {
  wagered: bigint;
  profit: bigint;
  wins: number;
  losses: number;
  /** Cumulative profit after each bet, oldest first (at most MAX_POINTS). */
  points: bigint[];
  seen: ReadonlySet<string>;
}

export const EMPTY_STATS: SessionStats = { wagered: 0n, profit: 0n, wins: 0, losses: 0, points: [], seen: new Set() };

type SettledBet = Pick<BetView, 'id' | 'state' | 'amount' | 'payout'>;

/** The stats after one more bet; an open bet or one already counted changes nothing. */
export function addBet(stats: SessionStats, bet: SettledBet): SessionStats {
  // A refund (its round never ran) wagered nothing: neither a win nor a loss.
  if (bet.state === 'open' || bet.state === 'refunded' || stats.seen.has(bet.id)) return stats;
  const stake = toUnits(bet.amount) ?? 0n;
  const payout = toUnits(bet.payout) ?? 0n;
  const profit = stats.profit + payout - stake;
  // As the server settled it, which is what the result pill shows: plinko's 1.00x is a (green) win.
  const won = bet.state === 'won';
  const seen = new Set(stats.seen).add(bet.id);
  return {
    wagered: stats.wagered + stake,
    profit,
    wins: stats.wins + (won ? 1 : 0),
    losses: stats.losses + (won ? 0 : 1),
    points: [...stats.points, profit].slice(-MAX_POINTS),
    seen,
  };
}

const byKey = createStore<ReadonlyMap<string, SessionStats>>(new Map());
const keyOf = (game: string, currency: string) => `${game}:${currency}`;

export function recordShownBet(bet: SettledBet & Pick<BetView, 'game' | 'currency'>): void {
  const key = keyOf(bet.game, bet.currency);
  byKey.set((stats) => {
    const before = stats.get(key) ?? EMPTY_STATS;
    const after = addBet(before, bet);
    return after === before ? stats : new Map(stats).set(key, after);
  });
}

export function resetSessionStats(game: string, currency: Currency): void {
  byKey.set((stats) => {
    const next = new Map(stats);
    next.delete(keyOf(game, currency));
    return next;
  });
}

export function useSessionStats(game: string, currency: Currency): SessionStats {
  return useStore(byKey, (stats) => stats.get(keyOf(game, currency)) ?? EMPTY_STATS);
}
