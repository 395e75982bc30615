import {
  historyInputSchema,
  publicProfileSchema,
  rainContributeSchema,
  rainRecentSchema,
  tipHistorySchema,
  tipSendSchema,
  vaultDepositSchema,
  vaultWithdrawSchema,
} from '../../domain/economy/economy.schemas.js';
import { authedProcedure } from '../auth.middleware.js';
import { publicProcedure, router } from '../init.js';

/** VIP ranks, XP and rakeback. */
export const vipRouter = router({
  ranks: publicProcedure.query(({ ctx }) => ctx.services.economy.vip.ranks()),
  /** Anyone's public profile (the chat name's menu): name, role, member since, rank, bets placed. */
  profile: publicProcedure
    .input(publicProfileSchema)
    .query(({ ctx, input }) => ctx.services.economy.vip.publicProfile(input.userId)),
  status: authedProcedure.query(({ ctx }) => ctx.services.economy.vip.status(ctx.user.id)),
  claimRakeback: authedProcedure.mutation(({ ctx }) => ctx.services.economy.vip.claimRakeback(ctx.user.id)),
  rakebackHistory: authedProcedure
    .input(historyInputSchema)
    .query(({ ctx, input }) => ctx.services.economy.vip.rakebackHistory(ctx.user.id, input)),
});

/** The vault beside the cash balance. */
export const vaultRouter = router({
  balances: authedProcedure.query(({ ctx }) => ctx.services.economy.vault.balances(ctx.user.id)),
  deposit: authedProcedure
    .input(vaultDepositSchema)
    .mutation(({ ctx, input }) => ctx.services.economy.vault.deposit(ctx.user.id, input)),
  withdraw: authedProcedure
    .input(vaultWithdrawSchema)
    .mutation(({ ctx, input }) => ctx.services.economy.vault.withdraw(ctx.user.id, input)),
  history: authedProcedure
    .input(historyInputSchema)
    .query(({ ctx, input }) => ctx.services.economy.vault.history(ctx.user.id, input)),
});

/** Tips between players. */
export const tipsRouter = router({
  terms: publicProcedure.query(({ ctx }) => ctx.services.economy.tips.terms()),
  send: authedProcedure
    .input(tipSendSchema)
    .mutation(({ ctx, input }) => ctx.services.economy.tips.send(ctx.user.id, input)),
  history: authedProcedure
    .input(tipHistorySchema)
    .query(({ ctx, input }) => ctx.services.economy.tips.history(ctx.user.id, input.limit)),
});

/** Chat rain: the pool, contributions and past rains. */
export const rainRouter = router({
  pool: publicProcedure.query(({ ctx }) => ctx.services.economy.rain.pool()),
  recent: publicProcedure
    .input(rainRecentSchema)
    .query(({ ctx, input }) => ctx.services.economy.rain.recent(input.limit)),
  contribute: authedProcedure
    .input(rainContributeSchema)
    .mutation(({ ctx, input }) => ctx.services.economy.rain.contribute(ctx.user.id, input)),
});
