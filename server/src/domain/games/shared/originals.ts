/**
 * What the five originals (dice, limbo, plinko, keno, mines) share: their declared return and edge and the shape
 * of their rules objects (each game's rules.ts defines its own, e.g. DICE_RULES). Pure, like every rules module:
 * the server's bet engine, the browser's verifier and the game pages read the same objects.
 */
import { type Ratio } from './ratio.js';

/** Every original returns 99% (house edge 1%); tables are tuned to within 0.1 points below it. */
export const ORIGINALS_RTP_PERCENT = '99.00';
export const ORIGINALS_HOUSE_EDGE_PPM = 10_000;

export interface GameMeta {
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

export const originalMeta = (slug: string, name: string, description: string): GameMeta => ({
  slug,
  name,
  description,
  rtp: ORIGINALS_RTP_PERCENT,
  houseEdgePpm: ORIGINALS_HOUSE_EDGE_PPM,
});
