/**
 * The /provably-fair page's search parameters: a bet's details link prefills the verifier with them. All plain
 * strings in the URL (so it can be shared and edited), parsed back into the verifier's typed parameters here.
 */
import { isSeededGameSlug } from '../games/registry';
import { gameVerifier, type VerifyParams } from './game-verifiers';
import type { VerifySearch } from './verify-search';

interface BetLike {
  game: string;
  outcome: Record<string, unknown>;
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number; serverSeed?: string };
}

/** The verifier link of a bet: its seeds, nonce and the parameters its outcome records. */
export function verifySearchFromBet(bet: BetLike): VerifySearch {
  const o = bet.outcome;
  const base: VerifySearch = {
    serverSeedHash: bet.fairness.serverSeedHash,
    clientSeed: bet.fairness.clientSeed,
    nonce: String(bet.fairness.nonce),
    ...(bet.fairness.serverSeed ? { serverSeed: bet.fairness.serverSeed } : {}),
    // The replay computes the uncapped multiplier; the page says why the bet paid less.
    ...(o.capped === true ? { capped: '1' } : {}),
  };
  return isSeededGameSlug(bet.game) ? { ...base, game: bet.game, ...gameVerifier(bet.game).fromBet(o) } : base;
}

/** The typed parameters of a search, or a sentence saying what is missing. */
export function verifyParamsFromSearch(search: VerifySearch): VerifyParams | string {
  if (!search.game) return 'Choose a game';
  const params = gameVerifier(search.game).fromSearch(search);
  return typeof params === 'string' ? params : ({ game: search.game, ...params } as VerifyParams);
}
