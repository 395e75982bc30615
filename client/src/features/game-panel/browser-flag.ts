/**
 * A yes/no choice the player makes once for every game (instant bets, hotkeys, sound), remembered in the
 * browser and read by any component through a hook.
 */
import { createStore, useStore } from '../../lib/external-store';

export interface BrowserFlag {
  get(): boolean;
  set(value: boolean): void;
  use(): boolean;
}

const decodeFlag = (text: string): boolean | undefined =>
  text === 'true' ? true : text === 'false' ? false : undefined;

export function browserFlag(storageKey: string, fallback: boolean): BrowserFlag {
  const store = createStore(fallback, { key: storageKey, decode: decodeFlag, encode: String });
  return {
    get: store.get,
    set: (value) => store.set(value),
    use: () => useStore(store),
  };
}
