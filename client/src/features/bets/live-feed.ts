/** The live bets list: newest first, one row per bet id, at most LIVE_FEED_SIZE rows. */
export const LIVE_FEED_SIZE = 20;

interface FeedBet {
  id: string;
  createdAt: string;
}

/** Merges new bets (socket or backfill) into the list; a bet already shown is replaced, never duplicated. */
export function mergeFeed<T extends FeedBet>(
  current: readonly T[],
  incoming: readonly T[],
  size = LIVE_FEED_SIZE,
): T[] {
  const byId = new Map<string, T>();
  for (const bet of current) byId.set(bet.id, bet);
  for (const bet of incoming) byId.set(bet.id, bet);
  return [...byId.values()]
    .sort((a, b) => (a.createdAt === b.createdAt ? compareIds(b.id, a.id) : a.createdAt < b.createdAt ? 1 : -1))
    .slice(0, size);
}

/** Bet ids are bigint strings: longer is larger. */
function compareIds(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A live event's data as a bet row. The socket's schema only names a few fields (it passes the BetView through),
 * so a frame without the ones the table shows is dropped instead of rendering half a row.
 */
export function asFeedBet<T extends FeedBet>(data: unknown): T | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  const strings = ['id', 'createdAt', 'game', 'currency', 'amount', 'payout', 'multiplier', 'username'];
  return strings.every((key) => typeof d[key] === 'string') ? (data as T) : null;
}
