import { DomainError } from '../domain/errors.js';
import { mayDo, type Permission } from '../domain/staff/roles.schemas.js';
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

/**
 * Procedures for the staff roles holding `permission` (domain/staff/roles.schemas.ts); anyone else signed in gets 403.
 * Chained before `.input(...)`, so a refused caller learns nothing from input validation.
 */
export function permitted(permission: Permission) {
  return authedProcedure.use(({ ctx, next }) => {
    if (!mayDo(ctx.user.role, permission))
      throw new DomainError('FORBIDDEN', 'Your role may not do this', { code: 'FORBIDDEN', details: { permission } });
    return next();
  });
}
