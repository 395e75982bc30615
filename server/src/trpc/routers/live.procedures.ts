import { publicProcedure } from '../init.js';
import { limitedEvents, resumeInput } from '../tracked-events.js';

/**
 * Live subscriptions mounted under their area's router (account.onBalance, games.onResult,
 * system.onAnnouncement). The private ones resolve the session from the socket's connection
 * params before streaming, so a bad session is an UNAUTHORIZED error, not an empty stream.
 */
export const onBalanceProcedure = publicProcedure
  .input(resumeInput)
  .subscription(async ({ ctx, input, signal }) =>
    limitedEvents(ctx.subscriptions, () =>
      ctx.services.live.balanceUpdates(ctx.sessionToken, { lastEventId: input.lastEventId, signal }),
    ),
  );

export const onResultProcedure = publicProcedure
  .input(resumeInput)
  .subscription(async ({ ctx, input, signal }) =>
    limitedEvents(ctx.subscriptions, () =>
      ctx.services.live.gameResults(ctx.sessionToken, { lastEventId: input.lastEventId, signal }),
    ),
  );

export const onAnnouncementProcedure = publicProcedure
  .input(resumeInput)
  .subscription(({ ctx, input, signal }) =>
    limitedEvents(ctx.subscriptions, () => ctx.services.live.announcements({ lastEventId: input.lastEventId, signal })),
  );
