/**
 * The /casino/my-bets search params, in a module of their own: the route's validateSearch stays in
 * the first screen's bundle, the page (tables, selects) must not.
 */
import type { ClientGameSlug } from '../games/registry';
import { isKnownGame } from './game-directory';

export const MY_BETS_STATES = ['open', 'won', 'lost', 'refunded'] as const;

export interface MyBetsSearch {
  game?: ClientGameSlug;
  currency?: 'USD' | 'BZU';
  state?: (typeof MY_BETS_STATES)[number];
}

/** validateSearch for /casino/my-bets: unknown filter values are dropped, never sent. */
export function parseMyBetsSearch(search: Record<string, unknown>): MyBetsSearch {
  const out: MyBetsSearch = {};
  // Only a type from the registry (erased): the slug is checked against the game directory it fills.
  if (isKnownGame(search.game)) out.game = search.game as ClientGameSlug;
  if (search.currency === 'USD' || search.currency === 'BZU') out.currency = search.currency;
  if (typeof search.state === 'string' && (MY_BETS_STATES as readonly string[]).includes(search.state))
    out.state = search.state as MyBetsSearch['state'];
  return out;
}
