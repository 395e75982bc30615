import { z } from 'zod';
import {
  pageFields,
  playerQueryInputSchema,
  recordTxidInputSchema,
  rejectInputSchema,
  userIdInputSchema,
  withdrawalIdSchema,
} from '../../domain/wallet/wallet.schemas.js';
import { permitted } from '../auth.middleware.js';
import { audited } from '../audit.middleware.js';
import { middleware, router } from '../init.js';
import { sportsAdminRouter } from './sports.router.js';
import { providersAdminRouter } from './providers.router.js';
import { protectionAdminRouter } from './protection-admin.router.js';
import { auditRouter, playersRouter, reportsRouter, staffRouter } from './back-office.router.js';
import { promotionsAdminRouter } from './promotions.router.js';

const pageInput = z.object(pageFields).default({ limit: 20 });
const reviewInput = withdrawalIdSchema.extend({
  note: z.string().trim().min(1, 'A review needs a note').max(1000, 'A note is at most 1000 characters'),
});
/** A high-scoring withdrawal needs a risk review before approval (domain/staff/withdrawal-risk.ts). */
const riskCleared = middleware(async ({ ctx, input, next }) => {
  await ctx.services.backOffice.risk.requireClearance((input as { id: string }).id);
  return next();
});
const withdrawalTarget = (input: { id: string }) => ({
  type: 'withdrawal',
  id: input.id,
  row: { table: 'withdrawals', key: { id: input.id } },
});

/**
 * The staff console's procedures. Each names the permission it needs (domain/staff/roles.schemas.ts; the table in
 * docs/operations.md "Staff roles"), and each that changes something writes the staff audit log.
 */
export const adminRouter = router({
  withdrawals: router({
    pending: permitted('withdrawals.read')
      .input(pageInput)
      .query(({ ctx, input }) => ctx.services.wallet.withdrawals.listForStaff({ ...input, status: 'PENDING' })),
    /** Approved and waiting for the payout's transaction id (the manual adapter sends nothing itself). */
    approved: permitted('withdrawals.read')
      .input(pageInput)
      .query(({ ctx, input }) => ctx.services.wallet.withdrawals.listForStaff({ ...input, status: 'APPROVED' })),
    /**
     * What waits on the payout, in one read: APPROVED and SENDING. A withdrawal passes through SENDING
     * while the payout job runs, so two separate lists read at different moments can both miss it.
     */
    awaitingPayout: permitted('withdrawals.read')
      .input(pageInput)
      .query(({ ctx, input }) =>
        ctx.services.wallet.withdrawals.listForStaff({ ...input, status: ['APPROVED', 'SENDING'] }),
      ),
    /** Handed to the payout adapter without a recorded outcome: check the chain, then recordTxid or fail. */
    sending: permitted('withdrawals.read')
      .input(pageInput)
      .query(({ ctx, input }) => ctx.services.wallet.withdrawals.listForStaff({ ...input, status: 'SENDING' })),
    approve: permitted('withdrawals.decide')
      .input(withdrawalIdSchema)
      .use(riskCleared)
      .use(audited<{ id: string }>('withdrawal.approve', withdrawalTarget))
      .mutation(({ ctx, input }) => ctx.services.wallet.withdrawals.approve(ctx.user.id, input.id)),
    reject: permitted('withdrawals.decide')
      .input(rejectInputSchema)
      .use(audited<{ id: string }>('withdrawal.reject', withdrawalTarget))
      .mutation(({ ctx, input }) => ctx.services.wallet.withdrawals.reject(ctx.user.id, input.id, input.reason)),
    recordTxid: permitted('withdrawals.decide')
      .input(recordTxidInputSchema)
      .use(audited<{ id: string }>('withdrawal.recordTxid', withdrawalTarget))
      .mutation(({ ctx, input }) => ctx.services.wallet.withdrawals.recordTxid(input.id, input.txid, ctx.user.id)),
    /** A withdrawal's risk checks, score, and its review if it had one. */
    risk: permitted('withdrawals.read')
      .input(withdrawalIdSchema)
      .query(({ ctx, input }) => ctx.services.backOffice.risk.assess(input.id)),
    /** Clears a high-scoring withdrawal for approval. */
    review: permitted('withdrawals.review')
      .input(reviewInput)
      .mutation(({ ctx, input }) =>
        ctx.services.backOffice.risk.review(
          { id: ctx.user.id, role: ctx.user.role, ip: ctx.ip, userAgent: ctx.userAgent ?? null },
          input.id,
          input.note,
        ),
      ),
    fail: permitted('withdrawals.decide')
      .input(rejectInputSchema)
      .use(audited<{ id: string }>('withdrawal.fail', withdrawalTarget))
      .mutation(({ ctx, input }) => ctx.services.wallet.withdrawals.fail(input.id, input.reason, ctx.user.id)),
  }),
  ledgerOf: permitted('ledger.read')
    .input(userIdInputSchema)
    .query(({ ctx, input }) => ctx.services.wallet.accounts.ledgerOf(input.userId)),
  /** The same ledger found by what a ticket quotes: the id, the login name or the display name. */
  ledgerOfPlayer: permitted('ledger.read')
    .input(playerQueryInputSchema)
    .query(({ ctx, input }) => ctx.services.wallet.accounts.ledgerOfPlayer(input.player)),
  ledgerCheck: permitted('ledger.read').query(({ ctx }) => ctx.services.wallet.accounts.check()),
  /** On-chain holdings per EVM network and token against what players are owed (`npm run cli -- custody:report`). */
  custody: permitted('ledger.read').query(({ ctx }) => ctx.services.wallet.custody.report()),
  sports: sportsAdminRouter,
  providers: providersAdminRouter,
  protection: protectionAdminRouter,
  reports: reportsRouter,
  players: playersRouter,
  staff: staffRouter,
  audit: auditRouter,
  promotions: promotionsAdminRouter,
});
