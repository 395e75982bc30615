import { databaseNow, roundById, type RoundRow } from '../../../../db/repositories/rounds.repo.js';
import type { BetView } from '../games/bet.views.js';
import type { AnyRoundGame } from './round-game.js';
import type { RoundState } from './round-state.js';
import type { RoundServiceDeps } from './round.service.js';
import { roundView, twoDecimals, type PublicGame } from './round.views.js';

/** The round's events, after commit (a failed publish is logged, the state is in the database), and its ticks. */
export class RoundEvents {
  constructor(
    private readonly deps: RoundServiceDeps,
    private readonly state: RoundState,
  ) {}

  /** Runs a publish after commit: whatever it throws (at once or later) is logged and never stops a settlement loop. */
  afterCommit(what: string, publish: () => Promise<unknown>): void {
    Promise.resolve()
      .then(publish)
      .catch((error: unknown) => this.deps.onBackgroundError?.(error, what));
  }

  publishRound(game: AnyRoundGame, row: RoundRow): void {
    this.afterCommit('round-update publish', async () => {
      const view = roundView(game, row, await databaseNow(this.deps.db), await this.state.runningResult(game, row));
      return this.deps.events.roundUpdate({ ...view, game: game.slug as PublicGame });
    });
  }

  /**
   * The running round's correcting tick (the runner sends a few a second): the database's clock, by which cash-outs
   * are judged, so every screen draws the curve where the servers read it, whatever its own clock says.
   */
  async tick(game: AnyRoundGame, roundId: string): Promise<void> {
    const now = await databaseNow(this.deps.db);
    const row = game.live ? await roundById(this.deps.db, roundId) : undefined;
    const live = row ? await this.state.liveOf(game, row, now) : undefined;
    await this.deps.events.roundTick({
      game: game.slug as PublicGame,
      id: roundId,
      serverTime: now.toISOString(),
      ...(live ? { live } : {}),
    });
  }

  publishBet(game: AnyRoundGame, roundId: string, bet: BetView, params: unknown): void {
    this.afterCommit('round-bet publish', () =>
      this.deps.events.roundBet({
        game: game.slug as PublicGame,
        roundId,
        betId: bet.id,
        userName: bet.username,
        amount: bet.amount,
        currency: bet.currency,
        state: bet.state,
        ...game.publicParams(params),
      }),
    );
  }

  publishSettled(game: AnyRoundGame, roundId: string, bet: BetView): void {
    const refunded = bet.state === 'refunded';
    const won = bet.state === 'won';
    this.afterCommit('round-bet publish', () =>
      this.deps.events.roundBet({
        game: game.slug as PublicGame,
        roundId,
        betId: bet.id,
        userName: bet.username,
        amount: bet.amount,
        currency: bet.currency,
        state: bet.state,
        ...(won ? { cashedOutAt: twoDecimals(bet.multiplier), payout: bet.payout } : {}),
        ...(refunded ? { refunded: true } : {}),
      }),
    );
  }
}
