/**
 * "Profit on win": what a bet of the panel's stake would net if it wins at a multiplier, computed the way the
 * server pays (floor(amount x multiplier) in 1e-8 units, FAIRNESS.md "Money") so the figure is never a float's guess.
 */
import { applyRatio, parseDecimal, type Ratio } from '../../../../server/src/domain/games/shared/ratio';
import { toUnits } from './bet-amount';

/** One line under the stake: its label ("Profit on win", "Max profit on win"...) and the multiplier it assumes. */
export interface ProfitLine {
  label: string;
  /** null: the game's parameters are not playable yet, the line shows "-". */
  multiplier: Ratio | null;
}

/** floor(amount x multiplier) - amount in units; null when the stake is not an amount. */
export function profitOnWin(amountText: string, multiplier: Ratio): bigint | null {
  const units = toUnits(amountText);
  return units === null ? null : applyRatio(units, multiplier) - units;
}

/** The largest multiplier of a payout table (plinko's buckets, keno's hits): the best case a bet can win. */
export function maxOfTable(table: readonly string[]): Ratio | null {
  let best: Ratio | null = null;
  for (const entry of table) {
    const value = parseDecimal(entry);
    if (best === null || value.num * best.den > best.num * value.den) best = value;
  }
  return best;
}
