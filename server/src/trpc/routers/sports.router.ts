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
import { authedProcedure, permitted } from '../auth.middleware.js';
import { audited } from '../audit.middleware.js';
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
  events: permitted('sports.manage').query(({ ctx }) => ctx.services.sports.catalogue.events('all')),
  createEvent: permitted('sports.manage')
    .input(createEventInputSchema)
    .use(audited('sports.createEvent', () => ({ type: 'sports-event', id: null })))
    .mutation(({ ctx, input }) => ctx.services.sports.catalogue.createEvent(input)),
  addMarket: permitted('sports.manage')
    .input(addMarketInputSchema)
    .use(audited('sports.addMarket', () => ({ type: 'sports-market', id: null })))
    .mutation(({ ctx, input }) => ctx.services.sports.catalogue.addMarket(input)),
  setOdds: permitted('sports.manage')
    .input(setOddsInputSchema)
    .use(
      audited<{ selectionId: string }>('sports.setOdds', (input) => ({
        type: 'sports-selection',
        id: input.selectionId,
        row: { table: 'sports_selections', key: { id: input.selectionId } },
      })),
    )
    .mutation(({ ctx, input }) => ctx.services.sports.catalogue.setOdds(input.selectionId, input.odds)),
  setMarketStatus: permitted('sports.manage')
    .input(marketStatusInputSchema)
    .use(
      audited<{ marketId: string }>('sports.setMarketStatus', (input) => ({
        type: 'sports-market',
        id: input.marketId,
        row: { table: 'sports_markets', key: { id: input.marketId } },
      })),
    )
    .mutation(({ ctx, input }) => ctx.services.sports.catalogue.setMarketStatus(input.marketId, input.status)),
  setEventStatus: permitted('sports.manage')
    .input(eventStatusInputSchema)
    .use(
      audited<{ eventId: string }>('sports.setEventStatus', (input) => ({
        type: 'sports-event',
        id: input.eventId,
        row: { table: 'sports_events', key: { id: input.eventId } },
      })),
    )
    .mutation(({ ctx, input }) => ctx.services.sports.catalogue.setEventStatus(input.eventId, input.status)),
  settleMarket: permitted('sports.manage')
    .input(settleMarketInputSchema)
    .use(
      audited<{ marketId: string }>('sports.settleMarket', (input) => ({
        type: 'sports-market',
        id: input.marketId,
        row: { table: 'sports_markets', key: { id: input.marketId } },
      })),
    )
    .mutation(({ ctx, input }) => ctx.services.sports.catalogue.settleMarket(input.marketId, input.results)),
});
