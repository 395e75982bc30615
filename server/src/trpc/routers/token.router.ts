import { burnsInputSchema, historyInputSchema } from '../../domain/token/token.schemas.js';
import { quoteInputSchema, tradeInputSchema } from '../../domain/token/trade.schemas.js';
import { authedProcedure } from '../auth.middleware.js';
import { publicProcedure, router } from '../init.js';
import { limitedEvents, resumeInput } from '../tracked-events.js';

/** BZU market data (decimal strings for money) and its live price feed. */
export const tokenRouter = router({
  latest: publicProcedure.query(({ ctx }) => ctx.services.token.prices.latest()),
  history: publicProcedure
    .input(historyInputSchema)
    .query(({ ctx, input }) => ctx.services.token.prices.history(input.range)),
  supply: publicProcedure.query(({ ctx }) => ctx.services.token.prices.supply()),
  burns: publicProcedure
    .input(burnsInputSchema)
    .query(({ ctx, input }) => ctx.services.token.prices.burns(input?.limit)),
  /** Price, impact, fee and minimum received of a trade against the pool (the player's holder discount applied). */
  quote: authedProcedure
    .input(quoteInputSchema)
    .query(({ ctx, input }) => ctx.services.token.trade.quote(ctx.user.id, input)),
  /** Executes a trade unless it would pay out less than minOut (409 SLIPPAGE_EXCEEDED); idempotent by clientTradeId. */
  trade: authedProcedure
    .input(tradeInputSchema)
    .mutation(({ ctx, input }) => ctx.services.token.trade.trade(ctx.user.id, input)),
  holdings: authedProcedure.query(({ ctx }) => ctx.services.token.trade.holdings(ctx.user.id)),
  /** The holder tier table, the player's tier and its fee discount, rakeback boost and raffle tickets. */
  utility: authedProcedure.query(({ ctx }) => ctx.services.token.trade.utility(ctx.user.id)),
  onPrice: publicProcedure
    .input(resumeInput)
    .subscription(({ ctx, input, signal }) =>
      limitedEvents(ctx.subscriptions, () => ctx.services.live.tokenPrices({ lastEventId: input.lastEventId, signal })),
    ),
});
