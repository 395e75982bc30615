import { z } from 'zod';
import {
  depositAddressInputSchema,
  depositsInputSchema,
  transactionsInputSchema,
  withdrawalsInputSchema,
  withdrawInputSchema,
} from '../../domain/wallet/wallet.schemas.js';
import { DomainError } from '../../domain/errors.js';
import { authedProcedure } from '../auth.middleware.js';
import { publicProcedure, router } from '../init.js';

/** The signed-in player's wallet: balances, statement, deposits and withdrawals. Money is decimal strings. */
export const walletRouter = router({
  balances: authedProcedure.query(({ ctx }) => ctx.services.wallet.accounts.balances(ctx.user.id)),
  transactions: authedProcedure
    .input(transactionsInputSchema)
    .query(({ ctx, input }) => ctx.services.wallet.accounts.transactions(ctx.user.id, input)),
  transactionsCsv: authedProcedure.query(async ({ ctx }) => ({
    filename: 'transactions.csv',
    csv: await ctx.services.wallet.accounts.transactionsCsv(ctx.user.id),
  })),
  depositAddress: authedProcedure
    .input(depositAddressInputSchema)
    .query(({ ctx, input }) => ctx.services.wallet.deposits.address(ctx.user.id, input.network)),
  deposits: authedProcedure
    .input(depositsInputSchema)
    .query(({ ctx, input }) => ctx.services.wallet.deposits.list(ctx.user.id, input)),
  /** Minimum and fee per currency and the networks with their assets, for the withdrawal form. */
  withdrawalTerms: authedProcedure.query(({ ctx }) => ctx.services.wallet.withdrawals.terms()),
  withdraw: authedProcedure
    .input(withdrawInputSchema)
    .mutation(({ ctx, input }) => ctx.services.wallet.withdrawals.request(ctx.user.id, input)),
  withdrawals: authedProcedure
    .input(withdrawalsInputSchema)
    .query(({ ctx, input }) => ctx.services.wallet.withdrawals.list(ctx.user.id, input)),
  /** The embedded development chain, when there is one (null otherwise): what its "Send test …" buttons pay. */
  devChain: authedProcedure.query(({ ctx }) => ctx.services.wallet.devFaucet?.info() ?? null),
  /** Development chain only: pays test tokens to the player's own deposit address (credited once confirmed). */
  sendTestTokens: authedProcedure
    .input(z.object({ symbol: z.enum(['USDT', 'USDC', 'BZU']) }))
    .mutation(({ ctx, input }) => {
      const faucet = ctx.services.wallet.devFaucet;
      if (!faucet) throw new DomainError('NOT_FOUND', 'There is no development chain here', { code: 'NO_DEV_CHAIN' });
      return faucet.send(ctx.user.id, input.symbol);
    }),
  /** The payment provider's signed deposit report; REST POST /api/webhooks/deposits passes the raw body here. */
  depositWebhook: publicProcedure
    .input(
      z.object({
        rawBody: z.string().max(100_000),
        timestamp: z.string().max(32).optional(),
        signature: z.string().max(200).optional(),
      }),
    )
    .mutation(({ ctx, input }) => ctx.services.wallet.deposits.receiveWebhook(input)),
});
