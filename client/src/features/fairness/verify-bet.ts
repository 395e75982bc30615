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
  type KenoRisk,
  type PlinkoRisk,
  type Ratio,
  type SeedInput,
} from '../../../../server/src/domain/games/rules';
import { sha256Hex, webCryptoFloatSource } from './web-crypto';

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
  let multiplier: Ratio;
  let floats: number[];
  switch (params.game) {
    case 'dice': {
      const rules = GAME_RULES.dice;
      floats = await source(rules.floatCount(params));
      const o = rules.outcome(floats, params);
      multiplier = rules.multiplier(o);
      outcome = { game: 'dice', roll: o.roll, win: multiplier.num > 0n };
      break;
    }
    case 'limbo': {
      const rules = GAME_RULES.limbo;
      floats = await source(rules.floatCount(params));
      const o = rules.outcome(floats, params);
      multiplier = rules.multiplier(o);
      outcome = { game: 'limbo', result: o.result, win: multiplier.num > 0n };
      break;
    }
    case 'plinko': {
      const rules = GAME_RULES.plinko;
      floats = await source(rules.floatCount(params));
      const o = rules.outcome(floats, params);
      multiplier = rules.multiplier(o);
      outcome = { game: 'plinko', path: o.path, bucket: o.bucket };
      break;
    }
    case 'keno': {
      const rules = GAME_RULES.keno;
      floats = await source(rules.floatCount(params));
      const o = rules.outcome(floats, params);
      multiplier = rules.multiplier(o);
      outcome = { game: 'keno', drawn: o.drawn, hits: o.hits };
      break;
    }
    case 'mines': {
      floats = await source(GAME_RULES.mines.floatCount(params));
      outcome = { game: 'mines', minePositions: minePositions(floats, params.mines) };
      multiplier = minesMultiplier(params.mines, params.reveals ?? 0);
      break;
    }
  }
  return { outcome, multiplier: formatRatio(multiplier, 4), serverSeedHash, floats };
}
