/**
 * The /provably-fair search parameters, in a module of their own: the route's validateSearch is in
 * the first screen's bundle, the converters of verify-link.ts are not.
 */
import { isSeededGameSlug as isClientGameSlug, type SeededGameSlug as ClientGameSlug } from '../games/registry';

export type VerifyGame = ClientGameSlug;

export interface VerifySearch {
  game?: VerifyGame;
  serverSeed?: string;
  serverSeedHash?: string;
  clientSeed?: string;
  nonce?: string;
  target?: string;
  condition?: string;
  rows?: string;
  risk?: string;
  /** Keno picks, comma separated. */
  picks?: string;
  mines?: string;
  /** Blackjack and hilo: the round's actions in order, comma separated (hilo: `cashout` last when it was cashed out). */
  actions?: string;
  /** Roulette chips: "type:numbers:amount;..." (roulette-board.ts encodeChips). */
  chips?: string;
  /** Baccarat: the player, banker and tie stakes, comma separated. */
  bets?: string;
  /** "1": the round was cashed out at the profit limit, so it paid less than the replayed multiplier. */
  capped?: string;
}

const KEYS = [
  'serverSeed',
  'serverSeedHash',
  'clientSeed',
  'nonce',
  'target',
  'condition',
  'rows',
  'risk',
  'picks',
  'mines',
  'actions',
  'chips',
  'bets',
  'capped',
] as const;

/** What the verifier says beside the replayed multiplier of a round that hit the profit limit (null otherwise). */
export function cappedNote(search: VerifySearch): string | null {
  return search.capped === '1'
    ? 'This round reached the profit limit: it paid the stake plus the limit, less than the multiplier above.'
    : null;
}

/** validateSearch: keeps known keys with string (or number) values. */
export function parseVerifySearch(search: Record<string, unknown>): VerifySearch {
  const out: VerifySearch = {};
  const game = search.game;
  if (isClientGameSlug(game)) out.game = game;
  for (const key of KEYS) {
    const value = search[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) out[key] = String(value);
  }
  return out;
}
