import { drawWithoutReplacement } from '../shared/floats.js';
import { KENO_DRAWN, KENO_MAX_PICKS, KENO_NUMBERS, KENO_RISKS, KENO_TABLES, type KenoRisk } from './tables.js';
import { addRatio, choose, compareRatio, mulRatio, parseDecimal, ratio, type Ratio } from '../shared/ratio.js';
import { originalMeta, type InstantGameRules } from '../shared/originals.js';

export { KENO_DRAWN, KENO_MAX_PICKS, KENO_NUMBERS, KENO_RISKS, KENO_TABLES, type KenoRisk };

export interface KenoParams {
  picks: number[];
  risk: KenoRisk;
}
export interface KenoOutcome {
  risk: KenoRisk;
  picks: number[];
  /** In draw order. */
  drawn: number[];
  hits: number;
}

export const KENO_POOL: readonly number[] = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);

export function kenoParamsError(params: KenoParams): string | null {
  const { picks } = params;
  if (!Array.isArray(picks) || picks.length < 1 || picks.length > KENO_MAX_PICKS) return 'pick 1 to 10 numbers';
  if (picks.some((n) => !Number.isInteger(n) || n < 1 || n > KENO_NUMBERS))
    return 'picks must be whole numbers from 1 to 40';
  if (new Set(picks).size !== picks.length) return 'picks must be distinct';
  if (!KENO_RISKS.includes(params.risk)) return 'risk must be classic, low, medium or high';
  return null;
}

export function kenoDraw(floats: readonly number[]): number[] {
  return drawWithoutReplacement(KENO_POOL, floats, KENO_DRAWN);
}

export function kenoOutcome(floats: readonly number[], params: KenoParams): KenoOutcome {
  const drawn = kenoDraw(floats);
  const hits = params.picks.filter((n) => drawn.includes(n)).length;
  return { risk: params.risk, picks: [...params.picks], drawn, hits };
}

/** The payout row for the number of picks: index = hits. */
export function kenoTable(risk: KenoRisk, picks: number): readonly string[] {
  const table = KENO_TABLES[risk]?.[picks - 1];
  if (!table) throw new RangeError('no keno table for these parameters');
  return table;
}

export function kenoMultiplier(outcome: KenoOutcome): Ratio {
  return parseDecimal(kenoTable(outcome.risk, outcome.picks.length)[outcome.hits]!);
}

export function kenoMaxMultiplier(params: KenoParams): Ratio {
  return kenoTable(params.risk, params.picks.length)
    .map(parseDecimal)
    .reduce((a, b) => (compareRatio(a, b) >= 0 ? a : b));
}

/** P(hits = h) for p picks: hypergeometric, C(10, h) C(30, p - h) / C(40, p). */
export function kenoHitProbability(picks: number, hits: number): Ratio {
  return ratio(choose(KENO_DRAWN, hits) * choose(KENO_NUMBERS - KENO_DRAWN, picks - hits), choose(KENO_NUMBERS, picks));
}

export function kenoExactRtp(risk: KenoRisk, picks: number): Ratio {
  return kenoTable(risk, picks).reduce<Ratio>(
    (sum, m, hits) => addRatio(sum, mulRatio(kenoHitProbability(picks, hits), parseDecimal(m))),
    ratio(0n),
  );
}

export const KENO_RULES: InstantGameRules<KenoParams, KenoOutcome> = {
  ...originalMeta('keno', 'Keno', 'Pick 1 to 10 of 40 numbers; 10 are drawn and the hits pay.'),
  kind: 'instant',
  paramsError: kenoParamsError,
  floatCount: () => 10,
  outcome: kenoOutcome,
  multiplier: kenoMultiplier,
  maxMultiplier: kenoMaxMultiplier,
};
