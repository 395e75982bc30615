/**
 * Which cached queries a live event makes stale. TanStack Query matches keys by prefix and tRPC
 * keys start with the procedure path as an array (`[['bets', 'mine'], { input, type }]`), so a
 * path here covers every input of that procedure. A procedure whose answer a game result changes
 * is added here.
 */
export const GAME_RESULT_QUERY_PATHS: readonly (readonly string[])[] = [
  // The originals: My bets, per-game stats, a bet's details (its revealed seed changes too) and an open mines round.
  ['bets', 'mine'],
  ['bets', 'stats'],
  ['bets', 'byId'],
  ['games', 'mines'],
  // The lobby's recently played games (sidebar, casino home).
  ['lobby', 'recentlyPlayed'],
  // Sportsbook: settlement of a bet arrives as a game-result (gameId "sportsbook").
  ['sports', 'bets'],
];

/** A tRPC query key's procedure path (its first element), or null for other keys. */
function pathOf(queryKey: readonly unknown[]): readonly string[] | null {
  const head = queryKey[0];
  return Array.isArray(head) && head.every((part) => typeof part === 'string') ? (head as string[]) : null;
}

/** Does a game result make this query stale? A listed name also covers procedures whose names extend it. */
export function isGameResultQuery(queryKey: readonly unknown[]): boolean {
  const path = pathOf(queryKey);
  if (!path || path.length < 2) return false;
  return GAME_RESULT_QUERY_PATHS.some(([area, name]) => path[0] === area && path[1]!.startsWith(name!));
}
