import { betsOfRound, type BetRow } from '../../../../db/repositories/games.repo.js';
import {
  chainById,
  moveRound,
  openBetIds,
  stampRoundBets,
  unfinishedRounds,
  type ChainRow,
  type RoundRow,
} from '../../../../db/repositories/rounds.repo.js';
import { DomainError } from '../errors.js';
import { toBetView } from '../games/bet.views.js';
import { applyRatio, ratio } from '../games/shared/ratio.js';
import type { RoundEvents } from './round-events.js';
import type { AnyRoundGame } from './round-game.js';
import type { RoundState } from './round-state.js';
import type { RoundServiceDeps } from './round.service.js';

/**
 * How a round ends: its result revealed and every open bet settled through the bet engine, once; a pool round's
 * pot funded and shared; after a runner died, its unfinished rounds cancelled and refunded (or a pool round finished).
 */
export class RoundEnding {
  constructor(
    private readonly deps: RoundServiceDeps,
    private readonly state: RoundState,
    private readonly events: RoundEvents,
  ) {}

  /**
   * After a runner died: every round it left unfinished is cancelled (its hash revealed) and each of its open bets
   * refunded, once. A pool game's running round is finished instead: its outcome and its bets were fixed when betting
   * closed, so it settles now exactly as it would have at its end. Answers how many bets were refunded.
   */
  async cancelUnfinished(game: AnyRoundGame): Promise<number> {
    let refunded = 0;
    for (const round of await unfinishedRounds(this.deps.db, game.slug)) {
      if (game.planRound && round.state === 'running') {
        await this.end(game, (await chainById(this.deps.db, round.chainId))!, round);
        continue;
      }
      const moved = await moveRound(this.deps.db, round.id, ['queued', 'betting', 'running'], {
        state: 'cancelled',
        end: true,
      });
      if (!moved) continue;
      for (const betId of await openBetIds(this.deps.db, round.id)) {
        const settled = await this.deps.bets
          .settleRoundBet(
            betId,
            game.houseEdgePpm,
            () => Promise.resolve({ multiplier: ratio(1n), outcome: { refunded: true } }),
            {
              lateCode: 'ROUND_ENDED',
              lateMessage: 'This bet is already settled',
            },
          )
          .catch((error: unknown) =>
            error instanceof DomainError && error.code === 'ROUND_ENDED' ? null : Promise.reject(error),
          );
        if (settled) {
          refunded += 1;
          this.events.publishSettled(game, round.id, settled.bet);
        }
      }
      this.events.publishRound(game, moved);
    }
    return refunded;
  }

  /**
   * The round ends: its result and hash are revealed, then every open bet settles: those the rules pay (an auto
   * cash-out at or below the crash point) one by one through the ledger, the rest as lost in one statement.
   */
  async end(game: AnyRoundGame, chain: ChainRow, round: RoundRow): Promise<{ settled: number }> {
    const outcome = this.state.outcomeOf(game, chain.salt!, round.hash);
    if (game.planRound) return this.endPool(game, round, outcome);
    const ended = await moveRound(this.deps.db, round.id, ['running'], { state: 'ended', end: true, result: outcome });
    if (!ended) return { settled: 0 };
    this.events.publishRound(game, ended);
    const open = (await betsOfRound(this.deps.db, round.id)).filter((bet) => bet.state === 'open');
    const losers: string[] = [];
    const winners: BetRow[] = [];
    for (const bet of open) {
      const capAt = this.deps.bets.profitCapAt(bet.amount, bet.currency);
      if (applyRatio(bet.amount, game.settle(bet.params, outcome, capAt)) > 0n) winners.push(bet);
      else losers.push(bet.id);
    }
    const result = game.publicResult(outcome);
    // Winners and losers are disjoint sets of open bets, settled side by side; each set is announced as soon as it has
    // committed, before its accruals.
    const announce = (rows: BetRow[]) => this.publishAll(game, round.id, rows);
    const [paid, lost] = await Promise.all([
      this.deps.bets.settleRoundWinners(
        winners.map((bet) => ({
          betId: bet.id,
          settlement: {
            multiplier: game.settle(bet.params, outcome, this.deps.bets.profitCapAt(bet.amount, bet.currency)),
            outcome: { auto: true, ...result },
          },
        })),
        game.houseEdgePpm,
        announce,
      ),
      this.deps.bets.loseRoundBets(round.id, losers, result, game.houseEdgePpm, announce),
    ]);
    // Every bet of the round shows the result once it ended, those cashed out earlier too.
    await stampRoundBets(this.deps.db, round.id, result);
    return { settled: paid.length + lost.length };
  }

  /**
   * A pool round ends: the house's funding of the pot (one ledger transaction per currency, keyed by the round), then
   * each winning bet's exact share, the rest lost, and only then the round is marked ended. Every step is idempotent
   * (a bet settles once, the funding's key is the round's), so a runner that dies half-way leaves the round running,
   * and the next one (cancelUnfinished) finishes it with the same plan: a restart mid-draw settles once.
   */
  async endPool(game: AnyRoundGame, round: RoundRow, outcome: unknown): Promise<{ settled: number }> {
    const bets = await betsOfRound(this.deps.db, round.id);
    const plan = game.planRound!(outcome, await this.state.planBets(round.id), this.state.settingsOf(game));
    for (const funding of plan.funding)
      await this.deps.bets.fundRoundPot(round.id, game.slug, funding.currency, funding.amount);
    const open = bets.filter((bet) => bet.state === 'open');
    const winners = open.filter((bet) => (plan.payouts.get(bet.id)?.payout ?? 0n) > 0n);
    const paid = await this.deps.bets.settleRoundWinners(
      winners.map((bet) => {
        const { payout, outcome: won } = plan.payouts.get(bet.id)!;
        return { betId: bet.id, settlement: { multiplier: ratio(payout, bet.amount), payout, outcome: won } };
      }),
      game.houseEdgePpm,
      (rows) => this.publishAll(game, round.id, rows),
    );
    const losers = open.filter((bet) => !winners.includes(bet)).map((bet) => bet.id);
    const lost = await this.deps.bets.loseRoundBets(round.id, losers, { roundEnded: true }, game.houseEdgePpm, (rows) =>
      this.publishAll(game, round.id, rows),
    );
    const ended = await moveRound(this.deps.db, round.id, ['running'], {
      state: 'ended',
      end: true,
      result: plan.result,
    });
    if (ended) this.events.publishRound(game, ended);
    return { settled: paid.length + lost.length };
  }

  private publishAll(game: AnyRoundGame, roundId: string, rows: BetRow[]): void {
    for (const row of rows) this.events.publishSettled(game, roundId, toBetView(row));
  }
}
