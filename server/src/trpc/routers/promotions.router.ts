import {
  costReportSchema,
  createBonusSchema,
  createCodeSchema,
  createRaceSchema,
  createReloadSchema,
  optOutSchema,
  promotionByIdSchema,
  redeemCodeSchema,
  setStatusSchema,
} from '../../domain/promotions/promotions.schemas.js';
import { authedProcedure, permitted } from '../auth.middleware.js';
import { audited, staffActor } from '../audit.middleware.js';
import { publicProcedure, router } from '../init.js';
import { limitedEvents, resumeInput } from '../tracked-events.js';

/** Promotions (docs/promotions.md): races with live boards, promo codes, reloads, and the opt-out setting. */
export const promotionsRouter = router({
  /** Public; the caller's places, reloads and barrier when signed in (an unknown or expired token reads as a guest). */
  overview: publicProcedure.query(async ({ ctx }) => {
    const session = ctx.sessionToken ? await ctx.services.auth.accounts.authenticateSession(ctx.sessionToken) : null;
    return ctx.services.promotions.player.overview(session?.user.id ?? null);
  }),
  race: publicProcedure.input(promotionByIdSchema).query(async ({ ctx, input }) => {
    const session = ctx.sessionToken ? await ctx.services.auth.accounts.authenticateSession(ctx.sessionToken) : null;
    return ctx.services.promotions.races.byId(input.id, session?.user.id ?? null);
  }),
  redeemCode: authedProcedure
    .input(redeemCodeSchema)
    .mutation(({ ctx, input }) => ctx.services.promotions.grants.redeemCode(ctx.user.id, input.code)),
  claimReload: authedProcedure
    .input(promotionByIdSchema)
    .mutation(({ ctx, input }) => ctx.services.promotions.grants.claimReload(ctx.user.id, input.id)),
  claimBonus: authedProcedure
    .input(promotionByIdSchema)
    .mutation(({ ctx, input }) => ctx.services.promotions.bonuses.claim(ctx.user.id, input.id)),
  optOut: authedProcedure.query(({ ctx }) => ctx.services.promotions.player.optOut(ctx.user.id)),
  setOptOut: authedProcedure
    .input(optOutSchema)
    .mutation(({ ctx, input }) => ctx.services.promotions.player.setOptOut(ctx.user.id, input.optedOut)),
  /** `race-update` ({ raceId, finished }) when a board moves (at most about once a second) or a race finishes. */
  onRace: publicProcedure
    .input(resumeInput)
    .subscription(({ ctx, input, signal }) =>
      limitedEvents(ctx.subscriptions, () => ctx.services.live.raceUpdates({ lastEventId: input.lastEventId, signal })),
    ),
});

/** The operator's console: create, pause, resume and end promotions; what they cost; settle finished races now. */
const created = () => ({ type: 'promotion', id: null });

export const promotionsAdminRouter = router({
  list: permitted('promotions.read').query(({ ctx }) => ctx.services.promotions.console.list()),
  createRace: permitted('promotions.manage')
    .input(createRaceSchema)
    .use(audited('promotion.createRace', created))
    .mutation(({ ctx, input }) => ctx.services.promotions.console.createRace(ctx.user.id, input)),
  createCode: permitted('promotions.manage')
    .input(createCodeSchema)
    .use(audited('promotion.createCode', created))
    .mutation(({ ctx, input }) => ctx.services.promotions.console.createCode(ctx.user.id, input)),
  createReload: permitted('promotions.manage')
    .input(createReloadSchema)
    .use(audited('promotion.createReload', created))
    .mutation(({ ctx, input }) => ctx.services.promotions.console.createReload(ctx.user.id, input)),
  createBonus: permitted('promotions.manage')
    .input(createBonusSchema)
    .use(audited('promotion.createBonus', created))
    .mutation(({ ctx, input }) => ctx.services.promotions.console.createBonus(ctx.user.id, input)),
  setStatus: permitted('promotions.manage')
    .input(setStatusSchema)
    // Audited inside the change's transaction (console.service.ts).
    .mutation(({ ctx, input }) => ctx.services.promotions.console.setStatus(input.id, input.status, staffActor(ctx))),
  costReport: permitted('promotions.read')
    .input(costReportSchema)
    .query(({ ctx, input }) => ctx.services.promotions.console.costReport(input.days)),
  /** What the job does every minute: remove every bonus past its expiry (idempotent). */
  expireBonuses: permitted('promotions.manage')
    .use(audited('promotion.expireBonuses', () => ({ type: 'promotions', id: null })))
    .mutation(({ ctx }) => ctx.services.promotions.bonuses.expireDue()),
  /** What the job does every 30 s: freeze and pay every race past its end (idempotent). */
  settleRaces: permitted('promotions.manage')
    .use(audited('promotion.settleRaces', () => ({ type: 'promotions', id: null })))
    .mutation(({ ctx }) => ctx.services.promotions.races.settleDue()),
});
