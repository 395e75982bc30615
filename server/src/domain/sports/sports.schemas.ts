import { z } from 'zod';
import { dbId } from '../ids.js';
import { amountInputSchema } from '../wallet/amounts.js';
import { parseOdds } from './sports-math.js';

/** Inputs of the sportsbook procedures; odds travel as decimal strings ("2.15"), never numbers. */
export const idSchema = dbId.bigintString('id', 'must be an id');

export const oddsInputSchema = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,3})?$/, 'odds must be a decimal with at most 3 decimals, like 2.15')
  .refine((text) => {
    try {
      parseOdds(text);
      return true;
    } catch {
      return false;
    }
  }, 'odds must be above 1.000 and at most 1000')
  .transform((text) => parseOdds(text));

export const oddsPolicySchema = z.enum(['any', 'higher', 'none']);
export const marketTypeSchema = z.enum(['1x2', 'moneyline', 'totals', 'handicap']);
export const eventStatusSchema = z.enum(['upcoming', 'live', 'finished', 'cancelled']);
export const selectionResultSchema = z.enum(['won', 'lost', 'void']);

const nameSchema = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');

export const placeBetInputSchema = z.object({
  /** The client's own id for this bet: a retry with the same one returns the stored bet. */
  clientId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'clientId must be 1-64 of A-Z a-z 0-9 _ -'),
  currency: z.enum(['USD', 'BZU']),
  stake: amountInputSchema,
  oddsPolicy: oddsPolicySchema.default('none'),
  legs: z
    .array(z.object({ selectionId: idSchema, odds: oddsInputSchema }))
    .min(1, 'a bet needs at least one selection')
    .max(10, 'a multi has at most 10 legs'),
});
export type PlaceBetInput = z.infer<typeof placeBetInputSchema>;

export const betsInputSchema = z
  .object({
    status: z.enum(['open', 'settled']).default('open'),
    limit: z.number().int().min(1).max(100).default(20),
    cursor: idSchema.optional(),
  })
  .default({ status: 'open', limit: 20 });

export const cashOutInputSchema = z.object({
  betId: idSchema,
  /** The value the player was shown; a lower current value is refused (CASHOUT_CHANGED). */
  expectedValue: amountInputSchema.optional(),
});

export const eventsInputSchema = z
  .object({ status: z.enum(['open', 'all']).default('open') })
  .default({ status: 'open' });

export const createEventInputSchema = z.object({
  sport: nameSchema,
  competition: nameSchema,
  home: nameSchema,
  away: nameSchema,
  startsAt: z.iso.datetime({ offset: true }).transform((text) => new Date(text)),
});

export const addMarketInputSchema = z.object({
  eventId: idSchema,
  type: marketTypeSchema,
  /** Totals and handicap lines, e.g. "2.5" or "-1.5"; at most 3 decimals. */
  line: z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,3})?$/, 'line must be a number like 2.5 or -1.5')
    .optional(),
  selections: z
    .array(z.object({ name: nameSchema, odds: oddsInputSchema }))
    .min(2)
    .max(3),
});

export const setOddsInputSchema = z.object({ selectionId: idSchema, odds: oddsInputSchema });
export const marketStatusInputSchema = z.object({ marketId: idSchema, status: z.enum(['open', 'suspended']) });
export const eventStatusInputSchema = z.object({ eventId: idSchema, status: eventStatusSchema });
export const settleMarketInputSchema = z.object({
  marketId: idSchema,
  results: z
    .array(z.object({ selectionId: idSchema, result: selectionResultSchema }))
    .min(1)
    .max(3),
});

/** "2.5" -> 2500; "-1.5" -> -1500. */
export function parseLine(text: string): number {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  return negative ? -milli : milli;
}

export function formatLine(milli: number | null): string | null {
  if (milli === null) return null;
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  const fraction = String(abs % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.floor(abs / 1000)}${fraction ? `.${fraction}` : ''}`;
}
