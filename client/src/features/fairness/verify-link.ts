/**
 * The /provably-fair page's search parameters: a bet's details link prefills the verifier with them. All plain
 * strings in the URL (so it can be shared and edited), parsed back into the verifier's typed parameters here.
 */
import { isSeededGame } from '../bets/game-directory';
import type { SeededGameSlug } from '../games/registry';
import { gameVerifier, type VerifyParams } from './game-verifiers';
import type { VerifySearch } from './verify-search';

interface BetLike {
  game: string;
  outcome: Record<string, unknown>;
  /** What the bet paid: a capped round's multiplier, which its replay does not give. */
  multiplier?: string;
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
    // The replay computes the uncapped multiplier; the page shows what the bet paid and why.
    ...(o.capped === true && bet.multiplier ? { capped: bet.multiplier } : {}),
  };
  return isSeededGame(bet.game)
    ? { ...base, game: bet.game as SeededGameSlug, ...gameVerifier(bet.game as SeededGameSlug).fromBet(o) }
    : base;
}

/** The typed parameters of a search, or a sentence saying what is missing. */
export function verifyParamsFromSearch(search: VerifySearch): VerifyParams | string {
  if (!search.game) return 'Choose a game';
  const params = gameVerifier(search.game).fromSearch(search);
  return typeof params === 'string' ? params : ({ game: search.game, ...params } as VerifyParams);
}
