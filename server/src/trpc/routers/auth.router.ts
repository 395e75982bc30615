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
  register: publicProcedure.input(registerInputSchema).mutation(({ ctx, input }) => ctx.services.auth.register(input, ctx)),
  login: publicProcedure.input(loginInputSchema).mutation(({ ctx, input }) => ctx.services.auth.login(input, ctx)),
  me: authedProcedure.query(({ ctx }) => ctx.services.auth.me(ctx.user)),
  changeDisplayName: authedProcedure
    .input(changeDisplayNameInputSchema)
    .mutation(({ ctx, input }) => ctx.services.auth.changeDisplayName(ctx.user, input.publicUsername)),
  confirmEmail: publicProcedure.input(confirmEmailInputSchema).mutation(({ ctx, input }) => ctx.services.auth.confirmEmail(input.token)),
  resendVerification: publicProcedure
    .input(emailOnlyInputSchema)
    .mutation(({ ctx, input }) => ctx.services.auth.resendVerification(input.email, ctx)),
  forgotPassword: publicProcedure.input(emailOnlyInputSchema).mutation(({ ctx, input }) => ctx.services.auth.forgotPassword(input.email, ctx)),
  resetPassword: publicProcedure
    .input(resetPasswordInputSchema)
    .mutation(({ ctx, input }) => ctx.services.auth.resetPassword(input.token, input.password)),
  logout: authedProcedure.mutation(({ ctx }) => ctx.services.auth.logout(ctx.auth)),
  changePassword: authedProcedure.input(changePasswordInputSchema).mutation(({ ctx, input }) => ctx.services.auth.changePassword(ctx.auth, input)),
  sessions: authedProcedure.query(({ ctx }) => ctx.services.auth.sessions(ctx.auth)),
  revokeSession: authedProcedure.input(revokeSessionInputSchema).mutation(({ ctx, input }) => ctx.services.auth.revokeSession(ctx.auth, input.id, input.otp)),
  twoFactor: router({
    status: authedProcedure.query(({ ctx }) => ctx.services.twoFactor.status(ctx.user.id)),
    begin: authedProcedure.mutation(({ ctx }) => ctx.services.twoFactor.begin(ctx.user)),
    confirm: authedProcedure.input(twoFactorConfirmInputSchema).mutation(({ ctx, input }) => ctx.services.twoFactor.confirm(ctx.user.id, input.code)),
    disable: authedProcedure.input(twoFactorDisableInputSchema).mutation(({ ctx, input }) => ctx.services.twoFactor.disable(ctx.user.id, input)),
  }),
});
