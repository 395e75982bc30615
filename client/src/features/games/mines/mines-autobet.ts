/**
 * One round of mines' autobet: start, reveal the chosen tiles in order, cash out when all were safe. A mine ends
 * the round (lost); the round is always played to its end, so leaving the page mid-round never strands an open
 * round with the stake in it (the autobet then stops before the next round, as the other games' do).
 */
import type { BetView } from '../../game-panel/bet-types';

/** The server calls of a round; each resolves with the bet after the step, or null when it failed (reported). */
export interface MinesRoundCalls {
  start: () => Promise<{ bet: BetView } | null>;
  reveal: (betId: string, tile: number) => Promise<{ bet: BetView } | null>;
  cashout: (betId: string) => Promise<{ bet: BetView } | null>;
  /** Each step's bet, for the board. */
  onStep: (bet: BetView) => void;
}

/** Adds or removes a tile from the choice, keeping the order they were picked in. */
export function toggleChosen(chosen: readonly number[], tile: number): number[] {
  return chosen.includes(tile) ? chosen.filter((t) => t !== tile) : [...chosen, tile];
}

/** Plays a round; the settled bet (won or lost), or null when a call failed. */
export async function playChosenTiles(tiles: readonly number[], calls: MinesRoundCalls): Promise<BetView | null> {
  const started = await calls.start();
  if (!started) return null;
  let bet = started.bet;
  calls.onStep(bet);
  for (const tile of tiles) {
    if (bet.state !== 'open') break;
    const step = await calls.reveal(bet.id, tile);
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
