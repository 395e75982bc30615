/** Display helpers for bets; money stays the server's exact decimal strings. */
import { formatMoney } from '../wallet/money';
import { fromUnits, toUnits } from './bet-amount';
import type { BetView } from './bet-types';

export const GAME_NAMES: Record<string, string> = { dice: 'Dice', limbo: 'Limbo', plinko: 'Plinko', keno: 'Keno', mines: 'Mines' };

export function gameName(slug: string): string {
  return GAME_NAMES[slug] ?? slug;
}

/** "2.0000" -> "2.00x". */
export function formatMultiplier(multiplier: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(multiplier);
  if (!match) return `${multiplier}x`;
  return `${formatMoney(`${match[1]}.${(match[2] ?? '').slice(0, 2)}`)}x`;
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
  const o = bet.outcome as Record<string, unknown>;
  switch (bet.game) {
    case 'dice':
      return `Roll ${String(o.roll)} (${String(o.condition)} ${String(o.target)})`;
    case 'limbo':
      return `Result ${String(o.result)}x (target ${String(o.target)}x)`;
    case 'plinko':
      return `Bucket ${String(o.bucket)} of ${Number(o.rows) + 1} (${String(o.rows)} rows, ${String(o.risk)})`;
    case 'keno':
      return `${String(o.hits)} hits of ${Array.isArray(o.picks) ? o.picks.length : '?'} picks (${String(o.risk)})`;
    case 'mines': {
      const revealed = Array.isArray(o.revealed) ? o.revealed.length : 0;
      return `${String(o.mines)} mines, ${revealed} tiles revealed${bet.state === 'open' ? ', in play' : ''}`;
    }
    default:
      return '';
  }
}
