import { z } from 'zod';
import { recordTxidInputSchema, rejectInputSchema, userIdInputSchema, withdrawalIdSchema } from '../../domain/wallet/wallet.schemas.js';
import { adminProcedure } from '../auth.middleware.js';
import { router } from '../init.js';
import { sportsAdminRouter } from './sports.router.js';

const pageInput = z.object({ limit: z.number().int().min(1).max(100).default(20), cursor: z.string().regex(/^\d{1,19}$/).optional() }).default({ limit: 20 });

/** Admin tools: withdrawal decisions, the ledger and the sportsbook's operator console. */
export const adminRouter = router({
  withdrawals: router({
    pending: adminProcedure.input(pageInput).query(({ ctx, input }) => ctx.services.withdrawals.list(undefined, { ...input, status: 'PENDING' })),
    /** Approved and waiting for the payout's transaction id (the manual adapter sends nothing itself). */
    approved: adminProcedure.input(pageInput).query(({ ctx, input }) => ctx.services.withdrawals.list(undefined, { ...input, status: 'APPROVED' })),
    approve: adminProcedure.input(withdrawalIdSchema).mutation(({ ctx, input }) => ctx.services.withdrawals.approve(ctx.user.id, input.id)),
    reject: adminProcedure.input(rejectInputSchema).mutation(({ ctx, input }) => ctx.services.withdrawals.reject(ctx.user.id, input.id, input.reason)),
    recordTxid: adminProcedure.input(recordTxidInputSchema).mutation(({ ctx, input }) => ctx.services.withdrawals.recordTxid(input.id, input.txid, ctx.user.id)),
    fail: adminProcedure.input(rejectInputSchema).mutation(({ ctx, input }) => ctx.services.withdrawals.fail(input.id, input.reason, ctx.user.id)),
  }),
  ledgerOf: adminProcedure.input(userIdInputSchema).query(({ ctx, input }) => ctx.services.wallet.ledgerOf(input.userId)),
  ledgerCheck: adminProcedure.query(({ ctx }) => ctx.services.wallet.check()),
  sports: sportsAdminRouter,
});
