import { DomainError } from '../domain/errors.js';
import { isStaff } from '../domain/auth/auth.views.js';
import { publicProcedure } from './init.js';

/**
 * Procedures for signed-in users: resolves ctx.sessionToken (Bearer header or the socket's
 * connectionParams.token) to the user, or answers 401 "Not authenticated". Adds `ctx.user` and
 * `ctx.auth` ({ user, sessionId }) to the context.
 */
export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const auth = await ctx.services.auth.accounts.requireSession(ctx.sessionToken);
  return next({ ctx: { auth, user: auth.user } });
});

/** Procedures for moderators and admins; other signed-in users get 403. */
export const staffProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!isStaff(ctx.user)) throw new DomainError('FORBIDDEN', 'Moderators and admins only', { code: 'FORBIDDEN' });
  return next();
});

/** Procedures for admins only. */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new DomainError('FORBIDDEN', 'Admins only', { code: 'FORBIDDEN' });
  return next();
});
