import {
  roundSchema,
  type ActionSchema,
  type BetSchema,
  type InstantGame,
  type MultiStepGame,
} from '../../domain/games/game-module.js';
import { GAMES, type AnyGame, type Game } from '../../domain/games/registry.js';
import { authedProcedure } from '../auth.middleware.js';
import { router } from '../init.js';

const playerOf = (user: { id: number; publicUsername: string }) => ({ id: user.id, username: user.publicUsername });

/** An instant game: `games.<slug>.bet`. */
function instantProcedures<Schema extends BetSchema>(game: { input: Schema }) {
  const loose = game as unknown as InstantGame;
  return router({
    bet: authedProcedure
      .input(game.input)
      .mutation(({ ctx, input }) => ctx.services.games.engine.playInstant(playerOf(ctx.user), loose, input)),
  });
}

function actionProcedure<Schema extends ActionSchema>(game: MultiStepGame, name: string, input: Schema) {
  return authedProcedure
    .input(input)
    .mutation(({ ctx, input }) => ctx.services.games.engine.act(ctx.user.id, game, name, input));
}

type ActionProcedures<Actions> = {
  [K in keyof Actions]: Actions[K] extends { input: infer Schema extends ActionSchema }
    ? ReturnType<typeof actionProcedure<Schema>>
    : never;
};

/** A multi-step game: `games.<slug>.start`, one procedure per named action, `cashout` and `active`. */
function multiStepProcedures<Schema extends BetSchema, Actions extends Record<string, { input: ActionSchema }>>(game: {
  input: Schema;
  actions: Actions;
}) {
  const loose = game as unknown as MultiStepGame;
  const actions = Object.fromEntries(
    Object.entries(game.actions).map(([name, action]) => [name, actionProcedure(loose, name, action.input)]),
  ) as ActionProcedures<Actions>;
  return router({
    start: authedProcedure
      .input(game.input)
      .mutation(({ ctx, input }) => ctx.services.games.engine.startRound(playerOf(ctx.user), loose, input)),
    ...actions,
    cashout: authedProcedure
      .input(roundSchema)
      .mutation(({ ctx, input }) => ctx.services.games.engine.cashout(ctx.user.id, loose, input.betId)),
    active: authedProcedure.query(({ ctx }) => ctx.services.games.engine.activeRound(ctx.user.id, loose)),
  });
}

type GameProcedures<G> = G extends { kind: 'instant'; input: infer Schema extends BetSchema }
  ? ReturnType<typeof instantProcedures<Schema>>
  : G extends {
        kind: 'multi-step';
        input: infer Schema extends BetSchema;
        actions: infer Actions extends Record<string, { input: ActionSchema }>;
      }
    ? ReturnType<typeof multiStepProcedures<Schema, Actions>>
    : never;

/** Every registered game's procedures, under its slug: built from the registry, typed per game for the client. */
export const gameProcedures = Object.fromEntries(
  GAMES.map((game) => {
    const any = game as unknown as AnyGame;
    return [game.slug, any.kind === 'instant' ? instantProcedures(any) : multiStepProcedures(any)];
  }),
) as unknown as { [G in Game as G['slug']]: GameProcedures<G> };
