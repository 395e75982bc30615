/**
 * Which cached queries a live event makes stale. TanStack Query matches keys by prefix and tRPC
 * keys start with the procedure path as an array (`[['bets', 'mine'], { input, type }]`), so a
 * path here covers every input of that procedure. A procedure whose answer a game result changes
 * is added here. A segment written ANY_SEGMENT matches any name there, so that a convention every game follows
 * (`games.<slug>.active`) is written once, without naming games in this shared file.
 */
export const ANY_SEGMENT = '*';

export const GAME_RESULT_QUERY_PATHS: readonly (readonly string[])[] = [
  // The originals: My bets, per-game stats, a bet's details (its revealed seed changes too).
  ['bets', 'mine'],
  ['bets', 'stats'],
  ['bets', 'byId'],
  // Every multi-step game's open round (mines, tower, video poker, hilo, blackjack and any added later): the round
  // the result settled is no longer open, or a round another tab started now is.
  ['games', ANY_SEGMENT, 'active'],
  // The lobby's recently played games (sidebar, casino home).
  ['lobby', 'recentlyPlayed'],
  // Sportsbook: settlement of a bet arrives as a game-result (gameId "sportsbook").
  ['sports', 'bets'],
  // An active bonus: bets stake from and pay into its balance, and count towards its requirement.
  ['promotions', 'overview'],
];

/** A tRPC query key's procedure path (its first element), or null for other keys. */
function pathOf(queryKey: readonly unknown[]): readonly string[] | null {
  const head = queryKey[0];
  return Array.isArray(head) && head.every((part) => typeof part === 'string') ? (head as string[]) : null;
}

/** Does a path match a pattern? Its last name also covers procedures whose names extend it (`stats` → `statsX`). */
function matches(path: readonly string[], pattern: readonly string[]): boolean {
  if (path.length < pattern.length) return false;
  return pattern.every((segment, i) => {
    if (segment === ANY_SEGMENT) return true;
    return i === pattern.length - 1 ? path[i]!.startsWith(segment) : path[i] === segment;
  });
}

/** Does a game result make this query stale? */
export function isGameResultQuery(queryKey: readonly unknown[]): boolean {
  const path = pathOf(queryKey);
  if (!path || path.length < 2) return false;
  return GAME_RESULT_QUERY_PATHS.some((pattern) => matches(path, pattern));
}
