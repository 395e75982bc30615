/**
 * One round of tower's autobet: start, climb `levels` levels with the preset pick of each (a level without one gets a
 * random tile), cash out. A trap ends the round (lost); reaching the top or the profit limit ends it won. The round is
 * always played to its end, so stopping the autobet mid-round never strands an open round with the stake in it.
 */
import type { BetView } from '../../game-panel/bet-types';

/** The server calls of a round; each resolves with the bet after the step, or null when it failed (reported). */
export interface TowerRoundCalls {
  start: () => Promise<{ bet: BetView } | null>;
  pick: (betId: string, tile: number, level: number) => Promise<{ bet: BetView } | null>;
  cashout: (betId: string) => Promise<{ bet: BetView } | null>;
  /** Each step's bet, for the board. */
  onStep: (bet: BetView) => void;
}

/** The tiles one automatic round picks, level 0 first: the preset where there is one, else `random()` of the width. */
export function autoPlan(
  chosen: readonly (number | null)[],
  levels: number,
  tiles: number,
  random: () => number = Math.random,
): number[] {
  return Array.from({ length: levels }, (_, level) => chosen[level] ?? Math.floor(random() * tiles));
}

/** Plays a round; the settled bet (won or lost), or null when a call failed. */
export async function playTowerRound(plan: readonly number[], calls: TowerRoundCalls): Promise<BetView | null> {
  const started = await calls.start();
  if (!started) return null;
  let bet = started.bet;
  calls.onStep(bet);
  for (const [level, tile] of plan.entries()) {
    if (bet.state !== 'open') break;
    const step = await calls.pick(bet.id, tile, level);
    if (!step) return null;
    bet = step.bet;
    calls.onStep(bet);
  }
  if (bet.state !== 'open') return bet;
  const cashed = await calls.cashout(bet.id);
  if (!cashed) return null;
  calls.onStep(cashed.bet);
  return cashed.bet;
}
