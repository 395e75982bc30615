import { useLiveRound, type LiveRound, type LiveRoundBet } from '../../rounds/use-live-round';

export type CrashRound = LiveRound;
export type CrashRoundBet = LiveRoundBet;

/** Crash's live round (rounds/use-live-round.ts): the state, its bets and the server's clock. */
export function useCrashRound() {
  const { round, clock, loading } = useLiveRound('crash');
  return { round, clock, loading };
}
