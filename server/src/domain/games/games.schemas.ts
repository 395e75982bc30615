import { z } from 'zod';
import { dbId } from '../ids.js';
import { amountInputSchema, CURRENCIES } from '../wallet/amounts.js';
import {
  DICE_CONDITIONS,
  diceParamsError,
  GAME_SLUGS,
  KENO_RISKS,
  kenoParamsError,
  limboParamsError,
  MINES_MAX,
  MINES_MIN,
  MINES_TILES,
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
} from './rules/index.js';

/** Inputs of the originals, parsed at the edge (tRPC) and shared with the client's forms. Amounts are decimal strings. */
export const gameSlugSchema = z.enum(GAME_SLUGS);
export const betCurrencySchema = z.enum(CURRENCIES).default('USD');
/** Chosen by the client per attempt; a retry with the same id returns the same bet instead of placing another. */
export const clientBetIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'clientBetId must be 1-64 letters, digits or _.:-')
  .optional();
/** A bet id: a positive bigint, never beyond the column's range (out-of-range ids are a 400, not a 500). */
export const betIdSchema = dbId.bigintString('bet id', 'must be a bet id');

const stake = { amount: amountInputSchema, currency: betCurrencySchema, clientBetId: clientBetIdSchema };

/** A rules module's own check, so the schema and the engine can never disagree. */
function ruleCheck<T>(check: (value: T) => string | null) {
  return (value: T, ctx: z.RefinementCtx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

export const diceBetSchema = z
  .object({ ...stake, target: z.number().finite(), condition: z.enum(DICE_CONDITIONS) })
  .superRefine(ruleCheck(diceParamsError));
export const limboBetSchema = z.object({ ...stake, target: z.number().finite() }).superRefine(ruleCheck(limboParamsError));
export const plinkoBetSchema = z.object({
  ...stake,
  rows: z.number().int().min(PLINKO_MIN_ROWS, 'rows must be 8 to 16').max(PLINKO_MAX_ROWS, 'rows must be 8 to 16'),
  risk: z.enum(PLINKO_RISKS),
});
export const kenoBetSchema = z
  .object({ ...stake, picks: z.array(z.number().int()).min(1, 'pick 1 to 10 numbers').max(10, 'pick 1 to 10 numbers'), risk: z.enum(KENO_RISKS) })
  .superRefine(ruleCheck(kenoParamsError));
export const minesStartSchema = z.object({
  ...stake,
  mines: z.number().int().min(MINES_MIN, 'mines must be 1 to 24').max(MINES_MAX, 'mines must be 1 to 24'),
});
export const minesRevealSchema = z.object({
  betId: betIdSchema,
  tile: z.number().int().min(0, 'tile must be 0 to 24').max(MINES_TILES - 1, 'tile must be 0 to 24'),
});
export const minesCashoutSchema = z.object({ betId: betIdSchema });

export type DiceBetInput = z.infer<typeof diceBetSchema>;
export type LimboBetInput = z.infer<typeof limboBetSchema>;
export type PlinkoBetInput = z.infer<typeof plinkoBetSchema>;
export type KenoBetInput = z.infer<typeof kenoBetSchema>;
export type MinesStartInput = z.infer<typeof minesStartSchema>;

/** Printable ASCII, 1-64 characters (FAIRNESS.md). */
export const clientSeedSchema = z.string().regex(/^[ -~]{1,64}$/, 'client seed must be 1-64 printable ASCII characters');
export const rotateInputSchema = z.object({ clientSeed: clientSeedSchema.optional() }).default({});

export const BETS_PAGE_DEFAULT = 20;
export const BETS_PAGE_MAX = 100;
export const betStateSchema = z.enum(['open', 'won', 'lost']);
export const myBetsInputSchema = z
  .object({
    game: gameSlugSchema.optional(),
    currency: z.enum(CURRENCIES).optional(),
    state: betStateSchema.optional(),
    /** The `nextCursor` of the previous page. */
    cursor: betIdSchema.optional(),
    limit: z.number().int().min(1).max(BETS_PAGE_MAX).default(BETS_PAGE_DEFAULT),
  })
  .default({ limit: BETS_PAGE_DEFAULT });
export type MyBetsInput = z.infer<typeof myBetsInputSchema>;

export const exportInputSchema = z.object({ game: gameSlugSchema.optional(), currency: z.enum(CURRENCIES).optional() }).default({});

export const liveFeedSchema = z.enum(['all', 'high-rollers']);
export const recentBetsInputSchema = z.object({ feed: liveFeedSchema.default('all') }).default({ feed: 'all' });
export const betByIdInputSchema = z.object({ id: betIdSchema });
/** The live feed subscription; tRPC's client sends back `lastEventId` when it reconnects, and the stream resumes. */
export const onLiveInputSchema = z
  .object({ feed: liveFeedSchema.default('all'), lastEventId: z.string().regex(/^\d+-\d+$/, 'an event id').nullish() })
  .nullish()
  .transform((input) => ({ feed: input?.feed ?? 'all', lastEventId: input?.lastEventId ?? null }));
