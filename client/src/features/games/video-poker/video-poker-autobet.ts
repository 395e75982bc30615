/**
 * One round of video poker's autobet: deal, hold what the optimal strategy holds (video-poker-view.ts adviseHold,
 * the exact best of the 32 holds), draw. Always played to its end, so leaving the page never strands a dealt hand.
 */
import type { BetView } from '../../game-panel/bet-types';
import type { VideoPokerState } from '../../../../../server/src/domain/games/video-poker/rules';

/** The server calls of a round; each resolves with the bet after the step, or null when it failed (reported). */
export interface VideoPokerRoundCalls {
  deal: () => Promise<{ bet: BetView } | null>;
  draw: (betId: string, held: number[]) => Promise<{ bet: BetView } | null>;
  /** The hold to play on a dealt hand. */
  hold: (dealt: number[]) => number[];
  /** Each step's bet, for the table. */
  onStep: (bet: BetView) => void;
}

/** Plays a round; the settled bet, or null when a call failed. */
export async function playAutoRound(calls: VideoPokerRoundCalls): Promise<BetView | null> {
  const dealt = await calls.deal();
  if (!dealt) return null;
  calls.onStep(dealt.bet);
  if (dealt.bet.state !== 'open') return dealt.bet;
  const state = dealt.bet.outcome as unknown as VideoPokerState;
  const drawn = await calls.draw(dealt.bet.id, calls.hold(state.dealt));
  if (!drawn) return null;
  calls.onStep(drawn.bet);
  return drawn.bet;
}
