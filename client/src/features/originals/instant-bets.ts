/**
 * The player's "instant bets" choice: animated games (plinko, keno) skip their animation and show the result
 * at once. One choice for every game, remembered in the browser.
 */
import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'bzu.instantBets';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

let instant = read();

export function setInstantBets(value: boolean): void {
  instant = value;
  try {
    localStorage.setItem(STORAGE_KEY, String(value));
  } catch {
    // Storage off: the choice lasts for this page load.
  }
  for (const listener of listeners) listener();
}

export function useInstantBets(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => instant,
  );
}
