import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, PLINKO_TABLES, type PlinkoRisk } from './tables.js';
import { addRatio, choose, compareRatio, mulRatio, parseDecimal, ratio, type Ratio } from '../shared/ratio.js';
import { originalMeta, type InstantGameRules } from '../shared/originals.js';

export { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, PLINKO_TABLES, type PlinkoRisk };

export interface PlinkoParams {
  rows: number;
  risk: PlinkoRisk;
}
export interface PlinkoOutcome {
  rows: number;
  risk: PlinkoRisk;
  /** 0 left, 1 right, one per row. */
  path: number[];
  bucket: number;
}

export function plinkoParamsError(params: PlinkoParams): string | null {
  if (!Number.isInteger(params.rows) || params.rows < PLINKO_MIN_ROWS || params.rows > PLINKO_MAX_ROWS)
    return 'rows must be 8 to 16';
  if (!PLINKO_RISKS.includes(params.risk)) return 'risk must be low, medium or high';
  return null;
}

export function plinkoOutcome(floats: readonly number[], params: PlinkoParams): PlinkoOutcome {
  const path = floats.slice(0, params.rows).map((f) => Math.floor(f * 2));
  return { rows: params.rows, risk: params.risk, path, bucket: path.reduce((a, b) => a + b, 0) };
}

export function plinkoTable(params: PlinkoParams): readonly string[] {
  const table = PLINKO_TABLES[params.risk][params.rows];
  if (!table) throw new RangeError('no plinko table for these parameters');
  return table;
}

export function plinkoMultiplier(outcome: PlinkoOutcome): Ratio {
  return parseDecimal(plinkoTable(outcome)[outcome.bucket]!);
}

export function plinkoMaxMultiplier(params: PlinkoParams): Ratio {
  return plinkoTable(params)
    .map(parseDecimal)
    .reduce((a, b) => (compareRatio(a, b) >= 0 ? a : b));
}

/** Exact return to player: sum over buckets k of C(rows, k) / 2^rows x multiplier(k). */
export function plinkoExactRtp(params: PlinkoParams): Ratio {
  return plinkoTable(params).reduce<Ratio>(
    (sum, m, k) => addRatio(sum, mulRatio(ratio(choose(params.rows, k), 1n << BigInt(params.rows)), parseDecimal(m))),
    ratio(0n),
  );
}

export const PLINKO_RULES: InstantGameRules<PlinkoParams, PlinkoOutcome> = {
  ...originalMeta('plinko', 'Plinko', 'Drop a ball through 8 to 16 rows of pegs; the bucket it lands in pays.'),
  kind: 'instant',
  paramsError: plinkoParamsError,
  floatCount: (params) => params.rows,
  outcome: plinkoOutcome,
  multiplier: plinkoMultiplier,
  maxMultiplier: plinkoMaxMultiplier,
};
