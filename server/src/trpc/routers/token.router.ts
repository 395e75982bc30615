import { burnsInputSchema, historyInputSchema } from '../../domain/token/token.schemas.js';
import { publicProcedure, router } from '../init.js';
import { limitedEvents, resumeInput } from '../tracked-events.js';

/** BZU market data (decimal strings for money) and its live price feed. */
export const tokenRouter = router({
  latest: publicProcedure.query(({ ctx }) => ctx.services.token.latest()),
  history: publicProcedure.input(historyInputSchema).query(({ ctx, input }) => ctx.services.token.history(input.range)),
  supply: publicProcedure.query(({ ctx }) => ctx.services.token.supply()),
  burns: publicProcedure.input(burnsInputSchema).query(({ ctx, input }) => ctx.services.token.burns(input?.limit)),
  onPrice: publicProcedure
    .input(resumeInput)
    .subscription(({ ctx, input, signal }) => limitedEvents(ctx.subscriptions, () => ctx.services.live.tokenPrices({ lastEventId: input.lastEventId, signal }))),
});
