import {
  createReferralCodeInputSchema,
  depositLimitInputSchema,
  selfExcludeInputSchema,
} from '../../domain/wallet/wallet.schemas.js';
import {
  closeAccountInputSchema,
  playLimitKeySchema,
  realityCheckAnswerInputSchema,
  realityCheckIntervalInputSchema,
  sessionLimitInputSchema,
  setPlayLimitInputSchema,
  timeOutInputSchema,
} from '../../domain/responsible-gaming/play-limits.schemas.js';
import { authedProcedure } from '../auth.middleware.js';
import { router } from '../init.js';
import { onBalanceProcedure } from './live.procedures.js';

/** The account area: responsible gaming, referrals and the live balance feed. */
export const accountRouter = router({
  onBalance: onBalanceProcedure,
  exclusion: authedProcedure.query(({ ctx }) => ctx.services.wallet.responsibleGaming.exclusion(ctx.user.id)),
  selfExclude: authedProcedure
    .input(selfExcludeInputSchema)
    .mutation(({ ctx, input }) => ctx.services.wallet.responsibleGaming.selfExclude(ctx.user.id, input.period, input)),
  depositLimits: authedProcedure.query(({ ctx }) => ctx.services.wallet.responsibleGaming.depositLimits(ctx.user.id)),
  setDepositLimit: authedProcedure
    .input(depositLimitInputSchema)
    .mutation(({ ctx, input }) =>
      ctx.services.wallet.responsibleGaming.setDepositLimit(ctx.user.id, input.period, input.amount),
    ),
  takeTimeOut: authedProcedure
    .input(timeOutInputSchema)
    .mutation(({ ctx, input }) => ctx.services.wallet.responsibleGaming.takeTimeOut(ctx.user.id, input.days, input)),
  closure: authedProcedure.query(({ ctx }) => ctx.services.wallet.responsibleGaming.closure(ctx.user.id)),
  closeAccount: authedProcedure
    .input(closeAccountInputSchema)
    .mutation(({ ctx, input }) => ctx.services.wallet.responsibleGaming.closeAccount(ctx.user.id, input)),
  requestReopening: authedProcedure.mutation(({ ctx }) =>
    ctx.services.wallet.responsibleGaming.requestReopening(ctx.user.id),
  ),
  realityCheck: authedProcedure.query(({ ctx }) =>
    ctx.services.wallet.realityChecks.view(ctx.auth.user.id, ctx.auth.sessionId),
  ),
  setRealityCheck: authedProcedure
    .input(realityCheckIntervalInputSchema)
    .mutation(({ ctx, input }) =>
      ctx.services.wallet.realityChecks.setInterval(ctx.auth.user.id, ctx.auth.sessionId, input.minutes),
    ),
  answerRealityCheck: authedProcedure.input(realityCheckAnswerInputSchema).mutation(({ ctx, input }) =>
    ctx.services.wallet.realityChecks.answer(ctx.auth.user.id, input.answer, {
      elapsedMinutes: input.elapsedMinutes,
    }),
  ),
  sessionLimit: authedProcedure.query(({ ctx }) => ctx.services.wallet.playLimits.sessionLimit(ctx.user.id)),
  setSessionLimit: authedProcedure
    .input(sessionLimitInputSchema)
    .mutation(({ ctx, input }) => ctx.services.wallet.playLimits.setSessionLimit(ctx.user.id, input.limit)),
  playLimits: authedProcedure.query(({ ctx }) => ctx.services.wallet.playLimits.limits(ctx.user.id)),
  setPlayLimit: authedProcedure
    .input(setPlayLimitInputSchema)
    .mutation(({ ctx, input }) =>
      ctx.services.wallet.playLimits.setLimit(ctx.user.id, input.kind, input.period, input.amount),
    ),
  cancelPlayLimitChange: authedProcedure
    .input(playLimitKeySchema)
    .mutation(({ ctx, input }) => ctx.services.wallet.playLimits.cancelPending(ctx.user.id, input.kind, input.period)),
  referrals: router({
    summary: authedProcedure.query(({ ctx }) => ctx.services.wallet.referrals.summary(ctx.user.id)),
    claim: authedProcedure.mutation(({ ctx }) => ctx.services.wallet.referrals.claim(ctx.user.id)),
    codes: authedProcedure.query(({ ctx }) => ctx.services.wallet.referrals.codes(ctx.user.id)),
    createCode: authedProcedure
      .input(createReferralCodeInputSchema)
      .mutation(({ ctx, input }) => ctx.services.wallet.referrals.createCode(ctx.user.id, input.code)),
  }),
});
