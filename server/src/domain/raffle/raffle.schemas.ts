import { z } from 'zod';

/**
 * A raffle id: a decimal string (bigint column), as the API answers it. One pattern, no refinement after it, so text
 * that is not a number gets this message (a refinement would run on it too and fail converting it).
 */
const ID_MESSAGE = 'raffle id must be a whole number from 1';
export const raffleIdSchema = z.string(ID_MESSAGE).regex(/^[1-9]\d{0,17}$/, ID_MESSAGE);

export const raffleByIdSchema = z.object({ id: raffleIdSchema }).strict();

export const rafflePastSchema = z
  .object({
    cursor: z.string('cursor must be a whole number from 1').regex(/^[1-9]\d{0,17}$/, 'cursor must be a whole number from 1').optional(),
    limit: z.number().int('limit must be a whole number').min(1, 'limit must be from 1 to 50').max(50, 'limit must be from 1 to 50').default(10),
  })
  .strict()
  .default({ limit: 10 });

export type RafflePastInput = z.infer<typeof rafflePastSchema>;
