import { z } from 'zod';
import { oneAmountInstant, stakeFields } from '../game-module.js';
import { ruleCheck } from '../rule-check.js';
import { LIMBO_RULES, limboParamsError } from './rules.js';

export const limboBetSchema = z
  .object({ ...stakeFields, target: z.number().finite() })
  .superRefine(ruleCheck(limboParamsError));

/** Limbo: win the target multiplier when the result reaches it (rules/limbo.ts). */
export const LIMBO_GAME = {
  ...oneAmountInstant(LIMBO_RULES, limboBetSchema, (input) => ({ target: input.target })),
  slug: 'limbo',
} as const;
