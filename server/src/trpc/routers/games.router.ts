import {
  betByIdInputSchema,
  diceBetSchema,
  exportInputSchema,
  kenoBetSchema,
  limboBetSchema,
  minesCashoutSchema,
  minesRevealSchema,
  minesStartSchema,
  myBetsInputSchema,
  onLiveInputSchema,
  plinkoBetSchema,
  recentBetsInputSchema,
  rotateInputSchema,
} from '../../domain/games/games.schemas.js';
import { DICE_RULES, KENO_RULES, LIMBO_RULES, PLINKO_RULES } from '../../domain/games/rules/index.js';
import { authedProcedure } from '../auth.middleware.js';
import { publicProcedure, router } from '../init.js';
import { trackedEvents } from '../tracked-events.js';
import { onResultProcedure } from './live.procedures.js';

const stakeOf = (input: { amount: bigint; currency: 'USD' | 'BZU'; clientBetId?: string }) => ({
  amount: input.amount,
  currency: input.currency,
  clientBetId: input.clientBetId,
});

const playerOf = (user: { id: number; publicUsername: string }) => ({ id: user.id, username: user.publicUsername });

/** The originals: catalogue, one `bet` per instant game, the mines round, and the player's game results. */
export const gamesRouter = router({
  list: publicProcedure.query(({ ctx }) => ctx.services.games.list()),
  dice: router({
    bet: authedProcedure
      .input(diceBetSchema)
      .mutation(({ ctx, input }) => ctx.services.bets.playInstant(playerOf(ctx.user), DICE_RULES, stakeOf(input), { target: input.target, condition: input.condition })),
  }),
  limbo: router({
    bet: authedProcedure.input(limboBetSchema).mutation(({ ctx, input }) => ctx.services.bets.playInstant(playerOf(ctx.user), LIMBO_RULES, stakeOf(input), { target: input.target })),
  }),
  plinko: router({
    bet: authedProcedure
      .input(plinkoBetSchema)
      .mutation(({ ctx, input }) => ctx.services.bets.playInstant(playerOf(ctx.user), PLINKO_RULES, stakeOf(input), { rows: input.rows, risk: input.risk })),
  }),
  keno: router({
    bet: authedProcedure
      .input(kenoBetSchema)
      .mutation(({ ctx, input }) => ctx.services.bets.playInstant(playerOf(ctx.user), KENO_RULES, stakeOf(input), { picks: input.picks, risk: input.risk })),
  }),
  mines: router({
    start: authedProcedure.input(minesStartSchema).mutation(({ ctx, input }) => ctx.services.bets.startMines(playerOf(ctx.user), stakeOf(input), input.mines)),
    reveal: authedProcedure.input(minesRevealSchema).mutation(({ ctx, input }) => ctx.services.bets.revealMines(ctx.user.id, input.betId, input.tile)),
    cashout: authedProcedure.input(minesCashoutSchema).mutation(({ ctx, input }) => ctx.services.bets.cashoutMines(ctx.user.id, input.betId)),
    active: authedProcedure.query(({ ctx }) => ctx.services.bets.activeMines(ctx.user.id)),
  }),
  onResult: onResultProcedure,
});

/** The player's seed pair (FAIRNESS.md). */
export const fairnessRouter = router({
  current: authedProcedure.query(({ ctx }) => ctx.services.fairness.current(ctx.user.id)),
  rotate: authedProcedure.input(rotateInputSchema).mutation(({ ctx, input }) => ctx.services.fairness.rotate(ctx.user.id, input)),
});

/** Bet history, details, stats, CSV, and the public live feed (backfill + resumable subscription). */
export const betsRouter = router({
  mine: authedProcedure.input(myBetsInputSchema).query(({ ctx, input }) => ctx.services.games.mine(ctx.user.id, input)),
  byId: publicProcedure.input(betByIdInputSchema).query(({ ctx, input }) => ctx.services.games.byId(input.id)),
  stats: authedProcedure.query(({ ctx }) => ctx.services.games.stats(ctx.user.id)),
  exportCsv: authedProcedure.input(exportInputSchema).query(({ ctx, input }) => ctx.services.games.exportCsv(ctx.user.id, input)),
  recent: publicProcedure.input(recentBetsInputSchema).query(({ ctx, input }) => ctx.services.games.recent(input.feed)),
  onLive: publicProcedure
    .input(onLiveInputSchema)
    .subscription(({ ctx, input, signal }) => trackedEvents(ctx.services.live.bets(input.feed, { lastEventId: input.lastEventId, signal }))),
});
