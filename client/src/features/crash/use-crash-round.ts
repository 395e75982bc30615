import { useEffect, useRef, useState } from 'react';
import { trpc } from '../../trpc';
import type { RouterOutputs } from '../../lib/router-types';
import { clockFrom, type CrashClock } from './crash-clock';

export type CrashRound = NonNullable<RouterOutputs['crash']['current']>;
export type CrashRoundBet = CrashRound['bets'][number];
type RoundEvent = Partial<CrashRound> & { betId?: string };

/** The signed-in player's bet in the live round (by the id this page placed, or by name after a reload). */
export function myBet(round: CrashRound | null, placedId: string | null, name: string | null): CrashRoundBet | undefined {
  const bets = round?.bets ?? [];
  return bets.find((bet) => bet.betId === placedId) ?? (name ? bets.find((bet) => bet.userName === name) : undefined);
}

/**
 * The live round of a round game (crash, the wheel): `<game>.current` for the state and its bets, the game's channel
 * for every change (a round's state is applied at once, so the bust or the spin shows on every screen together; bets
 * are read back, at most twice a second however many players bet), the running round's `round-tick` a few times a
 * second for the clock, and a refetch every second while the round runs.
 */
export function useCrashRound(game: 'crash' | 'wheel' = 'crash') {
  const utils = trpc.useUtils();
  const [clock, setClock] = useState<CrashClock>({ offsetMs: 0 });
  const [pushed, setPushed] = useState<RoundEvent | null>(null);
  const current = trpc[game].current.useQuery(undefined, {
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 1_000 : 3_000),
  });
  // One read-back per half second at most: a round with hundreds of players sends hundreds of bet events.
  const readBack = useRef<{ timer: ReturnType<typeof setTimeout> | null }>({ timer: null });
  useEffect(() => () => void (readBack.current.timer && clearTimeout(readBack.current.timer)), []);
  const refresh = () => {
    if (readBack.current.timer) return;
    readBack.current.timer = setTimeout(() => {
      readBack.current.timer = null;
      void utils[game].current.invalidate();
    }, 500);
  };
  useEffect(() => {
    if (current.data?.serverTime) setClock(clockFrom(current.data.serverTime, current.dataUpdatedAt));
  }, [current.data?.serverTime, current.dataUpdatedAt]);
  trpc[game].onRound.useSubscription(
    {},
    {
      onData: (event) => {
        const data = event.data as RoundEvent;
        // The running round's tick (`round-tick`: no state): only the clock, a few times a second, no refetch.
        if (data.state === undefined && data.betId === undefined && data.serverTime) {
          setClock(clockFrom(data.serverTime));
          return;
        }
        if (data.betId === undefined && data.serverTime) {
          setClock(clockFrom(data.serverTime));
          setPushed(data);
          if (data.state === 'ended' || data.state === 'cancelled') void utils[game].rounds.invalidate();
          void utils[game].current.invalidate();
        } else refresh();
      },
    },
  );
  // An event newer than the last answer (the bust, a new window) shows before the refetch lands.
  const round = current.data && pushed && pushed.id === current.data.id && rank(pushed.state) > rank(current.data.state) ? { ...current.data, ...pushed, bets: current.data.bets } : current.data;
  return { round: round ?? null, clock, loading: current.isPending };
}

const ORDER = ['queued', 'betting', 'running', 'ended', 'cancelled'];
const rank = (state: string | undefined) => ORDER.indexOf(state ?? '');
