import { z } from 'zod';
import { amountInputSchema } from '../wallet/amounts.js';

export const playLimitKindSchema = z.enum(['loss', 'wager']);
export const playLimitPeriodSchema = z.enum(['day', 'week', 'month']);

export const setPlayLimitInputSchema = z.object({
  kind: playLimitKindSchema,
  period: playLimitPeriodSchema,
  /** USD; null removes the limit (after 24 h, like any raise). */
  amount: amountInputSchema.nullable(),
});

export const playLimitKeySchema = z.object({ kind: playLimitKindSchema, period: playLimitPeriodSchema });
