import { useEffect, useRef } from 'react';
import type { RouterOutputs } from '../../lib/router-types';
import { trpc } from '../../trpc';
import { useSession } from '../auth/session-store';

/** The shapes of the promotions API (derived from the router, never copied). */
export type PromotionsOverview = RouterOutputs['promotions']['overview'];
export type RaceView = PromotionsOverview['races'][number];
export type ReloadView = PromotionsOverview['reloads'][number];

/**
 * The /promotions page's data: races with their boards, the player's reloads and the past races. Boards move with
 * every bet: the `race` channel says when (at most about once a second per race), and the page reads them again.
 * The query key carries no identity, so signing in, out or as someone else refetches it.
 */
export function usePromotions() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const utils = trpc.useUtils();
  const overview = trpc.promotions.overview.useQuery(undefined, { refetchInterval: 30_000 });
  // Started (again, after a reconnect): whatever moved before it is read now; every move after it is announced.
  const reread = () => void utils.promotions.overview.invalidate();
  trpc.promotions.onRace.useSubscription({}, { onStarted: reread, onData: reread });
  const seenUser = useRef(userId);
  useEffect(() => {
    if (seenUser.current === userId) return;
    seenUser.current = userId;
    void utils.promotions.overview.invalidate();
  }, [userId, utils]);
  // A bonus converting into cash moves the cash balance (its balance-update comes after the conversion committed):
  // read again, so the bonus card goes. Bets moving the bonus balance refetch it as game results (query-conventions).
  const balanceKey = `${String(user?.balance ?? '')}|${String(user?.bzuBalance ?? '')}`;
  const seenBalance = useRef(balanceKey);
  useEffect(() => {
    if (seenBalance.current === balanceKey) return;
    seenBalance.current = balanceKey;
    void utils.promotions.overview.invalidate();
  }, [balanceKey, utils]);
  return overview;
}
