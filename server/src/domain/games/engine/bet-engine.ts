import type { z } from 'zod';
import type { BetRow } from '../../../../../db/repositories/games.repo.js';
import type { Currency } from '../../wallet/amounts.js';
import type { LedgerTx } from '../../wallet/ledger.service.js';
import type { BetResult, BetView } from '../bet.views.js';
import type { BetSchema, InstantGame, MultiStepGame } from '../game-module.js';
import type { Ratio } from '../shared/ratio.js';
import type { AccrualSweepOptions } from './accrual-sweep.js';
import { Accruals } from './accruals.js';
import { BetChecks } from './bet-checks.js';
import * as multiStep from './multi-step.js';
import * as placing from './placing.js';
import * as roundSettling from './round-settling.js';
import type { BetEngineDeps, BetPlayer, EngineContext, GameLimits, RoundSettlement } from './types.js';

export type { BetEngineDeps, BetPlayer, GameLimits, RoundSettlement, StakeInput } from './types.js';

/**
 * The one bet engine of the games. Every bet: validate, assertCanPlay, take the nonce, compute the outcome from
 * the floats, and settle stake + payout with the bet row in ONE ledger transaction; after commit, the game result,
 * the public feed and the referral accrual. Games are modules plugged in (registry.ts). This class is the engine's
 * one entry point; each concern lives in its own file: placing.ts (instant bets, round-game stakes), multi-step.ts
 * (start, actions and cash-out of a multi-step round), round-settling.ts (round games' settlement), accruals.ts
 * (after commit), bet-checks.ts (limits) and bet-transaction.ts (the transaction every new bet runs in).
 */
export class BetEngine {
  private readonly ctx: EngineContext;

  constructor(deps: BetEngineDeps, limits: GameLimits) {
    this.ctx = { deps, limits, checks: new BetChecks(limits), accruals: new Accruals(deps) };
  }

  /** An instant game: one call, one settled bet. `input` is the game's parsed input. */
  playInstant<Schema extends BetSchema, P, O>(
    player: BetPlayer,
    game: InstantGame<Schema, P, O>,
    input: z.output<Schema>,
  ): Promise<BetResult> {
    return placing.playInstant(this.ctx, player, game, input);
  }

  /** A multi-step round starts: takes the stake and the nonce. One open round per player, across games. */
  startRound<Schema extends BetSchema, P, S extends object>(
    player: BetPlayer,
    game: MultiStepGame<Schema, P, S>,
    input: z.output<Schema>,
  ): Promise<BetResult> {
    return multiStep.startRound(this.ctx, player, game, input);
  }

  /** One named action on the player's open round of `game`; `input` is the action's parsed input (with `betId`). */
  act<Schema extends BetSchema, P, S extends object>(
    userId: number,
    game: MultiStepGame<Schema, P, S>,
    action: string,
    input: { betId: string },
  ): Promise<BetResult> {
    return multiStep.act(this.ctx, userId, game, action, input);
  }

  /** Cash the open round out at its running multiplier. */
  cashout<Schema extends BetSchema, P, S extends object>(
    userId: number,
    game: MultiStepGame<Schema, P, S>,
    betId: string,
  ): Promise<BetResult> {
    return multiStep.cashout(this.ctx, userId, game, betId);
  }

  /** The player's open round of this game, if any. */
  activeRound(userId: number, game: { slug: string }): Promise<BetView | null> {
    return multiStep.activeRound(this.ctx, userId, game);
  }

  /** A round game's bet: the stake is taken now and the bet waits open for the public round `claim` names. */
  placeRoundBet<Schema extends BetSchema, P>(
    player: BetPlayer,
    game: {
      slug: string;
      wager(input: z.output<Schema>): { amount: bigint; params: P };
      paramsError(params: P): string | null;
    },
    input: z.output<Schema>,
    claim: (tx: LedgerTx) => Promise<{ roundId: string; outcome: object }>,
  ): Promise<BetResult & { fresh: boolean }> {
    return placing.placeRoundBet(this.ctx, player, game, input, claim);
  }

  /** The multiplier at which a stake's profit reaches the profit limit: where a riding round bet is cashed out. */
  profitCapAt(amount: bigint, currency: Currency): Ratio {
    return this.ctx.checks.profitCapAt(amount, currency);
  }

  /** Settles one open round-game bet under its row lock, exactly once; the others get `lateCode` (409). */
  settleRoundBet(
    betId: string,
    houseEdgePpm: number,
    decide: (bet: BetRow, tx: LedgerTx) => Promise<RoundSettlement>,
    options: { userId?: number; lateCode: string; lateMessage: string },
  ): Promise<BetResult> {
    return roundSettling.settleRoundBet(this.ctx, betId, houseEdgePpm, decide, options);
  }

  /** The round's end pays its winners together; answers the settled rows (`onCommitted` sees them before accruals). */
  settleRoundWinners(
    winners: { betId: string; settlement: RoundSettlement }[],
    houseEdgePpm: number,
    onCommitted?: roundSettling.OnCommitted,
  ): Promise<BetRow[]> {
    return roundSettling.settleRoundWinners(this.ctx, winners, houseEdgePpm, onCommitted);
  }

  /** The house's addition to a pool round's pot, keyed by the round and currency. */
  fundRoundPot(roundId: string, game: string, currency: Currency, amount: bigint): Promise<void> {
    return roundSettling.fundRoundPot(this.ctx, roundId, game, currency, amount);
  }

  /** Settles the round's given open bets as lost in one statement, then their feed and accruals; answers the rows. */
  loseRoundBets(
    roundId: string,
    betIds: string[],
    outcome: object,
    houseEdgePpm: number,
    onCommitted?: roundSettling.OnCommitted,
  ): Promise<BetRow[]> {
    return roundSettling.loseRoundBets(this.ctx, roundId, betIds, outcome, houseEdgePpm, onCommitted);
  }

  /** The accruals of a wager settled outside the engine (a provider's bet); resolves to how many calls failed. */
  accrueWager(
    wager: { id: string; userId: number; currency: Currency; amount: bigint },
    houseEdgePpm: number,
  ): Promise<number> {
    return this.ctx.accruals.accrueWager(wager, houseEdgePpm);
  }

  /** Repair sweep: settled bets whose after-commit accruals never happened get them now. */
  accrueMissed(options: AccrualSweepOptions): Promise<{ attempted: number; failed: number }> {
    return this.ctx.accruals.accrueMissed(options);
  }
}
