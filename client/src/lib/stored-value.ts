import { useSyncExternalStore } from 'react';

// Values whose writes the storage refused (blocked or full): kept for the page's life instead.
const unsaved = new Map<string, string>();
const readers = new Set<() => void>();

function read(key: string): string | null {
  if (unsaved.has(key)) return unsaved.get(key)!;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, text: string): void {
  try {
    window.localStorage.setItem(key, text);
    unsaved.delete(key);
  } catch {
    unsaved.set(key, text);
  }
  for (const reader of readers) reader();
}

function subscribe(reader: () => void): () => void {
  readers.add(reader);
  // Another tab's write.
  window.addEventListener('storage', reader);
  return () => {
    readers.delete(reader);
    window.removeEventListener('storage', reader);
  };
}

/**
 * A value remembered in localStorage as text, read synchronously (the first paint already has
 * it) and kept the same in every component that reads it, in this tab and in the others.
 * (Not @mantine/hooks' useLocalStorage: its JSON and event plumbing weighed ~0.5 KB brotli in the
 * first screen, which only needs these few lines.)
 */
export function useStoredValue<T>(key: string, decode: (text: string | null) => T, encode: (value: T) => string): [T, (next: T | ((current: T) => T)) => void] {
  const text = useSyncExternalStore(subscribe, () => read(key));
  const set = (next: T | ((current: T) => T)) => write(key, encode(next instanceof Function ? next(decode(read(key))) : next));
  return [decode(text), set];
}
