import {
  addMarketInputSchema,
  betsInputSchema,
  cashOutInputSchema,
  createEventInputSchema,
  eventsInputSchema,
  eventStatusInputSchema,
  idSchema,
  marketStatusInputSchema,
  placeBetInputSchema,
  setOddsInputSchema,
  settleMarketInputSchema,
} from '../../domain/sports/sports.schemas.js';
import { z } from 'zod';
import { adminProcedure, authedProcedure } from '../auth.middleware.js';
import { publicProcedure, router } from '../init.js';
import { resumeInput, trackedEvents } from '../tracked-events.js';

/** The sportsbook for players (SPORTS_ENABLED=true; otherwise every call is 404 SPORTS_DISABLED). */
export const sportsRouter = router({
  events: publicProcedure.input(eventsInputSchema).query(({ ctx }) => ctx.services.sports.catalogue.events('open')),
  event: publicProcedure
    .input(z.object({ id: idSchema }))
    .query(({ ctx, input }) => ctx.services.sports.catalogue.event(input.id)),
  oddsHistory: publicProcedure
    .input(z.object({ selectionId: idSchema }))
    .query(({ ctx, input }) => ctx.services.sports.catalogue.oddsHistory(input.selectionId)),
  terms: publicProcedure.query(({ ctx }) => ctx.services.sports.bets.terms()),
  placeBet: authedProcedure
    .input(placeBetInputSchema)
    .mutation(({ ctx, input }) => ctx.services.sports.bets.place(ctx.user.id, input)),
  bets: authedProcedure
    .input(betsInputSchema)
    .query(({ ctx, input }) => ctx.services.sports.bets.bets(ctx.user.id, input)),
  cashOut: authedProcedure
    .input(cashOutInputSchema)
    .mutation(({ ctx, input }) => ctx.services.sports.bets.cashOut(ctx.user.id, input.betId, input.expectedValue)),
  /** Odds changes (`sports-odds`) and market/event status changes (`sports-market`), resumable. */
  onOdds: publicProcedure
    .input(resumeInput)
    .subscription(({ ctx, input, signal }) =>
      trackedEvents(ctx.services.live.sportsUpdates({ lastEventId: input.lastEventId, signal })),
    ),
});

/** The operator console (admins): the default source of fixtures, odds and results. Mounted as admin.sports. */
export const sportsAdminRouter = router({
  events: adminProcedure.query(({ ctx }) => ctx.services.sports.catalogue.events('all')),
  createEvent: adminProcedure
    .input(createEventInputSchema)
    .mutation(({ ctx, input }) => ctx.services.sports.catalogue.createEvent(input)),
  addMarket: adminProcedure
    .input(addMarketInputSchema)
    .mutation(({ ctx, input }) => ctx.services.sports.catalogue.addMarket(input)),
  setOdds: adminProcedure
    .input(setOddsInputSchema)
    .mutation(({ ctx, input }) => ctx.services.sports.catalogue.setOdds(input.selectionId, input.odds)),
  setMarketStatus: adminProcedure
    .input(marketStatusInputSchema)
    .mutation(({ ctx, input }) => ctx.services.sports.catalogue.setMarketStatus(input.marketId, input.status)),
  setEventStatus: adminProcedure
    .input(eventStatusInputSchema)
    .mutation(({ ctx, input }) => ctx.services.sports.catalogue.setEventStatus(input.eventId, input.status)),
  settleMarket: adminProcedure
    .input(settleMarketInputSchema)
    .mutation(({ ctx, input }) => ctx.services.sports.catalogue.settleMarket(input.marketId, input.results)),
});
