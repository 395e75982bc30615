import { useSyncExternalStore } from 'react';

/**
 * Players this browser hides in the Trollbox ("Ignore" on a name), by user id, kept in localStorage so it lasts
 * across visits. Client-side only: the ignored player is not told and their messages still reach everyone else.
 */
const KEY = 'chat-ignored';

function read(): ReadonlySet<number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : []);
  } catch {
    return new Set();
  }
}

let ignored: ReadonlySet<number> | null = null;
const listeners = new Set<() => void>();

function current(): ReadonlySet<number> {
  ignored ??= read();
  return ignored;
}

function write(next: ReadonlySet<number>): void {
  ignored = next;
  try {
    localStorage.setItem(KEY, JSON.stringify([...next]));
  } catch {
    // Storage full or blocked: the choice holds for this page only.
  }
  for (const listener of listeners) listener();
}

export function ignorePlayer(userId: number): void {
  write(new Set([...current(), userId]));
}

export function unignoreAll(): void {
  write(new Set());
}

export function useIgnoredPlayers(): ReadonlySet<number> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current,
  );
}
