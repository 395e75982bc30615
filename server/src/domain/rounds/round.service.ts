import type { z } from 'zod';
import { betsOfRound, playerRoundParams } from '../../../../db/repositories/games.repo.js';
import {
  databaseNow,
  liveRound,
  lockOpenRound,
  moveRound,
  pastRounds,
  roundById,
  roundWithClock,
  type ChainRow,
  type RoundRow,
} from '../../../../db/repositories/rounds.repo.js';
import type { Db } from '../../../../db/client.js';
import { DomainError } from '../errors.js';
import type { EventPayload } from '../events/platform-events.js';
import type { BetEngine, BetPlayer } from '../games/engine/bet-engine.js';
import type { BetResult } from '../games/bet.views.js';
import { RoundChains } from './round-chains.js';
import { RoundEnding } from './round-ending.js';
import { RoundEvents } from './round-events.js';
import type { AnyRoundGame, RoundSettings } from './round-game.js';
import { RoundState } from './round-state.js';
import { roundBetView, roundView, type RoundBetView, type RoundView } from './round.views.js';

export {
  roundBetViewSchema,
  roundChainSchema,
  roundViewSchema,
  roundWithBetsSchema,
  type RoundBetView,
  type RoundView,
} from './round.views.js';

export interface RoundTimings {
  /** How long a round takes bets once the previous one ended. */
  bettingMs: number;
  /** The pause between a round's end and the next betting window (the bust stays on screen). */
  cooldownMs: number;
}

export interface ChainOptions {
  /** Hashes in a new chain (rounds it can play). */
  length: number;
  /** Every how many hashes a checkpoint is stored. */
  checkpointEvery: number;
  /** The public salt (ROUND_CHAIN_SALT), when the operator fixed it in advance. */
  salt?: string;
  /**
   * Production: without a salt the chain is published alone and no round runs until the operator fixes one
   * (`npm run cli -- rounds:salt crash <salt>`). Elsewhere a random development salt is used.
   */
  requireSalt?: boolean;
}

export interface RoundServiceDeps {
  db: Db;
  bets: BetEngine;
  events: {
    roundUpdate(payload: EventPayload<'round-update'>): Promise<unknown>;
    roundBet(payload: EventPayload<'round-bet'>): Promise<unknown>;
    roundTick(payload: EventPayload<'round-tick'>): Promise<unknown>;
  };
  onBackgroundError?: (error: unknown, what: string) => void;
  /** Each game's operator settings (env), by slug: bingo's ball interval and guaranteed pots. */
  settings?: Readonly<Record<string, RoundSettings>>;
}

/**
 * The round engine's player-facing side and the steps its runner takes (round-runner.ts). Any number of server
 * processes take bets and cash-outs: each reads the round row and the database's clock, so none asks the runner.
 * Every settlement goes through the bet engine (BetEngine.settleRoundBet / loseRoundBets), once per bet. The chain
 * (round-chains.ts), the outcome and what may be seen of it (round-state.ts), the events (round-events.ts) and the
 * round's end (round-ending.ts) each live in their own file.
 */
export class RoundService {
  private readonly state: RoundState;
  private readonly events: RoundEvents;
  private readonly chains: RoundChains;
  private readonly ending: RoundEnding;

  constructor(private readonly deps: RoundServiceDeps) {
    this.state = new RoundState(deps);
    this.events = new RoundEvents(deps, this.state);
    this.chains = new RoundChains(deps);
    this.ending = new RoundEnding(deps, this.state, this.events);
  }

  // ---- reads ----

  chain(game: AnyRoundGame): ReturnType<RoundChains['chain']> {
    return this.chains.chain(game);
  }

  /**
   * The round to show: the running one, else the one in its betting window, else (between rounds, while the next
   * is only queued) the last ended one, so every screen keeps showing the bust until the next window opens.
   */
  async current(game: AnyRoundGame): Promise<(RoundView & { bets: RoundBetView[] }) | null> {
    const round = await liveRound(this.deps.db, game.slug);
    const last =
      round && round.state !== 'queued' ? undefined : (await pastRounds(this.deps.db, game.slug, { limit: 1 }))[0];
    const shown = last ?? round;
    if (!shown) return null;
    return this.withBets(game, shown);
  }

  async rounds(
    game: AnyRoundGame,
    input: { cursor?: string; limit: number },
  ): Promise<{ rounds: RoundView[]; nextCursor: string | null }> {
    const rows = await pastRounds(this.deps.db, game.slug, { beforeId: input.cursor, limit: input.limit + 1 });
    const page = rows.slice(0, input.limit);
    const now = new Date();
    return {
      rounds: page.map((row) => roundView(game, row, now)),
      nextCursor: rows.length > input.limit ? page[page.length - 1]!.id : null,
    };
  }

  async round(game: AnyRoundGame, id: string): Promise<RoundView & { bets: RoundBetView[] }> {
    const row = await roundById(this.deps.db, id);
    if (!row || row.game !== game.slug) throw new DomainError('NOT_FOUND', 'No such round', { code: 'NOT_FOUND' });
    return this.withBets(game, row);
  }

  private async withBets(game: AnyRoundGame, row: RoundRow) {
    const bets = await betsOfRound(this.deps.db, row.id);
    const now = await databaseNow(this.deps.db);
    const live = await this.state.liveOf(game, row, now);
    const shown = await this.state.runningResult(game, row);
    return {
      ...roundView(game, row, now, shown),
      ...(live ? { live } : {}),
      ...(game.info ? { info: game.info(this.state.settingsOf(game)) } : {}),
      bets: bets.map((bet) => roundBetView(game, bet)),
    };
  }

  // ---- players ----

  /**
   * A bet on the round taking bets: in its betting window, or queued for the next round while one runs. After the
   * window (the round is about to start) it is refused with 409 BETTING_CLOSED.
   */
  async placeBet(player: BetPlayer, game: AnyRoundGame, input: z.output<AnyRoundGame['input']>): Promise<BetResult> {
    let claimed: RoundRow | undefined;
    const placed = await this.deps.bets.placeRoundBet(player, game, input, async (tx) => {
      const round = await lockOpenRound(tx.trx, game.slug);
      const closed =
        !round ||
        (game.betsInWindowOnly === true && round.state !== 'betting') ||
        (round.state === 'betting' && round.bettingEndsAt !== null && round.now >= round.bettingEndsAt);
      if (closed)
        throw new DomainError('CONFLICT', 'Betting is closed for this round; try again in a moment', {
          code: 'BETTING_CLOSED',
        });
      // The bet's transaction holds the player's seed pair row (its nonce), so the player's purchases are read in turn.
      const limit = game.roundLimitError?.(
        await playerRoundParams(tx.trx, round.id, player.id),
        game.wager(input).params,
      );
      if (limit) throw new DomainError('CONFLICT', limit.message, { code: limit.code });
      claimed = round;
      return {
        roundId: round.id,
        outcome: { roundId: round.id, roundNumber: round.number, ...game.publicParams(game.wager(input).params) },
      };
    });
    if (placed.fresh && claimed) this.events.publishBet(game, claimed.id, placed.bet, game.wager(input).params);
    return { bet: placed.bet, balance: placed.balance };
  }

  /**
   * Cash-out now (any server): the multiplier read from the round's start and the database clock, paid only below
   * the crash point; a bet whose auto cash-out (or profit limit) was passed on the way up gets exactly that point.
   * `betId` defaults to the player's open bet in the running round.
   */
  async cashout(userId: number, game: AnyRoundGame, betId?: string): Promise<BetResult> {
    const cashout = game.cashout;
    if (!cashout) throw new DomainError('BAD_REQUEST', `${game.name} has no cash-out`, { code: 'BAD_REQUEST' });
    const id = betId ?? (await this.openBetInRunningRound(userId, game));
    let roundId = '';
    const result = await this.deps.bets.settleRoundBet(
      id,
      game.houseEdgePpm,
      async (bet, tx) => {
        roundId = bet.roundId!;
        const round = await roundWithClock(tx.trx, roundId);
        if (!round || round.state === 'ended' || round.state === 'cancelled') {
          throw new DomainError('CONFLICT', 'Too late: the round has ended', { code: 'ROUND_ENDED' });
        }
        if (round.state !== 'running' || !round.startedAt)
          throw new DomainError('CONFLICT', 'The round has not started yet', { code: 'ROUND_NOT_STARTED' });
        // Read on the transaction's own connection: a second pooled connection per cash-out would deadlock the pool
        // under a burst (every connection held by a cash-out waiting for another).
        const outcome = this.state.outcomeOf(game, await this.state.saltOf(round.chainId, tx.trx), round.hash);
        const elapsed = round.now.getTime() - round.startedAt.getTime();
        const decided = cashout(bet.params, outcome, elapsed, this.deps.bets.profitCapAt(bet.amount, bet.currency));
        if ('refused' in decided)
          throw new DomainError('CONFLICT', 'Too late: the round has ended', { code: 'ROUND_ENDED' });
        return { multiplier: decided.multiplier, outcome: { cashedOutAfterMs: elapsed } };
      },
      { userId, lateCode: 'ROUND_ENDED', lateMessage: 'This bet is already settled' },
    );
    this.events.publishSettled(game, roundId, result.bet);
    return result;
  }

  private async openBetInRunningRound(userId: number, game: AnyRoundGame): Promise<string> {
    const round = await liveRound(this.deps.db, game.slug);
    if (round && round.state === 'running') {
      const mine = (await betsOfRound(this.deps.db, round.id)).find(
        (bet) => bet.userId === userId && bet.state === 'open',
      );
      if (mine) return mine.id;
    }
    throw new DomainError('NOT_FOUND', 'You have no bet in the running round', { code: 'NOT_FOUND' });
  }

  // ---- the runner's steps (round-runner.ts calls them while it holds the lease) ----

  /** The game's chain, created (terminal hash and salt published) when it has none yet. */
  ensureChain(game: AnyRoundGame, options: ChainOptions): Promise<ChainRow> {
    return this.chains.ensureChain(game, options);
  }

  /** The operator fixes the published chain's salt (FAIRNESS.md: after the terminal hash, before round 1). */
  fixSalt(game: AnyRoundGame, salt: string): Promise<void> {
    return this.chains.fixSalt(game, salt);
  }

  /** h[n] of the game's chain, recomputed from the checkpoint above it. */
  hashOf(chain: ChainRow, n: number): Promise<string> {
    return this.chains.hashOf(chain, n);
  }

  /** After a runner died: its unfinished rounds cancelled and refunded, once (round-ending.ts). */
  cancelUnfinished(game: AnyRoundGame): Promise<number> {
    return this.ending.cancelUnfinished(game);
  }

  /**
   * The round taking bets next: the queued one opens its window, or a new round (the chain's next number) is created
   * in its betting window.
   */
  async openBetting(game: AnyRoundGame, chain: ChainRow, timings: RoundTimings): Promise<RoundRow> {
    const live = await liveRound(this.deps.db, game.slug);
    const endsAt = new Date(Date.now() + timings.bettingMs);
    if (live?.state === 'queued') {
      const moved = await moveRound(this.deps.db, live.id, ['queued'], { state: 'betting', bettingEndsAt: endsAt });
      if (moved) {
        this.events.publishRound(game, moved);
        return moved;
      }
    }
    if (live?.state === 'betting') return live;
    const round = await this.chains.createRound(game, chain, 'betting', endsAt);
    this.events.publishRound(game, round);
    return round;
  }

  /**
   * Betting closes and the round starts (its start time is the database's clock); the next round is queued for bets
   * placed while this one runs. Answers the running round and how long it runs.
   */
  async start(
    game: AnyRoundGame,
    chain: ChainRow,
    round: RoundRow,
  ): Promise<{ round: RoundRow; runningMs: number } | null> {
    const started = await moveRound(this.deps.db, round.id, ['betting'], { state: 'running', start: true });
    if (!started) return null;
    this.events.publishRound(game, started);
    const queued = await this.chains.createRound(game, chain, 'queued', null);
    this.events.publishRound(game, queued);
    const outcome = this.state.outcomeOf(game, chain.salt!, started.hash);
    const runningMs = game.planRound
      ? game.planRound(outcome, await this.state.planBets(started.id), this.state.settingsOf(game)).runningMs
      : game.runningMs(outcome, this.state.settingsOf(game));
    return { round: started, runningMs };
  }

  /** The round ends: its result and hash are revealed, then every open bet settles (round-ending.ts). */
  end(game: AnyRoundGame, chain: ChainRow, round: RoundRow): Promise<{ settled: number }> {
    return this.ending.end(game, chain, round);
  }

  /** The running round's correcting tick: the database's clock (round-events.ts). */
  tick(game: AnyRoundGame, roundId: string): Promise<void> {
    return this.events.tick(game, roundId);
  }
}
