import { z } from 'zod';
import { oneAmountInstant, stakeFields } from '../game-module.js';
import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, PLINKO_RULES } from './rules.js';
import { plinkoFairnessTables } from './plinko.doc.js';

export const plinkoBetSchema = z.object({
  ...stakeFields,
  rows: z.number().int().min(PLINKO_MIN_ROWS, 'rows must be 8 to 16').max(PLINKO_MAX_ROWS, 'rows must be 8 to 16'),
  risk: z.enum(PLINKO_RISKS),
});

/** Plinko: a ball through 8 to 16 rows of pegs (rules/plinko.ts). */
export const PLINKO_GAME = {
  ...oneAmountInstant(PLINKO_RULES, plinkoBetSchema, (input) => ({ rows: input.rows, risk: input.risk })),
  slug: 'plinko',
  fairnessTables: plinkoFairnessTables,
} as const;
