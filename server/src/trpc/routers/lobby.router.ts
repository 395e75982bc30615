import { z } from 'zod';
import { authedProcedure } from '../auth.middleware.js';
import { router } from '../init.js';

/** A game's slug as the registry writes them; whether it is a game is the service's check. */
const favouriteInput = z.object({
  game: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'game must be a game slug like "dice"'),
  favourite: z.boolean(),
});

/** The signed-in player's favourites and recently played games (guests keep favourites in the browser). */
export const lobbyRouter = router({
  favourites: authedProcedure.query(({ ctx }) => ctx.services.lobby.favourites(ctx.user.id)),
  setFavourite: authedProcedure
    .input(favouriteInput)
    .mutation(({ ctx, input }) => ctx.services.lobby.setFavourite(ctx.user.id, input.game, input.favourite)),
  recentlyPlayed: authedProcedure.query(({ ctx }) => ctx.services.lobby.recentlyPlayed(ctx.user.id)),
});
