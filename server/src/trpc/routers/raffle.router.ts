import { raffleByIdSchema, rafflePastSchema } from '../../domain/raffle/raffle.schemas.js';
import { authedProcedure } from '../auth.middleware.js';
import { publicProcedure, router } from '../init.js';
import { limitedEvents, resumeInput } from '../tracked-events.js';

/** Raffles (docs/raffle.md): the open one with the caller's tickets, the free entry, and past draws to replay. */
export const raffleRouter = router({
  /** Public; `mine` is filled when the caller is signed in (an unknown or expired token reads as a guest). */
  current: publicProcedure.query(async ({ ctx }) => {
    const session = ctx.sessionToken ? await ctx.services.auth.accounts.authenticateSession(ctx.sessionToken) : null;
    return ctx.services.raffle.current(session?.user.id ?? null);
  }),
  claimFreeEntry: authedProcedure.mutation(({ ctx }) => ctx.services.raffle.claimFreeEntry(ctx.user.id)),
  past: publicProcedure.input(rafflePastSchema).query(({ ctx, input }) => ctx.services.raffle.past(input)),
  byId: publicProcedure.input(raffleByIdSchema).query(({ ctx, input }) => ctx.services.raffle.byId(input.id)),
  /** The published entrants list (CSV, exactly the hashed bytes); REST serves it as a file. */
  entrantsCsv: publicProcedure
    .input(raffleByIdSchema)
    .query(({ ctx, input }) => ctx.services.raffle.entrantsCsv(input.id)),
  /** `raffle-update` ({ raffleId, status }) on open, close and draw; public, resumable. */
  onUpdate: publicProcedure
    .input(resumeInput)
    .subscription(({ ctx, input, signal }) =>
      limitedEvents(ctx.subscriptions, () =>
        ctx.services.live.raffleUpdates({ lastEventId: input.lastEventId, signal }),
      ),
    ),
  /** The signed-in player's `raffle-win` events (session from the socket's connection params). */
  onWin: publicProcedure
    .input(resumeInput)
    .subscription(({ ctx, input, signal }) =>
      limitedEvents(ctx.subscriptions, () =>
        ctx.services.live.raffleWins(ctx.sessionToken, { lastEventId: input.lastEventId, signal }),
      ),
    ),
});
