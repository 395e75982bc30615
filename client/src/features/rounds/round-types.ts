import type { trpc } from '../../trpc';
import type { RouterOutputs } from '../../lib/router-types';

/** The procedures every round game has under its slug (server trpc/routers/rounds.router.ts, one per ROUND_GAMES entry). */
interface RoundProcedureOutputs {
  chain: unknown;
  current: unknown;
  rounds: unknown;
  round: unknown;
}

/**
 * The round games' slugs, read off the API's type: its top-level routers with the round procedures. The server builds
 * them from its registry, so this shared module names no game and a new round game needs no line here.
 */
export type RoundSlug = {
  [K in keyof RouterOutputs]: RouterOutputs[K] extends RoundProcedureOutputs ? K : never;
}[keyof RouterOutputs];

/** What the round procedures answer: the same for every round game (the bet's own input aside). */
export type RoundOutputs = RouterOutputs[RoundSlug];

/** A round game's client procedures; those this module calls (chain, current, rounds, round, onRound) are alike. */
export type RoundApi = (typeof trpc)[RoundSlug];
