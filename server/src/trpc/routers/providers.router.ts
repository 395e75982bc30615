import { authedProcedure, permitted } from '../auth.middleware.js';
import { staffActor } from '../audit.middleware.js';
import { publicProcedure, router } from '../init.js';
import {
  providerCatalogueInputSchema,
  providerGameUpdateSchema,
  providerImportSchema,
  providerLaunchInputSchema,
  providerReportInputSchema,
  providerRoundsInputSchema,
  providerUpdateSchema,
} from '../../domain/providers/providers.schemas.js';
import { z } from 'zod';

/** Provider games for players: the lobby's list and the launch (docs/providers.md). */
export const providersRouter = router({
  catalogue: publicProcedure
    .input(providerCatalogueInputSchema)
    .query(({ ctx, input }) => ctx.services.providers.registry.catalogue(input.category)),
  /** A new provider session for the signed-in player; answers the URL the play page frames. */
  launch: authedProcedure
    .input(providerLaunchInputSchema)
    .mutation(({ ctx, input }) => ctx.services.providers.registry.launch(ctx.user.id, input)),
  /** The signed-in player's provider rounds (My bets), newest first, keyset-paged. */
  myRounds: authedProcedure
    .input(providerRoundsInputSchema)
    .query(({ ctx, input }) => ctx.services.providers.registry.playerRounds(ctx.user.id, input)),
});

/** The admin console's provider section: configuration and the operations view. */
export const providersAdminRouter = router({
  list: permitted('providers.manage').query(({ ctx }) => ctx.services.providers.registry.providers()),
  games: permitted('providers.manage')
    .input(z.object({ providerId: z.string().max(64).optional() }).default({}))
    .query(({ ctx, input }) => ctx.services.providers.registry.games(input)),
  // Each configuration change writes its staff audit line in its own transaction (providers.service.ts).
  saveProvider: permitted('providers.manage')
    .input(providerUpdateSchema)
    .mutation(({ ctx, input }) => ctx.services.providers.registry.saveProvider(input, staffActor(ctx))),
  saveGame: permitted('providers.manage')
    .input(providerGameUpdateSchema)
    .mutation(({ ctx, input }) => ctx.services.providers.registry.saveGame(input, staffActor(ctx))),
  import: permitted('providers.manage')
    .input(providerImportSchema)
    .mutation(({ ctx, input }) => ctx.services.providers.registry.importConfig(input, staffActor(ctx))),
  daily: permitted('providers.read')
    .input(providerReportInputSchema)
    .query(({ ctx, input }) => ctx.services.providers.registry.daily(input.days)),
  reconciliation: permitted('providers.read').query(({ ctx }) => ctx.services.providers.registry.reconciliation()),
  /** Lets a provider the payout breaker paused take new bets again. */
  resume: permitted('providers.manage')
    .input(z.object({ id: z.string().max(64) }))
    .mutation(({ ctx, input }) => ctx.services.providers.registry.resume(input.id, staffActor(ctx))),
});
