import { ratio, toHundredths, type Ratio } from '../shared/ratio.js';
import { originalMeta, type InstantGameRules } from '../shared/originals.js';

/** Limbo: a crash-style result; the player wins `target` times the stake when result >= target. */
export const LIMBO_MIN_TARGET_HUNDREDTHS = 101;
export const LIMBO_MAX_TARGET_HUNDREDTHS = 100_000_000;

export interface LimboParams {
  target: number;
}
export interface LimboOutcome {
  result: number;
  target: number;
}

export function limboTargetHundredths(target: number): number | null {
  const t = toHundredths(target);
  return t !== null && t >= LIMBO_MIN_TARGET_HUNDREDTHS && t <= LIMBO_MAX_TARGET_HUNDREDTHS ? t : null;
}

export function limboParamsError(params: LimboParams): string | null {
  return limboTargetHundredths(params.target) === null ? 'target must have 2 decimals, from 1.01 to 1000000' : null;
}

/**
 * The result in hundredths. FAIRNESS.md: max(1, floor(1e8 / (floor(f0 * 1e8) + 1) * 0.99 * 100) / 100), evaluated left
 * to right; max(1, z / 100) equals max(100, z) / 100 for an integer z, so the hundredths are exact.
 */
export function limboResultHundredths(f0: number): number {
  return Math.max(100, Math.floor((1e8 / (Math.floor(f0 * 1e8) + 1)) * 0.99 * 100));
}

export function limboOutcome(floats: readonly number[], params: LimboParams): LimboOutcome {
  return { result: limboResultHundredths(floats[0]!) / 100, target: params.target };
}

export function limboWins(outcome: LimboOutcome): boolean {
  return Math.round(outcome.result * 100) >= Math.round(outcome.target * 100);
}

export function limboWinMultiplier(params: LimboParams): Ratio {
  const t = limboTargetHundredths(params.target);
  if (t === null) throw new RangeError('invalid limbo target');
  return ratio(BigInt(t), 100n);
}

export function limboMultiplier(outcome: LimboOutcome): Ratio {
  return limboWins(outcome) ? limboWinMultiplier(outcome) : ratio(0n);
}

/**
 * Exact return to player for a target. f0 = k / 2^32 and floor(f0 * 1e8) = floor(k * 390625 / 2^24) exactly (the product
 * is below 2^53), and the result falls as u = floor(f0 * 1e8) + 1 grows, so the bet wins for u <= uMax: the k with
 * floor(k * 390625 / 2^24) <= uMax - 1 are the first ceil(uMax * 2^24 / 390625) of 2^32.
 */
export function limboExactRtp(params: LimboParams): Ratio {
  const t = limboTargetHundredths(params.target);
  if (t === null) throw new RangeError('invalid limbo target');
  const result = (u: number) => Math.max(100, Math.floor((1e8 / u) * 0.99 * 100));
  let lo = 0;
  let hi = 1e8; // largest u that wins lies in [lo, hi]; u = 0 stands for "none"
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (result(mid) >= t) lo = mid;
    else hi = mid - 1;
  }
  const uMax = BigInt(lo);
  const two24 = 1n << 24n;
  const winningK = (uMax * two24 + 390624n) / 390625n;
  const capped = winningK > 1n << 32n ? 1n << 32n : winningK;
  return ratio(capped * BigInt(t), (1n << 32n) * 100n);
}

export const LIMBO_RULES: InstantGameRules<LimboParams, LimboOutcome> = {
  ...originalMeta('limbo', 'Limbo', 'Pick a target multiplier; win it when the result reaches it.'),
  kind: 'instant',
  paramsError: limboParamsError,
  floatCount: () => 1,
  outcome: limboOutcome,
  multiplier: limboMultiplier,
  maxMultiplier: limboWinMultiplier,
};
