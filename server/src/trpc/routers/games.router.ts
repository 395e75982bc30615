import { z } from 'zod';
import {
  betByIdInputSchema,
  exportInputSchema,
  myBetsInputSchema,
  onLiveInputSchema,
  recentBetsInputSchema,
  rotateInputSchema,
} from '../../domain/games/games.schemas.js';
import { authedProcedure } from '../auth.middleware.js';
import { publicProcedure, router } from '../init.js';
import { trackedEvents } from '../tracked-events.js';
import { gameProcedures } from './game-procedures.js';
import { onResultProcedure } from './live.procedures.js';

/** The games: the catalogue, each registered game's procedures under its slug (game-procedures.ts), and the player's game results. */
export const gamesRouter = router({
  list: publicProcedure.query(({ ctx }) => ctx.services.games.history.list()),
  ...gameProcedures,
  onResult: onResultProcedure,
});

/** The player's seed pair (FAIRNESS.md). */
export const fairnessRouter = router({
  current: authedProcedure.query(({ ctx }) => ctx.services.games.fairness.current(ctx.user.id)),
  rotate: authedProcedure
    .input(rotateInputSchema)
    .mutation(({ ctx, input }) => ctx.services.games.fairness.rotate(ctx.user.id, input)),
});

/** Bet history, details, stats, CSV, and the public live feed (backfill + resumable subscription). */
export const betsRouter = router({
  mine: authedProcedure
    .input(myBetsInputSchema)
    .query(({ ctx, input }) => ctx.services.games.history.mine(ctx.user.id, input)),
  byId: publicProcedure.input(betByIdInputSchema).query(({ ctx, input }) => ctx.services.games.history.byId(input.id)),
  /** Whether the signed-in player's name shows on the public page of their bets (/bets/<id>). */
  privacy: authedProcedure.query(({ ctx }) => ctx.services.games.history.betPrivacy(ctx.user.id)),
  setPrivacy: authedProcedure
    .input(z.object({ hidden: z.boolean() }))
    .mutation(({ ctx, input }) => ctx.services.games.history.setBetPrivacy(ctx.user.id, input.hidden)),
  stats: authedProcedure.query(({ ctx }) => ctx.services.games.history.stats(ctx.user.id)),
  exportCsv: authedProcedure
    .input(exportInputSchema)
    .query(({ ctx, input }) => ctx.services.games.history.exportCsv(ctx.user.id, input)),
  recent: publicProcedure
    .input(recentBetsInputSchema)
    .query(({ ctx, input }) => ctx.services.games.history.recent(input.feed)),
  onLive: publicProcedure
    .input(onLiveInputSchema)
    .subscription(({ ctx, input, signal }) =>
      trackedEvents(ctx.services.live.bets(input.feed, { lastEventId: input.lastEventId, signal })),
    ),
});
