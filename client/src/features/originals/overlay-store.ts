import { useSyncExternalStore } from 'react';
import type { BetView } from './bet-types';

/**
 * The two overlays any page can open (bet details, seeds), held outside React so the live feed, My bets and the
 * game pages open the same modal mounted once in the layout.
 */
interface OverlayState {
  bet: BetView | null;
  seedsOpen: boolean;
}

let state: OverlayState = { bet: null, seedsOpen: false };
const listeners = new Set<() => void>();

function set(next: OverlayState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function openBetDetails(bet: BetView): void {
  set({ ...state, bet });
}
export function closeBetDetails(): void {
  set({ ...state, bet: null });
}
export function openSeeds(): void {
  set({ ...state, seedsOpen: true });
}
export function closeSeeds(): void {
  set({ ...state, seedsOpen: false });
}

export function useOverlays(): OverlayState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
