/**
 * Seeds + nonce + game parameters -> the outcome, computed in the browser. Every game step (floats, outcome,
 * multiplier) is the server's pure rules module; only the HMAC comes from Web Crypto here.
 */
import {
  GAME_RULES,
  formatRatio,
  minePositions,
  minesMultiplier,
  type DiceCondition,
  type InstantGameRules,
  type KenoRisk,
  type PlinkoRisk,
  type Ratio,
  type SeedInput,
} from '../../../../server/src/domain/games/rules';
import { floatsFromSeedsAsync, type FloatSource } from '../../../../server/src/domain/games/rules/floats';
import { hmacSha256, sha256Hex } from './web-crypto';

/** The floats of one bet computed in the browser. */
function webCryptoFloatSource(seeds: SeedInput): FloatSource {
  return (count) => floatsFromSeedsAsync(hmacSha256, seeds, count);
}

export type VerifyParams =
  | { game: 'dice'; target: number; condition: DiceCondition }
  | { game: 'limbo'; target: number }
  | { game: 'plinko'; rows: number; risk: PlinkoRisk }
  | { game: 'keno'; picks: number[]; risk: KenoRisk }
  | { game: 'mines'; mines: number; /** Safe reveals before the cash-out, for the multiplier. */ reveals?: number };

export type VerifiedOutcome =
  | { game: 'dice'; roll: number; win: boolean }
  | { game: 'limbo'; result: number; win: boolean }
  | { game: 'plinko'; path: number[]; bucket: number }
  | { game: 'keno'; drawn: number[]; hits: number }
  | { game: 'mines'; minePositions: number[] };

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
  switch (params.game) {
    case 'dice':
      return GAME_RULES.dice.paramsError(params);
    case 'limbo':
      return GAME_RULES.limbo.paramsError(params);
    case 'plinko':
      return GAME_RULES.plinko.paramsError(params);
    case 'keno':
      return GAME_RULES.keno.paramsError(params);
    case 'mines':
      return GAME_RULES.mines.paramsError(params);
  }
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
  let outcome: VerifiedOutcome;
  let played: { floats: number[]; multiplier: Ratio };
  switch (params.game) {
    case 'dice': {
      const dice = await playInstant(GAME_RULES.dice, params, source);
      played = dice;
      outcome = { game: 'dice', roll: dice.outcome.roll, win: dice.multiplier.num > 0n };
      break;
    }
    case 'limbo': {
      const limbo = await playInstant(GAME_RULES.limbo, params, source);
      played = limbo;
      outcome = { game: 'limbo', result: limbo.outcome.result, win: limbo.multiplier.num > 0n };
      break;
    }
    case 'plinko': {
      const plinko = await playInstant(GAME_RULES.plinko, params, source);
      played = plinko;
      outcome = { game: 'plinko', path: plinko.outcome.path, bucket: plinko.outcome.bucket };
      break;
    }
    case 'keno': {
      const keno = await playInstant(GAME_RULES.keno, params, source);
      played = keno;
      outcome = { game: 'keno', drawn: keno.outcome.drawn, hits: keno.outcome.hits };
      break;
    }
    case 'mines': {
      const floats = await source(GAME_RULES.mines.floatCount(params));
      outcome = { game: 'mines', minePositions: minePositions(floats, params.mines) };
      played = { floats, multiplier: minesMultiplier(params.mines, params.reveals ?? 0) };
      break;
    }
  }
  return { outcome, multiplier: formatRatio(played.multiplier, 4), serverSeedHash, floats: played.floats };
}

/** An instant game's rules on the seeds' floats: the floats drawn, the outcome, and what it pays. */
async function playInstant<P, O>(rules: InstantGameRules<P, O>, params: P, source: FloatSource): Promise<{ floats: number[]; outcome: O; multiplier: Ratio }> {
  const floats = await source(rules.floatCount(params));
  const outcome = rules.outcome(floats, params);
  return { floats, outcome, multiplier: rules.multiplier(outcome) };
}
