import { useState } from 'react';
import { runBet, type SettledAnswer } from './bet-session';
import type { BetView } from './bet-types';
import { pushRecent } from './RecentResults';
import { useResumedRound } from './use-resumed-round';

/**
 * A multi-step game's round on its page (blackjack, hilo): resumed as it is from `active` (another tab, a reload),
 * dealt, then moved on one call at a time (`pending` names the call on the wire); each ended round joins `recent`.
 */
export function useOpenRound<Step extends string>(active: BetView | null | undefined) {
  const [round, setRound] = useState<BetView | null>(null);
  const [recent, setRecent] = useState<BetView[]>([]);
  const [pending, setPending] = useState<Step | null>(null);

  useResumedRound(active, round, setRound);

  function finish(bet: BetView) {
    setRound(bet);
    if (bet.state !== 'open') setRecent((list) => pushRecent(list, bet));
  }

  /** The deal: the bet panel's placeBet. */
  async function deal(call: () => Promise<SettledAnswer>): Promise<BetView | null> {
    const result = await runBet(call);
    if (result) finish(result.bet);
    return result?.bet ?? null;
  }

  /** One step of the open round (an action, the cash-out); the caller checks it is allowed now. */
  async function step(name: Step, call: () => Promise<SettledAnswer>): Promise<void> {
    setPending(name);
    const result = await runBet(call);
    setPending(null);
    if (result) finish(result.bet);
  }

  return { round, recent, pending, deal, step };
}
