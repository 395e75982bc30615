import { useEffect, type Dispatch, type SetStateAction } from 'react';
import { trpc } from '../../trpc';
import type { BetView } from './bet-types';
import { endedElsewhere, resumedRound } from './resumed-round';

/**
 * Keeps a multi-step game's round in step with the server's open round (`active`): one opened elsewhere (another tab,
 * a reload) is resumed, and one the page shows open while the server holds none was settled elsewhere, so the page
 * reads how it ended. An empty answer alone is not enough: it may have left the server before the page's own deal.
 */
export function useResumedRound(
  active: BetView | null | undefined,
  round: BetView | null,
  setRound: Dispatch<SetStateAction<BetView | null>>,
) {
  const utils = trpc.useUtils();
  useEffect(() => {
    if (active) setRound((local) => resumedRound(local, active));
  }, [active, setRound]);

  const openId = round?.state === 'open' ? round.id : null;
  useEffect(() => {
    if (active !== null || openId === null) return;
    let current = true;
    utils.bets.byId
      .fetch({ id: openId }, { staleTime: 0 })
      .then((bet) => {
        if (current) setRound((local) => endedElsewhere(local, bet));
      })
      // A failed read leaves the round as it is: the next answer from the server tries again.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [active, openId, setRound, utils]);
}
