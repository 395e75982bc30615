/**
 * State that lives outside React (the session, a modal any page opens, the bet slip, the chat feed) and that
 * components read through useSyncExternalStore. One implementation, so every store notifies the same way, skips
 * a change that changes nothing, and persists (when asked) the same way.
 */
import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  /** A new value, or a change of the current one; returning the same value notifies no one. */
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

/** Kept in localStorage as text under `key`; `decode` answers undefined for text it does not take (the default then). */
export interface Persistence<T> {
  key: string;
  decode: (text: string) => T | undefined;
  encode: (value: T) => string;
}

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * A store starting at `initial` (a function is called on first read). With `persist`, the first read takes what
 * the browser kept instead, when there is something it can decode, and every change is written back; a refused
 * write (storage blocked or full) keeps the value for this page load, and another tab's write of the key is taken
 * up at once.
 */
export function createStore<T>(initial: T | (() => T), persist?: Persistence<T>): Store<T> {
  const listeners = new Set<() => void>();
  let loaded = false;
  let value: T;
  const fallback = (): T => (initial instanceof Function ? initial() : initial);
  const decodeStored = (): T => {
    const stored = persist ? readStored(persist.key) : null;
    const decoded = persist && stored !== null ? persist.decode(stored) : undefined;
    return decoded !== undefined ? decoded : fallback();
  };
  const get = (): T => {
    if (!loaded) {
      value = decodeStored();
      loaded = true;
    }
    return value;
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };
  // Another tab wrote (or cleared) the key: take its value, so every tab shows the same choice.
  const onOtherTabWrite = (event: StorageEvent) => {
    if (event.key !== null && event.key !== persist!.key) return;
    const updated = decodeStored();
    if (loaded && Object.is(updated, value)) return;
    value = updated;
    loaded = true;
    notify();
  };
  const watchesOtherTabs = persist !== undefined && typeof window !== 'undefined';
  return {
    get,
    set(next) {
      const current = get();
      const updated = next instanceof Function ? next(current) : next;
      if (Object.is(updated, current)) return;
      value = updated;
      if (persist) {
        try {
          localStorage.setItem(persist.key, persist.encode(updated));
        } catch {
          // Storage off or full: the value lasts for this page load.
        }
      }
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0 && watchesOtherTabs) window.addEventListener('storage', onOtherTabWrite);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && watchesOtherTabs) window.removeEventListener('storage', onOtherTabWrite);
      };
    },
  };
}

/**
 * The store's value in a component, re-rendering when it changes. With `select`, only that part: the component
 * re-renders when the selected value changes (so `select` must return a stored value, not a new object).
 */
type Readable<T> = Pick<Store<T>, 'get' | 'subscribe'>;

export function useStore<T>(store: Readable<T>): T;
export function useStore<T, S>(store: Readable<T>, select: (value: T) => S): S;
export function useStore<T, S>(store: Readable<T>, select?: (value: T) => S): T | S {
  return useSyncExternalStore<T | S>(store.subscribe, select ? () => select(store.get()) : store.get);
}
