/**
 * A yes/no choice the player makes once for every game (instant bets, hotkeys, sound), remembered in the
 * browser and read by any component through a hook.
 */
import { useSyncExternalStore } from 'react';

export interface BrowserFlag {
  get(): boolean;
  set(value: boolean): void;
  use(): boolean;
}

export function browserFlag(storageKey: string, fallback: boolean): BrowserFlag {
  const listeners = new Set<() => void>();
  let value = fallback;
  try {
    const stored = localStorage.getItem(storageKey);
    if (stored === 'true' || stored === 'false') value = stored === 'true';
  } catch {
    // No storage: the default until the player chooses.
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    get: () => value,
    set(next) {
      value = next;
      try {
        localStorage.setItem(storageKey, String(next));
      } catch {
        // Storage off: the choice lasts for this page load.
      }
      for (const listener of listeners) listener();
    },
    use: () => useSyncExternalStore(subscribe, () => value),
  };
}
