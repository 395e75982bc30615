import { drawWithoutReplacement } from '../shared/floats.js';
import { choose, ratio, type Ratio } from '../shared/ratio.js';
import { originalMeta, type MultiStepGameRules } from '../shared/originals.js';

/** Mines: a 5x5 board, tiles 0..24 row by row; 1 to 24 mines placed by the first `mines` floats. */
export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;
export const MINES_POOL: readonly number[] = Array.from({ length: MINES_TILES }, (_, i) => i);

export interface MinesParams {
  mines: number;
}
export interface MinesOutcome {
  mines: number;
  /** Safe tiles revealed so far, in reveal order (the losing tile last when the round was lost). */
  revealed: number[];
  /** The mine that ended the round, when it was lost. */
  mineHit?: number;
  /** In draw order; present once the round has ended. */
  minePositions?: number[];
}

export function minesParamsError(params: MinesParams): string | null {
  return Number.isInteger(params.mines) && params.mines >= MINES_MIN && params.mines <= MINES_MAX
    ? null
    : 'mines must be 1 to 24';
}

/** The mine tiles in draw order: pool [0..24], idx = floor(f_k * (25 - k)), splice. */
export function minePositions(floats: readonly number[], mines: number): number[] {
  return drawWithoutReplacement(MINES_POOL, floats, mines);
}

/** 0.99 x C(25, r) / C(25 - mines, r): the fair multiplier for surviving r reveals, less 1%. */
export function minesMultiplier(mines: number, safeReveals: number): Ratio {
  if (safeReveals === 0) return ratio(0n);
  return ratio(99n * choose(MINES_TILES, safeReveals), 100n * choose(MINES_TILES - mines, safeReveals));
}

/** Multiplier after r = 0 is shown as 1 for display only; cashing out needs at least one reveal. */
export function minesNextMultiplier(mines: number, safeReveals: number): Ratio | null {
  return safeReveals + 1 <= MINES_TILES - mines ? minesMultiplier(mines, safeReveals + 1) : null;
}

/** The best a round can pay: every safe tile revealed. */
export function minesMaxMultiplier(params: MinesParams): Ratio {
  return minesMultiplier(params.mines, MINES_TILES - params.mines);
}

/**
 * Exact return to player of "cash out after r reveals": P(survive r) = C(25 - m, r) / C(25, r), times the multiplier:
 * 99/100 for every m and r (before the payout's floor to 1e-8).
 */
export function minesExactRtp(mines: number, safeReveals: number): Ratio {
  const survive = ratio(choose(MINES_TILES - mines, safeReveals), choose(MINES_TILES, safeReveals));
  const m = minesMultiplier(mines, safeReveals);
  return ratio(survive.num * m.num, survive.den * m.den);
}

export const MINES_RULES: MultiStepGameRules<MinesParams> = {
  ...originalMeta(
    'mines',
    'Mines',
    `Reveal safe tiles on a ${MINES_TILES}-tile board and cash out before you hit a mine.`,
  ),
  kind: 'multi-step',
  paramsError: minesParamsError,
  floatCount: (params) => params.mines,
  maxMultiplier: minesMaxMultiplier,
};
