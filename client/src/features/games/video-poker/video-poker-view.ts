/** What the video poker page shows besides the cards: the pay table rows, the holds, the outcome line. */
import { formatRatio } from '../../../../../server/src/domain/games/shared/ratio';
import {
  bestHoldOf,
  heldMask,
  holdValues,
  positionsOf,
  VP_HAND_NAMES,
  VP_HANDS,
  VP_PAYS,
  type VideoPokerState,
  type VpHand,
} from '../../../../../server/src/domain/games/video-poker/rules';

/** The pay table, best first, without "no win". */
export const PAY_ROWS = VP_HANDS.filter((hand) => VP_PAYS[hand] > 0).map((hand) => ({
  hand,
  name: VP_HAND_NAMES[hand],
  pays: VP_PAYS[hand],
}));

/** Holds a position, or lets it go. */
export function toggleHeld(held: readonly number[], position: number): number[] {
  return held.includes(position) ? held.filter((p) => p !== position) : [...held, position].sort((a, b) => a - b);
}

/** The round's line under the cards: the hand made and what it paid. */
export function handLine(hand: VpHand | undefined): string {
  if (!hand) return '';
  return hand === 'nothing' ? 'No win' : `${VP_HAND_NAMES[hand]} pays ${VP_PAYS[hand]}x`;
}

/** The cards on show: the final hand once drawn, the dealt one while open. */
export function shownCards(state: VideoPokerState | null): number[] {
  return state ? (state.final ?? state.dealt) : [];
}

export interface HoldAdvice {
  /** The optimal hold's positions. */
  held: number[];
  /** Expected return of each hold mask, 4 decimals ("1.5366"). */
  values: string[];
}

/**
 * The optimal hold of a dealt hand, with every hold's expected return (rules.ts holdValues: every replacement drawn, about
 * 2.6 million final hands, a fraction of a second): the suggested hold and the autobet's strategy.
 */
export function adviseHold(dealt: readonly number[]): HoldAdvice {
  const values = holdValues(dealt);
  return { held: positionsOf(bestHoldOf(values)), values: values.map((v) => formatRatio(v, 4)) };
}

/** The expected return of the hold the player chose, from the advice on the same hand. */
export function valueOfHold(advice: HoldAdvice, held: readonly number[]): string {
  return advice.values[heldMask(held)]!;
}
