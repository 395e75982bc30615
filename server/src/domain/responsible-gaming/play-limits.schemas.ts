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

/** A time-out of 1 to 42 days (the page offers 1, 7, 30 and 42); from 30 days on, the password (and 2FA code). */
export const timeOutInputSchema = z.object({
  days: z.number().int().min(1).max(42),
  password: z.string().min(1).max(256).optional(),
  otp: z.string().max(32).optional(),
});

/** Closing the account always asks for the password (and the 2FA code when on). */
export const closeAccountInputSchema = z.object({
  password: z.string().min(1).max(256),
  otp: z.string().max(32).optional(),
});

/** Minutes between reality checks: 0 (off) or 15 to 120. */
export const realityCheckIntervalInputSchema = z.object({
  minutes: z
    .number()
    .int()
    .refine((minutes) => minutes === 0 || (minutes >= 15 && minutes <= 120), {
      message: 'Choose 15 to 120 minutes, or 0 for off',
    }),
});

export const realityCheckAnswerInputSchema = z.object({
  answer: z.enum(['continue', 'stop']),
  elapsedMinutes: z.number().int().min(0).max(100_000),
});

/** A session-time limit: a session of 5 to 1440 minutes, then a cool-down of 5 to 1440 minutes; null removes it. */
export const sessionLimitInputSchema = z.object({
  limit: z
    .object({
      minutes: z.number().int().min(5).max(1440),
      cooldownMinutes: z.number().int().min(5).max(1440),
    })
    .nullable(),
});
