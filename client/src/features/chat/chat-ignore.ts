import { createStore, useStore } from '../../lib/external-store';

/**
 * Players this browser hides in the Trollbox ("Ignore" on a name), by user id, kept in localStorage so it lasts
 * across visits. Client-side only: the ignored player is not told and their messages still reach everyone else.
 */
function decodeIds(text: string): ReadonlySet<number> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? new Set(parsed.filter((id): id is number => Number.isInteger(id))) : undefined;
  } catch {
    return undefined;
  }
}

const ignored = createStore<ReadonlySet<number>>(() => new Set(), {
  key: 'chat-ignored',
  decode: decodeIds,
  encode: (ids) => JSON.stringify([...ids]),
});

export function ignorePlayer(userId: number): void {
  ignored.set((ids) => new Set([...ids, userId]));
}

export function unignoreAll(): void {
  ignored.set(new Set());
}

export function useIgnoredPlayers(): ReadonlySet<number> {
  return useStore(ignored);
}
