import { z } from 'zod';
import { oneAmountInstant, stakeFields } from '../game-module.js';
import { ruleCheck } from '../rule-check.js';
import { KENO_RISKS, KENO_RULES, kenoParamsError } from './rules.js';
import { kenoFairnessTables } from './keno.doc.js';

export const kenoBetSchema = z
  .object({
    ...stakeFields,
    picks: z.array(z.number().int()).min(1, 'pick 1 to 10 numbers').max(10, 'pick 1 to 10 numbers'),
    risk: z.enum(KENO_RISKS),
  })
  .superRefine(ruleCheck(kenoParamsError));

/** Keno: 1 to 10 picks of 40, ten drawn (rules/keno.ts). */
export const KENO_GAME = {
  ...oneAmountInstant(KENO_RULES, kenoBetSchema, (input) => ({ picks: input.picks, risk: input.risk })),
  slug: 'keno',
  fairnessTables: kenoFairnessTables,
} as const;
