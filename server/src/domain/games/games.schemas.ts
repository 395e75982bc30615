import { z } from 'zod';
import { CURRENCIES } from '../wallet/amounts.js';
import { betIdSchema } from './game-module.js';
import { ALL_GAME_SLUGS } from './registry.js';

export { betCurrencySchema, betIdSchema, clientBetIdSchema } from './game-module.js';

/** The read side's inputs (history, export, feed) and the seed pair's; each game's bet inputs live in its folder. */
export const gameSlugSchema = z.enum(ALL_GAME_SLUGS);

/** Printable ASCII, 1-64 characters (FAIRNESS.md). */
export const clientSeedSchema = z
  .string()
  .regex(/^[ -~]{1,64}$/, 'client seed must be 1-64 printable ASCII characters');
export const rotateInputSchema = z.object({ clientSeed: clientSeedSchema.optional() }).default({});

export const BETS_PAGE_DEFAULT = 20;
export const BETS_PAGE_MAX = 100;
export const betStateSchema = z.enum(['open', 'won', 'lost', 'refunded']);
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

export const exportInputSchema = z
  .object({ game: gameSlugSchema.optional(), currency: z.enum(CURRENCIES).optional() })
  .default({});

export const liveFeedSchema = z.enum(['all', 'high-rollers']);
export const recentBetsInputSchema = z.object({ feed: liveFeedSchema.default('all') }).default({ feed: 'all' });
export const betByIdInputSchema = z.object({ id: betIdSchema });
/** The live feed subscription; tRPC's client sends back `lastEventId` when it reconnects, and the stream resumes. */
export const onLiveInputSchema = z
  .object({
    feed: liveFeedSchema.default('all'),
    lastEventId: z
      .string()
      .regex(/^\d+-\d+$/, 'an event id')
      .nullish(),
  })
  .nullish()
  .transform((input) => ({ feed: input?.feed ?? 'all', lastEventId: input?.lastEventId ?? null }));
