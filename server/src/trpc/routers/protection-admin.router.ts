import { userIdInputSchema } from '../../domain/wallet/wallet.schemas.js';
import { permitted } from '../auth.middleware.js';
import { router } from '../init.js';

/** Player protection for staff: one player's limits, exclusions and audit; who hit a limit in the last day. */
export const protectionAdminRouter = router({
  player: permitted('protection.read')
    .input(userIdInputSchema)
    .query(({ ctx, input }) => ctx.services.wallet.protectionConsole.player(input.userId)),
  limitHits: permitted('protection.read').query(({ ctx }) => ctx.services.wallet.protectionConsole.limitHits()),
});
