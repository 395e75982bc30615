/**
 * The /provably-fair search parameters, in a module of their own: the route's validateSearch is in
 * the first screen's bundle, the converters of verify-link.ts are not.
 */
import { isSeededGame } from '../bets/game-directory';
import type { SeededGameSlug as ClientGameSlug } from '../games/registry';

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
  /** The multiplier a round cashed out at the profit limit paid ("1.5000"): less than the replayed one. */
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

/**
 * The multiplier the verifier shows, and why when it is not the replay's: a round cashed out at the profit limit paid
 * less than its cards (or tiles) replay to, so the page shows what it paid, with the replay's beside it.
 */
export function verifiedMultiplier(
  replayed: string,
  search: VerifySearch,
): { multiplier: string; note: string | null } {
  // As the bet shows it (4 decimals), so the verifier's figure matches the bet's.
  const paid = search.capped ?? null;
  const shown = replayed;
  if (paid === null) return { multiplier: shown, note: null };
  return {
    multiplier: paid,
    note: `This round reached the profit limit: it paid ${paid}x (the stake plus the limit); the replay reaches ${shown}x.`,
  };
}

/** validateSearch: keeps known keys with string (or number) values. */
export function parseVerifySearch(search: Record<string, unknown>): VerifySearch {
  const out: VerifySearch = {};
  const game = search.game;
  if (isSeededGame(game)) out.game = game as ClientGameSlug;
  for (const key of KEYS) {
    const value = search[key];
    if (key === 'capped' && !(typeof value === 'string' && /^\d{1,12}(\.\d{1,8})?$/.test(value))) continue;
    if (typeof value === 'string' && value !== '') out[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) out[key] = String(value);
  }
  return out;
}
