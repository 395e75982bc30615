import { useEffect, useRef, useState } from 'react';
import type { RouterOutputs } from '../../lib/router-types';
import { trpc } from '../../trpc';
import { useSession } from '../auth/session-store';

/** The shapes of the raffle API (derived from the router, never copied). */
export type CurrentRaffle = RouterOutputs['raffle']['current'];
export type RaffleMine = NonNullable<NonNullable<CurrentRaffle>['mine']>;
export type DrawnRaffle = RouterOutputs['raffle']['past']['items'][number];

/** Live figures (tickets, pool) move with every bet of every player; the socket event only marks open/close/draw. */
export const RAFFLE_REFRESH_MS = 15_000;

/**
 * The current raffle with the player's tickets. The query key carries no identity, so signing in, out or as
 * someone else refetches it: `mine` belongs to whoever asks.
 */
export function useCurrentRaffle() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const utils = trpc.useUtils();
  const current = trpc.raffle.current.useQuery(undefined, { refetchInterval: RAFFLE_REFRESH_MS, staleTime: 5_000 });
  // Opened, closed, drawn: the current raffle and the past draws change at once (guests too: a public subscription).
  trpc.raffle.onUpdate.useSubscription({}, { onData: () => void utils.raffle.invalidate() });
  const seenUser = useRef(userId);
  useEffect(() => {
    if (seenUser.current === userId) return;
    seenUser.current = userId;
    void utils.raffle.current.invalidate();
  }, [userId, utils]);
  return current;
}

/** Milliseconds since the epoch, ticking every `intervalMs` (for countdowns). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
