import {
  createAnnouncementInputSchema,
  deleteInputSchema,
  expireAnnouncementInputSchema,
  listInputSchema,
  moderationLogInputSchema,
  muteInputSchema,
  sendInputSchema,
  slowModeInputSchema,
  unmuteInputSchema,
} from '../../domain/chat/chat.schemas.js';
import { LOGIN_REQUIRED_MESSAGE } from '../../domain/chat/chat.service.js';
import { DomainError } from '../../domain/errors.js';
import { chatFeed } from '../../realtime/chat-feed.js';
import { permitted } from '../auth.middleware.js';
import { staffActor } from '../audit.middleware.js';
import { publicProcedure, router } from '../init.js';
import { limitedEvents, resumeInput } from '../tracked-events.js';

/**
 * Sending resolves the session before validating the message, so a guest always learns that
 * they must log in (401 "You must be logged in to send messages"), whatever they typed.
 */
const senderProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const sender = await ctx.services.auth.accounts.authenticate(ctx.sessionToken);
  if (!sender) throw new DomainError('UNAUTHORIZED', LOGIN_REQUIRED_MESSAGE, { code: 'LOGIN_REQUIRED' });
  return next({ ctx: { sender } });
});

/** The Trollbox (API.md "Chat"): public reading, signed-in sending, staff moderation. */
export const chatRouter = router({
  list: publicProcedure.input(listInputSchema).query(({ ctx, input }) => ctx.services.chat.list(input)),
  send: senderProcedure.input(sendInputSchema).mutation(({ ctx, input }) => ctx.services.chat.send(ctx.sender, input)),
  onMessage: publicProcedure
    .input(resumeInput)
    .subscription(({ ctx, input, signal }) =>
      limitedEvents(ctx.subscriptions, () => chatFeed(ctx.services.live, { lastEventId: input.lastEventId, signal })),
    ),
  announcements: publicProcedure.query(({ ctx }) => ctx.services.chat.announcements()),
  settings: publicProcedure.query(({ ctx }) => ctx.services.chat.settings()),
  // Each moderation change writes its staff audit line in its own transaction (chat.service.ts).
  delete: permitted('chat.moderate')
    .input(deleteInputSchema)
    .mutation(({ ctx, input }) => ctx.services.chat.deleteMessage(ctx.user, input, staffActor(ctx))),
  mute: permitted('chat.moderate')
    .input(muteInputSchema)
    .mutation(({ ctx, input }) => ctx.services.chat.mute(ctx.user, input, staffActor(ctx))),
  unmute: permitted('chat.moderate')
    .input(unmuteInputSchema)
    .mutation(({ ctx, input }) => ctx.services.chat.unmute(ctx.user, input, staffActor(ctx))),
  setSlowMode: permitted('chat.moderate')
    .input(slowModeInputSchema)
    .mutation(({ ctx, input }) => ctx.services.chat.setSlowMode(ctx.user, input, staffActor(ctx))),
  moderationLog: permitted('chat.moderate')
    .input(moderationLogInputSchema)
    .query(({ ctx, input }) => ctx.services.chat.moderationLog(ctx.user, input)),
  createAnnouncement: permitted('chat.announce')
    .input(createAnnouncementInputSchema)
    .mutation(({ ctx, input }) => ctx.services.chat.createAnnouncement(ctx.user, input, staffActor(ctx))),
  expireAnnouncement: permitted('chat.announce')
    .input(expireAnnouncementInputSchema)
    .mutation(({ ctx, input }) => ctx.services.chat.expireAnnouncement(ctx.user, input, staffActor(ctx))),
});
