import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../../../db/client.js';
import { betsOfRound, type BetRow } from '../../../../db/repositories/games.repo.js';
import {
  activeChain,
  chainById,
  checkpoint,
  databaseNow,
  fixChainSalt,
  insertChain,
  lastRoundNumber,
  liveRound,
  lockOpenRound,
  moveRound,
  openBetIds,
  pastRounds,
  roundById,
  roundWithClock,
  stampRoundBets,
  unfinishedRounds,
  insertRound,
  type ChainRow,
  type RoundRow,
} from '../../../../db/repositories/rounds.repo.js';
import { DomainError } from '../errors.js';
import type { EventPayload } from '../events/platform-events.js';
import type { BetEngine, BetPlayer } from '../games/bet-engine.js';
import type { BetResult, BetView } from '../games/bet.views.js';
import { toBetView } from '../games/bet.views.js';
import { applyRatio, ratio } from '../games/rules/index.js';
import { formatAmount } from '../wallet/amounts.js';
import { buildChainInBackground, checkpointAbove, hashDownTo, roundValue } from './hash-chain.js';
import type { AnyRoundGame, PlanBet, RoundSettings } from './round-game.js';

type PublicGame = 'crash' | 'wheel' | 'bingo';

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

/** RoundView and RoundBetView as zod schemas, for the API documents; a game may add its own result fields. */
export const roundViewSchema = z
  .object({
    id: z.string(),
    game: z.string(),
    number: z.number().int(),
    state: z.string(),
    bettingEndsAt: z.string().optional(),
    startedAt: z.string().optional(),
    endedAt: z.string().optional(),
    hash: z.string().optional(),
    crashPoint: z.string().optional(),
    serverTime: z.string(),
  })
  .loose()
  .meta({ id: 'Round' });
export const roundBetViewSchema = z
  .object({
    betId: z.string(),
    userName: z.string(),
    amount: z.string(),
    currency: z.enum(['USD', 'BZU']),
    state: z.enum(['open', 'won', 'lost']),
    autoCashout: z.string().optional(),
    chips: z
      .array(z.object({ value: z.number().int(), amount: z.string() }))
      .optional()
      .meta({ description: 'the wheel: the chips on each value' }),
    cards: z
      .array(z.array(z.number().int()))
      .optional()
      .meta({ description: 'bingo: the cards bought, 25 numbers each row by row, 0 the free centre' }),
    cashedOutAt: z.string().optional(),
    payout: z.string().optional(),
    refunded: z.literal(true).optional(),
  })
  .meta({ id: 'RoundBet' });
export const roundWithBetsSchema = roundViewSchema
  .extend({ bets: z.array(roundBetViewSchema) })
  .meta({ id: 'RoundWithBets' });
export const roundChainSchema = z
  .object({
    terminalHash: z.string(),
    salt: z.string().nullable(),
    committedAt: z.string(),
    rounds: z.number().int(),
    length: z.number().int(),
  })
  .meta({ id: 'RoundChain' });

/** A round as every transport shows it (docs/api.md "Round games"); the hash and result only once it ended. */
export interface RoundView {
  id: string;
  game: string;
  number: number;
  state: RoundRow['state'];
  bettingEndsAt?: string;
  startedAt?: string;
  endedAt?: string;
  hash?: string;
  /** Crash: the crash point ("2.35"), once ended. */
  crashPoint?: string;
  /** The wheel: the segments landed on (re-spins included), the number and the multiplier, once ended. */
  wheel?: { spins: number[]; value: number | null; multiplier: number };
  /** The database's clock when this view was read: clients draw the curve on it. */
  serverTime: string;
  /** A running round's public state, for games that show one (bingo: the balls drawn so far). */
  live?: Record<string, unknown>;
}

/** One bet as the round's live table shows it (no user ids). */
export interface RoundBetView {
  betId: string;
  userName: string;
  amount: string;
  currency: BetView['currency'];
  state: BetView['state'];
  autoCashout?: string;
  /** The wheel: the chips on each value. */
  chips?: { value: number; amount: string }[];
  /** Bingo: the cards bought (public once bought). */
  cards?: number[][];
  /** The multiplier it was cashed out at ("2.00"), once won. */
  cashedOutAt?: string;
  payout?: string;
  refunded?: true;
}

const twoDecimals = (multiplier: string) => multiplier.replace(/(\.\d\d)\d*$/, '$1');

/**
 * The round engine's player-facing side and the steps its runner takes (round-runner.ts). Any number of server
 * processes take bets and cash-outs: each reads the round row and the database's clock, so none asks the runner.
 * Every settlement goes through the bet engine (BetEngine.settleRoundBet / loseRoundBets), once per bet.
 */
export class RoundService {
  /** Chains never change once stored: each round's salt is read once per process. */
  private readonly salts = new Map<string, string>();

  constructor(private readonly deps: RoundServiceDeps) {}

  // ---- reads ----

  async chain(game: AnyRoundGame): Promise<{
    terminalHash: string;
    salt: string | null;
    committedAt: string;
    rounds: number;
    length: number;
  } | null> {
    const chain = await activeChain(this.deps.db, game.slug);
    if (!chain) return null;
    return {
      terminalHash: chain.terminalHash,
      salt: chain.salt,
      committedAt: chain.committedAt.toISOString(),
      rounds: await lastRoundNumber(this.deps.db, chain.id),
      length: chain.length,
    };
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
      rounds: page.map((row) => this.view(game, row, now)),
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
    const live = await this.liveOf(game, row, now);
    const shown = await this.runningResult(game, row);
    return {
      ...this.view(game, row, now, shown),
      ...(live ? { live } : {}),
      ...(game.info ? { info: game.info(this.settingsOf(game)) } : {}),
      bets: bets.map((bet) => this.betView(game, bet)),
    };
  }

  /** What every screen may see of a running round now (the game's `live`), never more of its outcome. */
  private async liveOf(game: AnyRoundGame, row: RoundRow, now: Date): Promise<Record<string, unknown> | undefined> {
    if (!game.live || row.state !== 'running' || !row.startedAt) return undefined;
    const outcome = this.outcomeOf(game, await this.saltOf(row.chainId, this.deps.db), row.hash);
    const elapsed = now.getTime() - row.startedAt.getTime();
    // A pool round ends on its plan's time: a late tick or read never shows more of the outcome than the round plays.
    const playedMs = game.planRound
      ? game.planRound(outcome, await this.planBets(row.id), this.settingsOf(game)).runningMs
      : Infinity;
    return game.live(outcome, Math.min(elapsed, playedMs), this.settingsOf(game));
  }

  private settingsOf(game: AnyRoundGame): RoundSettings {
    return this.deps.settings?.[game.slug] ?? {};
  }

  private outcomeOf(game: AnyRoundGame, salt: string, hash: string): unknown {
    return game.result(roundValue(salt, hash), { salt, hash });
  }

  /** A running round's outcome, for a game that shows it once betting closed (RoundGame.showsResultWhileRunning). */
  private async runningResult(game: AnyRoundGame, row: RoundRow): Promise<unknown> {
    if (!game.showsResultWhileRunning || row.state !== 'running') return undefined;
    return this.outcomeOf(game, await this.saltOf(row.chainId, this.deps.db), row.hash);
  }

  private view(game: AnyRoundGame, row: RoundRow, now: Date, runningResult?: unknown): RoundView {
    const revealed = row.state === 'ended' || row.state === 'cancelled';
    const result = revealed ? row.result : runningResult;
    return {
      id: row.id,
      game: row.game,
      number: row.number,
      state: row.state,
      ...(row.bettingEndsAt ? { bettingEndsAt: row.bettingEndsAt.toISOString() } : {}),
      ...(row.startedAt ? { startedAt: row.startedAt.toISOString() } : {}),
      ...(row.endedAt ? { endedAt: row.endedAt.toISOString() } : {}),
      ...(revealed ? { hash: row.hash } : {}),
      ...(result ? (game.publicResult(result) as Pick<RoundView, 'crashPoint' | 'wheel'>) : {}),
      serverTime: now.toISOString(),
    };
  }

  private betView(game: AnyRoundGame, bet: BetRow): RoundBetView {
    const outcome = (bet.outcome ?? {}) as Record<string, unknown>;
    const won = bet.state === 'won' && outcome.refunded !== true;
    return {
      betId: bet.id,
      userName: bet.username,
      amount: formatAmount(bet.amount),
      currency: bet.currency,
      state: bet.state,
      ...game.publicParams(bet.params),
      ...(won ? { cashedOutAt: twoDecimals(bet.multiplier), payout: formatAmount(bet.payout) } : {}),
      ...(outcome.refunded === true ? { refunded: true as const } : {}),
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
      claimed = round;
      return {
        roundId: round.id,
        outcome: { roundId: round.id, roundNumber: round.number, ...game.publicParams(game.wager(input).params) },
      };
    });
    if (placed.fresh && claimed) this.publishBet(game, claimed.id, placed.bet, game.wager(input).params);
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
        const outcome = this.outcomeOf(game, await this.saltOf(round.chainId, tx.trx), round.hash);
        const elapsed = round.now.getTime() - round.startedAt.getTime();
        const decided = cashout(bet.params, outcome, elapsed, this.deps.bets.profitCapAt(bet.amount, bet.currency));
        if ('refused' in decided)
          throw new DomainError('CONFLICT', 'Too late: the round has ended', { code: 'ROUND_ENDED' });
        return { multiplier: decided.multiplier, outcome: { cashedOutAfterMs: elapsed } };
      },
      { userId, lateCode: 'ROUND_ENDED', lateMessage: 'This bet is already settled' },
    );
    this.publishSettled(game, roundId, result.bet);
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
  async ensureChain(game: AnyRoundGame, options: ChainOptions): Promise<ChainRow> {
    const existing = await activeChain(this.deps.db, game.slug);
    if (existing) return existing;
    const built = await buildChainInBackground(options.length, options.checkpointEvery);
    return insertChain(this.deps.db, {
      game: game.slug,
      length: options.length,
      checkpointEvery: options.checkpointEvery,
      terminalHash: built.terminalHash,
      salt: options.salt ?? (options.requireSalt ? null : `dev-${randomBytes(16).toString('hex')}`),
      checkpoints: built.checkpoints,
    });
  }

  /** The operator fixes the published chain's salt (FAIRNESS.md: after the terminal hash, before round 1). */
  async fixSalt(game: AnyRoundGame, salt: string): Promise<void> {
    if (!(await fixChainSalt(this.deps.db, game.slug, salt))) {
      throw new DomainError('CONFLICT', 'The salt can be set once, on a published chain, before round 1', {
        code: 'SALT_FIXED',
      });
    }
  }

  /** h[n] of the game's chain, recomputed from the checkpoint above it. */
  async hashOf(chain: ChainRow, n: number): Promise<string> {
    if (n < 0 || n > chain.length) throw new RangeError(`round ${n} is outside the chain`);
    const from = checkpointAbove(n, chain.length, chain.checkpointEvery);
    const stored = await checkpoint(this.deps.db, chain.id, from);
    if (!stored) throw new Error(`checkpoint ${from} of chain ${chain.id} is missing`);
    return hashDownTo(from, stored, n);
  }

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
          this.publishSettled(game, round.id, settled.bet);
        }
      }
      this.publishRound(game, moved);
    }
    return refunded;
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
        this.publishRound(game, moved);
        return moved;
      }
    }
    if (live?.state === 'betting') return live;
    const round = await this.createRound(game, chain, 'betting', endsAt);
    this.publishRound(game, round);
    return round;
  }

  private async createRound(
    game: AnyRoundGame,
    chain: ChainRow,
    state: 'queued' | 'betting',
    bettingEndsAt: Date | null,
  ): Promise<RoundRow> {
    const number = (await lastRoundNumber(this.deps.db, chain.id)) + 1;
    if (number > chain.length) throw new Error(`the ${game.slug} chain is used up: an operator must publish a new one`);
    return insertRound(this.deps.db, {
      game: game.slug,
      chainId: chain.id,
      number,
      hash: await this.hashOf(chain, number),
      state,
      bettingEndsAt,
    });
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
    this.publishRound(game, started);
    const queued = await this.createRound(game, chain, 'queued', null);
    this.publishRound(game, queued);
    const outcome = this.outcomeOf(game, chain.salt!, started.hash);
    const runningMs = game.planRound
      ? game.planRound(outcome, await this.planBets(started.id), this.settingsOf(game)).runningMs
      : game.runningMs(outcome, this.settingsOf(game));
    return { round: started, runningMs };
  }

  /** Every bet of the round as a pool game's plan reads it: settled ones too, so a resumed settlement plans the same. */
  private async planBets(roundId: string): Promise<PlanBet<unknown>[]> {
    const bets = await betsOfRound(this.deps.db, roundId);
    return bets.map((bet) => ({ id: bet.id, currency: bet.currency, amount: bet.amount, params: bet.params }));
  }

  /**
   * The round ends: its result and hash are revealed, then every open bet settles: those the rules pay (an auto
   * cash-out at or below the crash point) one by one through the ledger, the rest as lost in one statement.
   */
  async end(game: AnyRoundGame, chain: ChainRow, round: RoundRow): Promise<{ settled: number }> {
    const outcome = this.outcomeOf(game, chain.salt!, round.hash);
    if (game.planRound) return this.endPool(game, round, outcome);
    const ended = await moveRound(this.deps.db, round.id, ['running'], { state: 'ended', end: true, result: outcome });
    if (!ended) return { settled: 0 };
    this.publishRound(game, ended);
    const open = (await betsOfRound(this.deps.db, round.id)).filter((bet) => bet.state === 'open');
    const losers: string[] = [];
    const winners: BetRow[] = [];
    for (const bet of open) {
      const capAt = this.deps.bets.profitCapAt(bet.amount, bet.currency);
      if (applyRatio(bet.amount, game.settle(bet.params, outcome, capAt)) > 0n) winners.push(bet);
      else losers.push(bet.id);
    }
    const paid = await this.deps.bets.settleRoundWinners(
      winners.map((bet) => ({
        betId: bet.id,
        settlement: {
          multiplier: game.settle(bet.params, outcome, this.deps.bets.profitCapAt(bet.amount, bet.currency)),
          outcome: { auto: true, ...game.publicResult(outcome) },
        },
      })),
      game.houseEdgePpm,
    );
    const result = game.publicResult(outcome);
    const lost = await this.deps.bets.loseRoundBets(round.id, losers, result, game.houseEdgePpm);
    // Every bet of the round shows the result once it ended, those cashed out earlier too.
    await stampRoundBets(this.deps.db, round.id, result);
    for (const row of [...paid, ...lost]) this.publishSettled(game, round.id, toBetView(row));
    return { settled: paid.length + lost.length };
  }

  /**
   * A pool round ends: the house's funding of the pot (one ledger transaction per currency, keyed by the round), then
   * each winning bet's exact share, the rest lost, and only then the round is marked ended. Every step is idempotent
   * (a bet settles once, the funding's key is the round's), so a runner that dies half-way leaves the round running,
   * and the next one (cancelUnfinished) finishes it with the same plan: a restart mid-draw settles once.
   */
  private async endPool(game: AnyRoundGame, round: RoundRow, outcome: unknown): Promise<{ settled: number }> {
    const bets = await betsOfRound(this.deps.db, round.id);
    const plan = game.planRound!(outcome, await this.planBets(round.id), this.settingsOf(game));
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
    );
    const losers = open.filter((bet) => !winners.includes(bet)).map((bet) => bet.id);
    const lost = await this.deps.bets.loseRoundBets(round.id, losers, { roundEnded: true }, game.houseEdgePpm);
    for (const row of [...paid, ...lost]) this.publishSettled(game, round.id, toBetView(row));
    const ended = await moveRound(this.deps.db, round.id, ['running'], {
      state: 'ended',
      end: true,
      result: plan.result,
    });
    if (ended) this.publishRound(game, ended);
    return { settled: paid.length + lost.length };
  }

  private async saltOf(chainId: string, db: Db): Promise<string> {
    let salt = this.salts.get(chainId);
    if (salt === undefined) {
      salt = (await chainById(db, chainId))!.salt!;
      this.salts.set(chainId, salt);
    }
    return salt;
  }

  // ---- events (after commit; a failed publish is logged, the state is in the database) ----

  /** Runs a publish after commit: whatever it throws (at once or later) is logged and never stops a settlement loop. */
  private afterCommit(what: string, publish: () => Promise<unknown>): void {
    Promise.resolve()
      .then(publish)
      .catch((error: unknown) => this.deps.onBackgroundError?.(error, what));
  }

  private publishRound(game: AnyRoundGame, row: RoundRow): void {
    this.afterCommit('round-update publish', async () => {
      const view = this.view(game, row, await databaseNow(this.deps.db), await this.runningResult(game, row));
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
    const live = row ? await this.liveOf(game, row, now) : undefined;
    await this.deps.events.roundTick({
      game: game.slug as PublicGame,
      id: roundId,
      serverTime: now.toISOString(),
      ...(live ? { live } : {}),
    });
  }

  private publishBet(game: AnyRoundGame, roundId: string, bet: BetView, params: unknown): void {
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

  private publishSettled(game: AnyRoundGame, roundId: string, bet: BetView): void {
    const refunded = bet.outcome.refunded === true;
    const won = bet.state === 'won' && !refunded;
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
