import { createStore, useStore } from '../../lib/external-store';
import type { BetView } from './bet-types';

/**
 * The two overlays any page can open (bet details, seeds), held outside React so the live feed, My bets and the
 * game pages open the same modal mounted once in the layout.
 */
interface OverlayState {
  bet: BetView | null;
  seedsOpen: boolean;
}

const overlays = createStore<OverlayState>({ bet: null, seedsOpen: false });

export function openBetDetails(bet: BetView): void {
  overlays.set((state) => ({ ...state, bet }));
}
export function closeBetDetails(): void {
  overlays.set((state) => ({ ...state, bet: null }));
}
export function openSeeds(): void {
  overlays.set((state) => ({ ...state, seedsOpen: true }));
}
export function closeSeeds(): void {
  overlays.set((state) => ({ ...state, seedsOpen: false }));
}

export function useOverlays(): OverlayState {
  return useStore(overlays);
}
