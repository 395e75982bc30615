import { z } from 'zod';
import {
  pageFields,
  playerQueryInputSchema,
  recordTxidInputSchema,
  rejectInputSchema,
  userIdInputSchema,
  withdrawalIdSchema,
} from '../../domain/wallet/wallet.schemas.js';
import { adminProcedure } from '../auth.middleware.js';
import { router } from '../init.js';
import { sportsAdminRouter } from './sports.router.js';
import { providersAdminRouter } from './providers.router.js';
import { protectionAdminRouter } from './protection-admin.router.js';

const pageInput = z.object(pageFields).default({ limit: 20 });

/** Admin tools: withdrawal decisions, the ledger and the sportsbook's operator console. */
export const adminRouter = router({
  withdrawals: router({
    pending: adminProcedure
      .input(pageInput)
      .query(({ ctx, input }) => ctx.services.wallet.withdrawals.listForStaff({ ...input, status: 'PENDING' })),
    /** Approved and waiting for the payout's transaction id (the manual adapter sends nothing itself). */
    approved: adminProcedure
      .input(pageInput)
      .query(({ ctx, input }) => ctx.services.wallet.withdrawals.listForStaff({ ...input, status: 'APPROVED' })),
    /**
     * What waits on the payout, in one read: APPROVED and SENDING. A withdrawal passes through SENDING
     * while the payout job runs, so two separate lists read at different moments can both miss it.
     */
    awaitingPayout: adminProcedure
      .input(pageInput)
      .query(({ ctx, input }) =>
        ctx.services.wallet.withdrawals.listForStaff({ ...input, status: ['APPROVED', 'SENDING'] }),
      ),
    /** Handed to the payout adapter without a recorded outcome: check the chain, then recordTxid or fail. */
    sending: adminProcedure
      .input(pageInput)
      .query(({ ctx, input }) => ctx.services.wallet.withdrawals.listForStaff({ ...input, status: 'SENDING' })),
    approve: adminProcedure
      .input(withdrawalIdSchema)
      .mutation(({ ctx, input }) => ctx.services.wallet.withdrawals.approve(ctx.user.id, input.id)),
    reject: adminProcedure
      .input(rejectInputSchema)
      .mutation(({ ctx, input }) => ctx.services.wallet.withdrawals.reject(ctx.user.id, input.id, input.reason)),
    recordTxid: adminProcedure
      .input(recordTxidInputSchema)
      .mutation(({ ctx, input }) => ctx.services.wallet.withdrawals.recordTxid(input.id, input.txid, ctx.user.id)),
    fail: adminProcedure
      .input(rejectInputSchema)
      .mutation(({ ctx, input }) => ctx.services.wallet.withdrawals.fail(input.id, input.reason, ctx.user.id)),
  }),
  ledgerOf: adminProcedure
    .input(userIdInputSchema)
    .query(({ ctx, input }) => ctx.services.wallet.accounts.ledgerOf(input.userId)),
  /** The same ledger found by what a ticket quotes: the id, the login name or the display name. */
  ledgerOfPlayer: adminProcedure
    .input(playerQueryInputSchema)
    .query(({ ctx, input }) => ctx.services.wallet.accounts.ledgerOfPlayer(input.player)),
  ledgerCheck: adminProcedure.query(({ ctx }) => ctx.services.wallet.accounts.check()),
  /** On-chain holdings per EVM network and token against what players are owed (`npm run cli -- custody:report`). */
  custody: adminProcedure.query(({ ctx }) => ctx.services.wallet.custody.report()),
  sports: sportsAdminRouter,
  providers: providersAdminRouter,
  protection: protectionAdminRouter,
});
