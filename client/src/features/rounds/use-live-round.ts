import { useEffect, useRef, useState } from 'react';
import { trpc } from '../../trpc';
import { clockFrom, type CrashClock } from './round-clock';
import { roundRefetchMs } from './round-refetch';
import type { RoundApi, RoundOutputs, RoundSlug } from './round-types';

export type { RoundSlug } from './round-types';
export type LiveRound = NonNullable<RoundOutputs['current']>;
export type LiveRoundBet = LiveRound['bets'][number];
type RoundEvent = Partial<LiveRound> & { betId?: string };

/** The signed-in player's bet in the live round (by the id this page placed, or by name after a reload). */
export function myBet(round: LiveRound | null, placedId: string | null, name: string | null): LiveRoundBet | undefined {
  const bets = round?.bets ?? [];
  return bets.find((bet) => bet.betId === placedId) ?? (name ? bets.find((bet) => bet.userName === name) : undefined);
}

/**
 * A round game's live round: `<slug>.current` for the state and its bets, the game's channel for every change (a
 * round's state is applied at once, so every screen shows it together; bets are read back, at most twice a second
 * however many players bet), the running round's `round-tick` for the clock and the game's live state (bingo's
 * balls), and a refetch every second while the round runs without ticks (roundRefetchMs).
 */
export function useLiveRound(slug: RoundSlug) {
  // The same procedures under each slug; the slug of a page never changes, so the hooks are called in one order.
  const api: RoundApi = trpc[slug];
  const utils = trpc.useUtils();
  const cache = utils[slug];
  const [clock, setClock] = useState<CrashClock>({ offsetMs: 0 });
  const [pushed, setPushed] = useState<RoundEvent | null>(null);
  const [ticked, setTicked] = useState<{ id: string; live: Record<string, unknown>; at: number } | null>(null);
  const lastTickAt = useRef(0);
  const current = api.current.useQuery(undefined, {
    staleTime: 0,
    refetchInterval: (query) => roundRefetchMs(query.state.data?.state, Date.now() - lastTickAt.current),
  });
  const readBack = useRef<{ timer: ReturnType<typeof setTimeout> | null }>({ timer: null });
  useEffect(() => () => void (readBack.current.timer && clearTimeout(readBack.current.timer)), []);
  const refresh = () => {
    if (readBack.current.timer) return;
    readBack.current.timer = setTimeout(() => {
      readBack.current.timer = null;
      void cache.current.invalidate();
    }, 500);
  };
  useEffect(() => {
    if (current.data?.serverTime) setClock(clockFrom(current.data.serverTime, current.dataUpdatedAt));
  }, [current.data?.serverTime, current.dataUpdatedAt]);
  api.onRound.useSubscription(
    {},
    {
      onData: (event) => {
        const data = event.data as RoundEvent;
        // The running round's tick (`round-tick`: no state): the clock and the live state, no refetch.
        if (data.state === undefined && data.betId === undefined && data.serverTime) {
          lastTickAt.current = Date.now();
          setClock(clockFrom(data.serverTime));
          if (data.live && data.id) setTicked({ id: data.id, live: data.live, at: Date.now() });
          return;
        }
        if (data.betId === undefined && data.serverTime) {
          setClock(clockFrom(data.serverTime));
          setPushed(data);
          if (data.state === 'ended' || data.state === 'cancelled') void cache.rounds.invalidate();
          void cache.current.invalidate();
        } else refresh();
      },
    },
  );
  // An event newer than the last answer (the end, a new window) shows before the refetch lands.
  const round =
    current.data && pushed && pushed.id === current.data.id && rank(pushed.state) > rank(current.data.state)
      ? { ...current.data, ...pushed, bets: current.data.bets }
      : current.data;
  // A tick newer than the last answer carries the newer live state (a ball drawn since).
  const live =
    round?.state === 'running'
      ? ticked && ticked.id === round.id && ticked.at > current.dataUpdatedAt
        ? ticked.live
        : round.live
      : undefined;
  return { round: round ?? null, clock, live, loading: current.isPending };
}

const ORDER = ['queued', 'betting', 'running', 'ended', 'cancelled'];
const rank = (state: string | undefined) => ORDER.indexOf(state ?? '');
