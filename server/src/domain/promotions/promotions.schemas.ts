import { z } from 'zod';
import { dbId } from '../ids.js';
import { amountInputSchema, CURRENCIES } from '../wallet/amounts.js';
import { percentToPpm } from './promotion-rules.js';

export const promotionIdSchema = dbId.bigintString('promotion id', 'promotion id must be a whole number from 1');
export const promotionByIdSchema = z.object({ id: promotionIdSchema }).strict();

const name = z.string().trim().min(1, 'name is required').max(80, 'name must be at most 80 characters');
const instant = z.iso
  .datetime({ offset: true, message: 'must be an ISO date-time' })
  .transform((text) => new Date(text));
const window = { startsAt: instant, endsAt: instant };
const endsAfterStart = (value: { startsAt: Date; endsAt: Date }) => value.endsAt > value.startsAt;
const endsAfterStartMessage = { message: 'endsAt must be after startsAt', path: ['endsAt'] };
const percent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, 'must be a percentage with at most 4 decimals')
  .transform(percentToPpm)
  .refine((ppm) => ppm > 0 && ppm <= 1_000_000, 'must be more than 0 and at most 100');

/** 0 to 100 percent (a game that does not count at all weighs 0). */
const percentOrZero = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, 'must be a percentage with at most 4 decimals')
  .transform(percentToPpm)
  .refine((ppm) => ppm <= 1_000_000, 'must be at most 100');

/**
 * A race's prizes by place: either fixed amounts, or a pool and each place's percentage of it (floored to the unit).
 */
const prizeTable = z.union([
  z
    .object({ amounts: z.array(amountInputSchema).min(1, 'at least one prize').max(100, 'at most 100 prizes') })
    .strict(),
  z
    .object({
      pool: amountInputSchema,
      sharesPercent: z.array(percent).min(1, 'at least one prize').max(100, 'at most 100 prizes'),
    })
    .strict()
    .refine((table) => table.sharesPercent.reduce((sum, ppm) => sum + ppm, 0) <= 1_000_000, {
      message: 'the shares add up to more than 100%',
      path: ['sharesPercent'],
    }),
]);

export const createRaceSchema = z
  .object({
    name,
    currency: z.enum(CURRENCIES),
    ...window,
    /** Game slugs the race counts; empty counts every original. */
    games: z
      .array(z.string().regex(/^[a-z0-9-]{1,32}$/, 'a game slug'))
      .max(50)
      .default([]),
    prizes: prizeTable,
  })
  .strict()
  .refine(endsAfterStart, endsAfterStartMessage);

export const createCodeSchema = z
  .object({
    name,
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, 'a code is 3 to 32 letters, digits, - or _'),
    currency: z.enum(CURRENCIES),
    amount: amountInputSchema,
    maxUses: z.number().int('maxUses must be a whole number').min(1).max(1_000_000),
    ...window,
  })
  .strict()
  .refine(endsAfterStart, endsAfterStartMessage);

export const createReloadSchema = z
  .object({
    name,
    currency: z.enum(CURRENCIES),
    period: z.enum(['day', 'week']),
    ratePercent: percent,
    cap: amountInputSchema,
    ...window,
  })
  .strict()
  .refine(endsAfterStart, endsAfterStartMessage);

export const createBonusSchema = z
  .object({
    name,
    currency: z.enum(CURRENCIES),
    ...window,
    /** A fixed amount, or a match of the player's latest deposit (percent) up to a maximum. */
    offer: z.union([
      z.object({ fixed: amountInputSchema }).strict(),
      z
        .object({
          matchPercent: z
            .string()
            .trim()
            .regex(/^\d{1,3}(\.\d{1,4})?$/, 'a percentage')
            .transform(percentToPpm)
            .refine((ppm) => ppm > 0, 'must be more than 0'),
          upTo: amountInputSchema,
        })
        .strict(),
    ]),
    wageringMultiple: z.number().int().min(1).max(200),
    /** Game slug -> percent of a stake on it that counts. */
    weights: z.record(z.string().regex(/^[a-z0-9-]{1,32}$/, 'a game slug'), percentOrZero).default({}),
    otherGamesPercent: percentOrZero,
    maxStake: amountInputSchema,
    expiryHours: z.number().int().min(1).max(8760),
    /** Which balance a bet draws on first while the bonus is active (docs/promotions.md, "Staking a bonus"). */
    stakeOrder: z.enum(['cash-first', 'bonus-first']).default('cash-first'),
  })
  .strict()
  .refine(endsAfterStart, endsAfterStartMessage);

export const setStatusSchema = z
  .object({ id: promotionIdSchema, status: z.enum(['active', 'paused', 'ended']) })
  .strict();

export const redeemCodeSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, 'a code is 3 to 32 letters, digits, - or _'),
  })
  .strict();

export const optOutSchema = z.object({ optedOut: z.boolean() }).strict();

export const costReportSchema = z
  .object({ days: z.number().int().min(1).max(366).default(30) })
  .strict()
  .default({ days: 30 });

export type CreateRaceInput = z.infer<typeof createRaceSchema>;
export type CreateCodeInput = z.infer<typeof createCodeSchema>;
export type CreateReloadInput = z.infer<typeof createReloadSchema>;
export type CreateBonusInput = z.infer<typeof createBonusSchema>;
