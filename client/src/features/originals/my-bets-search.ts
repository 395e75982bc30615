/**
 * The /casino/my-bets search params, in a module of their own: the route's validateSearch stays in
 * the first screen's bundle, the page (tables, selects) must not.
 */
export const MY_BETS_GAMES = ['dice', 'limbo', 'plinko', 'keno', 'mines'] as const;
export const MY_BETS_STATES = ['open', 'won', 'lost'] as const;

export interface MyBetsSearch {
  game?: (typeof MY_BETS_GAMES)[number];
  currency?: 'USD' | 'BZU';
  state?: (typeof MY_BETS_STATES)[number];
}

/** validateSearch for /casino/my-bets: unknown filter values are dropped, never sent. */
export function parseMyBetsSearch(search: Record<string, unknown>): MyBetsSearch {
  const out: MyBetsSearch = {};
  if (typeof search.game === 'string' && (MY_BETS_GAMES as readonly string[]).includes(search.game)) out.game = search.game as MyBetsSearch['game'];
  if (search.currency === 'USD' || search.currency === 'BZU') out.currency = search.currency;
  if (typeof search.state === 'string' && (MY_BETS_STATES as readonly string[]).includes(search.state)) out.state = search.state as MyBetsSearch['state'];
  return out;
}
