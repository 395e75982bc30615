/**
 * Seeds + nonce + game parameters -> the outcome, computed in the browser. Every game step (floats, outcome,
 * multiplier) is the server's pure rules module; only the HMAC comes from Web Crypto here.
 */
import { formatRatio } from '../../../../server/src/domain/games/shared/ratio';
import { type SeedInput } from '../../../../server/src/domain/games/shared/floats';
import { floatsFromSeedsAsync, type FloatSource } from '../../../../server/src/domain/games/shared/floats';
import { gameVerifier, type VerifiedOutcome, type VerifyParams } from './game-verifiers';
import { hmacSha256, sha256Hex } from './web-crypto';

export type { VerifiedOutcome, VerifyParams } from './game-verifiers';

/** The floats of one bet computed in the browser. */
function webCryptoFloatSource(seeds: SeedInput): FloatSource {
  return (count) => floatsFromSeedsAsync(hmacSha256, seeds, count);
}

export interface Verification {
  outcome: VerifiedOutcome;
  /** The multiplier the outcome pays, floored to 4 decimals ("0.0000" for a loss). */
  multiplier: string;
  /** SHA-256 of the server seed, to compare with the hash published before the bet. */
  serverSeedHash: string;
  floats: number[];
}

/** Why the parameters cannot be verified, or null. Uses the rules' own validation. */
export function verifyParamsError(params: VerifyParams): string | null {
  return gameVerifier(params.game).paramsError(params);
}

export function seedsError(seeds: SeedInput): string | null {
  if (!seeds.serverSeed.trim()) return 'Enter the server seed (revealed after rotation)';
  if (!seeds.clientSeed) return 'Enter the client seed';
  if (!Number.isInteger(seeds.nonce) || seeds.nonce < 0) return 'The nonce is a whole number from 0';
  return null;
}

export async function verifyBet(seeds: SeedInput, params: VerifyParams): Promise<Verification> {
  const problem = seedsError(seeds) ?? verifyParamsError(params);
  if (problem) throw new RangeError(problem);
  const source = webCryptoFloatSource(seeds);
  const serverSeedHash = await sha256Hex(seeds.serverSeed);
  const played = await gameVerifier(params.game).play(params, source);
  const outcome = { game: params.game, ...played.outcome } as VerifiedOutcome;
  return { outcome, multiplier: formatRatio(played.multiplier, 4), serverSeedHash, floats: played.floats };
}
