import type { RouterOutputs } from '../../lib/router-types';
import { trpc } from '../../trpc';

export type SportsEvent = RouterOutputs['sports']['event'];
export type SportsMarket = SportsEvent['markets'][number];
export type SportsSelection = SportsMarket['selections'][number];
export type SportsBet = RouterOutputs['sports']['bets']['items'][number];

export const BETTABLE = new Set(['upcoming', 'live']);

/**
 * Live odds: every odds or market change on the `sports` channel (tRPC sports.onOdds) refetches
 * the catalogue queries on screen and the player's open bets (their cash-out values move too).
 */
export function useSportsLive(enabled: boolean): void {
  const utils = trpc.useUtils();
  trpc.sports.onOdds.useSubscription(undefined, {
    enabled,
    onData: () => {
      void utils.sports.events.invalidate();
      void utils.sports.event.invalidate();
      void utils.sports.bets.invalidate();
    },
  });
}

/** Current odds and market state by selection id, from the open-events list (for the slip). */
export function useCurrentSelections(): Map<string, { odds: string; open: boolean }> {
  const events = trpc.sports.events.useQuery({ status: 'open' });
  const current = new Map<string, { odds: string; open: boolean }>();
  for (const event of events.data ?? []) {
    for (const market of event.markets) {
      for (const selection of market.selections) {
        current.set(selection.id, {
          odds: selection.odds,
          open: market.status === 'open' && BETTABLE.has(event.status),
        });
      }
    }
  }
  return current;
}
