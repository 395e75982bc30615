import { z } from 'zod';
import { betIdSchema } from '../../domain/games/game-module.js';
import { BINGO_GAME } from '../../domain/games/bingo/bingo.game.js';
import { CRASH_GAME } from '../../domain/games/crash/crash.game.js';
import { WHEEL_GAME } from '../../domain/games/wheel/wheel.game.js';
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
  game: RoundGame<Schema, never, never> & { slug: 'crash' | 'wheel' | 'bingo' },
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

export const crashRouter = roundGameRouter(
  CRASH_GAME as unknown as RoundGame<typeof CRASH_GAME.input, never, never> & { slug: 'crash' },
);
export const wheelRouter = roundGameRouter(
  WHEEL_GAME as unknown as RoundGame<typeof WHEEL_GAME.input, never, never> & { slug: 'wheel' },
);
export const bingoRouter = roundGameRouter(
  BINGO_GAME as unknown as RoundGame<typeof BINGO_GAME.input, never, never> & { slug: 'bingo' },
);
