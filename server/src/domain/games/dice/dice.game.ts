import { z } from 'zod';
import { oneAmountInstant, stakeFields } from '../game-module.js';
import { ruleCheck } from '../rule-check.js';
import { DICE_CONDITIONS, DICE_RULES, diceParamsError } from './rules.js';

export const diceBetSchema = z
  .object({ ...stakeFields, target: z.number().finite(), condition: z.enum(DICE_CONDITIONS) })
  .superRefine(ruleCheck(diceParamsError));

/** Dice: roll over or under a target (rules/dice.ts). */
export const DICE_GAME = {
  ...oneAmountInstant(DICE_RULES, diceBetSchema, (input) => ({ target: input.target, condition: input.condition })),
  slug: 'dice',
} as const;
