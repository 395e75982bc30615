import { ratio, toHundredths, type Ratio } from '../shared/ratio.js';
import { originalMeta, type InstantGameRules } from '../shared/originals.js';

/** Dice: roll = floor(f0 * 10001) / 100, 0.00 to 100.00 (FAIRNESS.md). */
export const DICE_CONDITIONS = ['over', 'under'] as const;
export type DiceCondition = (typeof DICE_CONDITIONS)[number];
/** Win chance bounds in hundredths of a percent: 0.01% to 98.00%. */
export const DICE_MIN_CHANCE_HUNDREDTHS = 1;
export const DICE_MAX_CHANCE_HUNDREDTHS = 9800;

export interface DiceParams {
  target: number;
  condition: DiceCondition;
}
export interface DiceOutcome {
  roll: number;
  target: number;
  condition: DiceCondition;
}

/** Win chance in hundredths of a percent, or null when the target is not a valid 2-decimal target. */
export function diceChanceHundredths(target: number, condition: DiceCondition): number | null {
  const t = toHundredths(target);
  if (t === null || t < 0 || t > 10000) return null;
  const chance = condition === 'over' ? 10000 - t : t;
  return chance >= DICE_MIN_CHANCE_HUNDREDTHS && chance <= DICE_MAX_CHANCE_HUNDREDTHS ? chance : null;
}

/** Why the parameters are unplayable, or null when they are fine. */
export function diceParamsError(params: DiceParams): string | null {
  return diceChanceHundredths(params.target, params.condition) === null
    ? 'target must have 2 decimals and give a win chance from 0.01 to 98.00'
    : null;
}

/** The roll in hundredths (0..10000). */
export function diceRollHundredths(floats: readonly number[]): number {
  return Math.floor(floats[0]! * 10001);
}

export function diceOutcome(floats: readonly number[], params: DiceParams): DiceOutcome {
  return { roll: Math.floor(floats[0]! * 10001) / 100, target: params.target, condition: params.condition };
}

export function diceWins(outcome: DiceOutcome): boolean {
  const roll = Math.round(outcome.roll * 100);
  const target = Math.round(outcome.target * 100);
  return outcome.condition === 'over' ? roll > target : roll < target;
}

/** The multiplier when the bet wins: 99 / chance = 9900 / chanceHundredths. */
export function diceWinMultiplier(params: DiceParams): Ratio {
  const chance = diceChanceHundredths(params.target, params.condition);
  if (chance === null) throw new RangeError('invalid dice target');
  return ratio(9900n, BigInt(chance));
}

export function diceMultiplier(outcome: DiceOutcome): Ratio {
  return diceWins(outcome) ? diceWinMultiplier(outcome) : ratio(0n);
}

/** Exact return to player: P(win) = chance outcomes of 10001, times 9900/chance = 9900/10001 for every target. */
export function diceExactRtp(params: DiceParams): Ratio {
  const chance = diceChanceHundredths(params.target, params.condition);
  if (chance === null) throw new RangeError('invalid dice target');
  const winning =
    params.condition === 'over' ? 10000 - Math.round(params.target * 100) : Math.round(params.target * 100);
  return ratio(BigInt(winning) * 9900n, 10001n * BigInt(chance));
}

export const DICE_RULES: InstantGameRules<DiceParams, DiceOutcome> = {
  ...originalMeta('dice', 'Dice', 'Roll over or under a target from 0.00 to 100.00; you choose the win chance.'),
  kind: 'instant',
  paramsError: diceParamsError,
  floatCount: () => 1,
  outcome: diceOutcome,
  multiplier: diceMultiplier,
  maxMultiplier: diceWinMultiplier,
};
