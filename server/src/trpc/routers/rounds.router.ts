import { z } from 'zod';
import { betIdSchema } from '../../domain/games/game-module.js';
import { ROUND_GAMES, type RoundGameSlug } from '../../domain/games/registry.js';
import type { AnyRoundGame, RoundGame } from '../../domain/rounds/round-game.js';
import type { BetSchema } from '../../domain/games/game-module.js';
import { authedProcedure } from '../auth.middleware.js';
import { publicProcedure, router } from '../init.js';
import { limitedEvents, resumeInput } from '../tracked-events.js';

export const roundsPageSchema = z
  .object({
    cursor: z
      .string()
      .regex(/^\d{1,18}$/, 'must be a round id')
      .optional(),
    limit: z.number().int().min(1).max(100).default(20),
  })
  .default({ limit: 20 });
export const roundIdSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be a round id') });
export const cashoutSchema = z.object({ betId: betIdSchema.optional() }).default({});

/** A round game's procedures (docs/api.md "Round games"): chain, current, rounds, round, bet, cashout, onRound. */
export function roundGameRouter<Schema extends BetSchema>(
  game: RoundGame<Schema, never, never> & { slug: RoundGameSlug },
) {
  const loose = game as unknown as AnyRoundGame;
  return router({
    chain: publicProcedure.query(({ ctx }) => ctx.services.rounds.chain(loose)),
    current: publicProcedure.query(({ ctx }) => ctx.services.rounds.current(loose)),
    rounds: publicProcedure.input(roundsPageSchema).query(({ ctx, input }) => ctx.services.rounds.rounds(loose, input)),
    round: publicProcedure.input(roundIdSchema).query(({ ctx, input }) => ctx.services.rounds.round(loose, input.id)),
    bet: authedProcedure
      .input(game.input)
      .mutation(({ ctx, input }) =>
        ctx.services.rounds.placeBet({ id: ctx.user.id, username: ctx.user.publicUsername }, loose, input),
      ),
    cashout: authedProcedure
      .input(cashoutSchema)
      .mutation(({ ctx, input }) => ctx.services.rounds.cashout(ctx.user.id, loose, input.betId)),
    /** `round-update` and `round-bet` events of the game's channel; public, resumable. */
    onRound: publicProcedure
      .input(resumeInput)
      .subscription(({ ctx, input, signal }) =>
        limitedEvents(ctx.subscriptions, () =>
          ctx.services.live.roundEvents(game.slug, { lastEventId: input.lastEventId, signal }),
        ),
      ),
  });
}

type RoundGameEntry = (typeof ROUND_GAMES)[number];
type RoundGameProcedures<G> = G extends { input: infer Schema extends BetSchema }
  ? ReturnType<typeof roundGameRouter<Schema>>
  : never;

/**
 * Every registered round game's procedures, each under its slug at the top of the API (`crash.current`,
 * `wheel.bet`...): built from ROUND_GAMES, typed per game for the client (its own bet input), so adding a round game
 * is its registry line.
 */
export const roundGameRouters = Object.fromEntries(
  ROUND_GAMES.map((game) => [
    game.slug,
    roundGameRouter(game as unknown as RoundGame<BetSchema, never, never> & { slug: RoundGameSlug }),
  ]),
) as unknown as { [G in RoundGameEntry as G['slug']]: RoundGameProcedures<G> };
