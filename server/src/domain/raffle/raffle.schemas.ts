import { z } from 'zod';
import { dbId } from '../ids.js';

/** A raffle id: a decimal string (bigint column), as the API answers it. */
export const raffleIdSchema = dbId.bigintString('raffle id', 'raffle id must be a whole number from 1');

export const raffleByIdSchema = z.object({ id: raffleIdSchema }).strict();

export const rafflePastSchema = z
  .object({
    cursor: dbId.bigintString('cursor', 'cursor must be a whole number from 1').optional(),
    limit: z
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be from 1 to 50')
      .max(50, 'limit must be from 1 to 50')
      .default(10),
  })
  .strict()
  .default({ limit: 10 });

export type RafflePastInput = z.infer<typeof rafflePastSchema>;
