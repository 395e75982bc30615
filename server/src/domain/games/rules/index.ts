/**
 * The originals' rules: one implementation of the outcome functions and payout tables shared by the server's bet
 * engine, the browser's verifier and the game UIs (the client may import exactly this folder; see eslint.config.js).
 * Pure: no node: imports, no I/O. Checked against golden vectors from an independent Python implementation
 * (tests/fixtures/fairness_vectors.py).
 */
import {
  diceMultiplier,
  diceOutcome,
  diceParamsError,
  diceWinMultiplier,
  type DiceOutcome,
  type DiceParams,
} from './dice.js';
import {
  kenoMaxMultiplier,
  kenoMultiplier,
  kenoOutcome,
  kenoParamsError,
  type KenoOutcome,
  type KenoParams,
} from './keno.js';
import {
  limboMultiplier,
  limboOutcome,
  limboParamsError,
  limboWinMultiplier,
  type LimboOutcome,
  type LimboParams,
} from './limbo.js';
import { MINES_TILES, minesMaxMultiplier, minesParamsError, type MinesParams } from './mines.js';
import {
  plinkoMaxMultiplier,
  plinkoMultiplier,
  plinkoOutcome,
  plinkoParamsError,
  type PlinkoOutcome,
  type PlinkoParams,
} from './plinko.js';
import { type Ratio } from './ratio.js';

export * from './dice.js';
export * from './floats.js';
export * from './keno.js';
export * from './limbo.js';
export * from './mines.js';
export * from './plinko.js';
export * from './ratio.js';

/** Every original returns 99% (house edge 1%); tables are tuned to within 0.1 points below it. */
export const ORIGINALS_RTP_PERCENT = '99.00';
export const ORIGINALS_HOUSE_EDGE_PPM = 10_000;

interface GameMeta {
  /** Which games exist is registry.ts's decision (server) and features/games/registry.ts's (client). */
  slug: string;
  name: string;
  description: string;
  /** Declared return to player, percent. */
  rtp: string;
  /** House edge in parts per million (the referral accrual's input). */
  houseEdgePpm: number;
}

/** A single-step game: the floats decide everything at once. */
export interface InstantGameRules<P, O> extends GameMeta {
  kind: 'instant';
  paramsError(params: P): string | null;
  floatCount(params: P): number;
  outcome(floats: readonly number[], params: P): O;
  /** 0 when the bet lost. */
  multiplier(outcome: O): Ratio;
  /** The most this bet can pay, for the max-profit check. */
  maxMultiplier(params: P): Ratio;
}

export interface MultiStepGameRules<P> extends GameMeta {
  kind: 'multi-step';
  paramsError(params: P): string | null;
  floatCount(params: P): number;
  maxMultiplier(params: P): Ratio;
}

const meta = (slug: string, name: string, description: string): GameMeta => ({
  slug,
  name,
  description,
  rtp: ORIGINALS_RTP_PERCENT,
  houseEdgePpm: ORIGINALS_HOUSE_EDGE_PPM,
});

export const DICE_RULES: InstantGameRules<DiceParams, DiceOutcome> = {
  ...meta('dice', 'Dice', 'Roll over or under a target from 0.00 to 100.00; you choose the win chance.'),
  kind: 'instant',
  paramsError: diceParamsError,
  floatCount: () => 1,
  outcome: diceOutcome,
  multiplier: diceMultiplier,
  maxMultiplier: diceWinMultiplier,
};

export const LIMBO_RULES: InstantGameRules<LimboParams, LimboOutcome> = {
  ...meta('limbo', 'Limbo', 'Pick a target multiplier; win it when the result reaches it.'),
  kind: 'instant',
  paramsError: limboParamsError,
  floatCount: () => 1,
  outcome: limboOutcome,
  multiplier: limboMultiplier,
  maxMultiplier: limboWinMultiplier,
};

export const PLINKO_RULES: InstantGameRules<PlinkoParams, PlinkoOutcome> = {
  ...meta('plinko', 'Plinko', 'Drop a ball through 8 to 16 rows of pegs; the bucket it lands in pays.'),
  kind: 'instant',
  paramsError: plinkoParamsError,
  floatCount: (params) => params.rows,
  outcome: plinkoOutcome,
  multiplier: plinkoMultiplier,
  maxMultiplier: plinkoMaxMultiplier,
};

export const KENO_RULES: InstantGameRules<KenoParams, KenoOutcome> = {
  ...meta('keno', 'Keno', 'Pick 1 to 10 of 40 numbers; 10 are drawn and the hits pay.'),
  kind: 'instant',
  paramsError: kenoParamsError,
  floatCount: () => 10,
  outcome: kenoOutcome,
  multiplier: kenoMultiplier,
  maxMultiplier: kenoMaxMultiplier,
};

export const MINES_RULES: MultiStepGameRules<MinesParams> = {
  ...meta('mines', 'Mines', `Reveal safe tiles on a ${MINES_TILES}-tile board and cash out before you hit a mine.`),
  kind: 'multi-step',
  paramsError: minesParamsError,
  floatCount: (params) => params.mines,
  maxMultiplier: minesMaxMultiplier,
};

export const GAME_RULES = {
  dice: DICE_RULES,
  limbo: LIMBO_RULES,
  plinko: PLINKO_RULES,
  keno: KENO_RULES,
  mines: MINES_RULES,
} as const satisfies Record<string, GameMeta>;
