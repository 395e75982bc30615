import {
  changeDisplayNameInputSchema,
  changePasswordInputSchema,
  confirmEmailInputSchema,
  emailOnlyInputSchema,
  loginInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  revokeSessionInputSchema,
  twoFactorConfirmInputSchema,
  twoFactorDisableInputSchema,
} from '../../domain/auth/auth.schemas.js';
import { authedProcedure } from '../auth.middleware.js';
import { publicProcedure, router } from '../init.js';

export const authRouter = router({
  register: publicProcedure
    .input(registerInputSchema)
    .mutation(({ ctx, input }) => ctx.services.auth.accounts.register(input, ctx)),
  login: publicProcedure
    .input(loginInputSchema)
    .mutation(({ ctx, input }) => ctx.services.auth.accounts.login(input, ctx)),
  me: authedProcedure.query(({ ctx }) => ctx.services.auth.accounts.me(ctx.user)),
  changeDisplayName: authedProcedure
    .input(changeDisplayNameInputSchema)
    .mutation(({ ctx, input }) => ctx.services.auth.accounts.changeDisplayName(ctx.user, input.publicUsername)),
  confirmEmail: publicProcedure
    .input(confirmEmailInputSchema)
    .mutation(({ ctx, input }) => ctx.services.auth.accounts.confirmEmail(input.token)),
  resendVerification: publicProcedure
    .input(emailOnlyInputSchema)
    .mutation(({ ctx, input }) => ctx.services.auth.accounts.resendVerification(input.email, ctx)),
  forgotPassword: publicProcedure
    .input(emailOnlyInputSchema)
    .mutation(({ ctx, input }) => ctx.services.auth.accounts.forgotPassword(input.email, ctx)),
  resetPassword: publicProcedure
    .input(resetPasswordInputSchema)
    .mutation(({ ctx, input }) => ctx.services.auth.accounts.resetPassword(input.token, input.password)),
  logout: authedProcedure.mutation(({ ctx }) => ctx.services.auth.accounts.logout(ctx.auth)),
  changePassword: authedProcedure
    .input(changePasswordInputSchema)
    .mutation(({ ctx, input }) => ctx.services.auth.accounts.changePassword(ctx.auth, input)),
  sessions: authedProcedure.query(({ ctx }) => ctx.services.auth.accounts.sessions(ctx.auth)),
  revokeSession: authedProcedure
    .input(revokeSessionInputSchema)
    .mutation(({ ctx, input }) => ctx.services.auth.accounts.revokeSession(ctx.auth, input.id, input.otp)),
  twoFactor: router({
    status: authedProcedure.query(({ ctx }) => ctx.services.auth.twoFactor.status(ctx.user.id)),
    begin: authedProcedure.mutation(({ ctx }) => ctx.services.auth.twoFactor.begin(ctx.user)),
    confirm: authedProcedure
      .input(twoFactorConfirmInputSchema)
      .mutation(({ ctx, input }) => ctx.services.auth.twoFactor.confirm(ctx.user.id, input.code)),
    disable: authedProcedure
      .input(twoFactorDisableInputSchema)
      .mutation(({ ctx, input }) => ctx.services.auth.twoFactor.disable(ctx.user.id, input)),
  }),
});
