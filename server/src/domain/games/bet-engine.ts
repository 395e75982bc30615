import type { z } from 'zod';
import type { Db } from '../../../../db/client.js';
import { accountBalance } from '../../../../db/repositories/ledger.repo.js';
import {
  betByClientId,
  betById,
  hasOpenRound,
  insertBet,
  lockBet,
  lockRoundBet,
  loseOpenRoundBets,
  betsByIds,
  openRound,
  seedPairById,
  takeNonce,
  unaccruedBets,
  updateBet,
  type BetRow,
  type NewBet,
  type SeedPairRow,
} from '../../../../db/repositories/games.repo.js';
import { uniqueViolation } from '../../../../db/repositories/pg-errors.js';
import type { EventPayload } from '../events/platform-events.js';
import { DomainError } from '../errors.js';
import { formatAmount, type Currency } from '../wallet/amounts.js';
import {
  accountCode,
  type LedgerService,
  type LedgerTx,
  type PostInput,
  type PostResult,
} from '../wallet/ledger.service.js';
import { toBetView, type BetResult, type BetView } from './bet.views.js';
import { runAccrualSweep, type AccrualSweepOptions } from './accrual-sweep.js';
import { betFloats, roundFloats, type FairnessService } from './fairness.service.js';
import type { BetSchema, InstantGame, MultiStepGame, RoundFloats, Step } from './game-module.js';
import { gameMetaBySlug } from './registry.js';
import { applyRatio, compareRatio, formatRatio, ratio, type Ratio } from './rules/index.js';

/** Who bets: the id, and the public name the feed shows (the signed-in user's, so the answer needs no lookup). */
export interface BetPlayer {
  id: number;
  username: string;
}

/** What a new bet stakes: the total amount taken from the balance, in one currency, with the retry key. */
export interface StakeInput {
  amount: bigint;
  currency: Currency;
  clientBetId?: string;
}

/** Where a step leaves the bet row: its state, stored outcome, payout and shown multiplier. */
interface Resolution {
  state: 'open' | 'won' | 'lost';
  outcome: object;
  payout: bigint;
  multiplier: string;
}

export interface GameLimits {
  minBet: Record<Currency, bigint>;
  maxProfit: Record<Currency, bigint>;
  /** A stake or payout from this much also goes to the high-rollers feed. */
  highRoller: Record<Currency, bigint>;
}

/** Ports the engine needs from the rest of the platform (server/src/composition/games.ts wires them). */
export interface BetEngineDeps {
  db: Db;
  ledger: LedgerService;
  fairness: FairnessService;
  /**
   * The responsible-gaming service's refusal. The bet path reads the self-exclusion flag with its nonce (one
   * statement) and calls this when it is set, for the wording; a new play rule needs its own check in the engine.
   */
  assertCanPlay(userId: number, db: Db): Promise<void>;
  /**
   * Loss and wager limits (domain/responsible-gaming): `charge` counts a stake (and a payout won at once) in the bet's
   * transaction or throws the refusal; `credit` counts a payout settled later. Called only for players the bet's own
   * statements flag as limited (the nonce, the bet row's lock), so a player without limits pays no extra round trip.
   */
  playLimits?: {
    charge(trx: Db, bet: { userId: number; currency: Currency; stake: bigint; payout?: bigint }): Promise<void>;
    credit(trx: Db, win: { userId: number; currency: Currency; payout: bigint }): Promise<void>;
  };
  referrals: {
    referrerOf(userId: number): Promise<number | undefined>;
    accrue(input: {
      referrerId: number;
      refereeId: number;
      sourceKey: string;
      currency: Currency;
      wagered: bigint;
      houseEdgePpm: number;
    }): Promise<unknown>;
  };
  events: {
    gameResult(payload: EventPayload<'game-result'>): Promise<unknown>;
    bet(payload: EventPayload<'bet'>, highRoller: boolean): Promise<unknown>;
  };
  onAfterCommitError?: (error: unknown, what: string) => void;
  /** Player economy (XP, rank, rakeback), once per settled bet; idempotent per bet id. */
  economy?: {
    onBetSettled(bet: {
      betId: string;
      userId: number;
      currency: Currency;
      wagered: bigint;
      houseEdgePpm: number;
    }): Promise<unknown>;
  };
}

/** Thrown inside the transaction when a clientBetId was already used: rolls back the nonce, returns the first bet. */
class ExistingBet extends Error {
  constructor(readonly row: BetRow) {
    super('bet already placed');
  }
}

/** What a round game's settlement decides for one bet: the multiplier it pays (zero: lost) and what its outcome adds. */
export interface RoundSettlement {
  multiplier: Ratio;
  outcome: object;
  /** A pool game's exact share of its round's pot: paid as is, never floored from the multiplier nor capped. */
  payout?: bigint;
}

/** A round-game bet given back because its round could not run (RoundService.cancelUnfinished). */
const isRefund = (row: { outcome: unknown }) => (row.outcome as { refunded?: unknown } | null)?.refunded === true;

/** One open round per player: the refusal, in the words of the game being started. */
const roundOpen = (game: { slug: string }) =>
  new DomainError('CONFLICT', `Finish your open ${game.slug} round first`, { code: 'ROUND_OPEN' });
const REFERRER_CACHE_MAX = 100_000;
/** The bet as the repository would read it back, from what the transaction wrote (the pair is active: no seed shown). */
function newBetRow(id: string, createdAt: Date, bet: NewBet, pair: SeedPairRow, username: string): BetRow {
  return {
    id,
    userId: bet.userId,
    username,
    game: bet.game,
    currency: bet.currency,
    amount: bet.amount,
    payout: bet.payout,
    multiplier: bet.multiplier,
    state: bet.state,
    params: bet.params,
    outcome: bet.outcome,
    nonce: bet.nonce,
    clientBetId: bet.clientBetId,
    highRoller: bet.highRoller,
    seedPairId: pair.id,
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    serverSeed: null,
    createdAt,
  };
}

/** The player's balance a posting left behind; each bet's keys are new, so the posting always happened. */
function balanceAfter(result: PostResult, userId: number, currency: Currency): bigint {
  const change = result.balances?.find((b) => b.userId === userId && b.currency === currency);
  if (!change) throw new Error('bet posting left no balance change');
  return change.balance;
}
const ONE = ratio(1n);

/**
 * A bet's stake (player -> house:games) or payout (house:games -> player), keyed by the bet. A raise of a multi-step
 * round is a stake keyed by the bet's total after it (totals only grow, so each raise has its own key).
 */
function betPosting(
  step: 'stake' | 'payout',
  userId: number,
  betId: string,
  game: string,
  currency: Currency,
  amount: bigint,
  raisedTo?: bigint,
): PostInput {
  const toHouse = step === 'stake' ? amount : -amount;
  return {
    key: raisedTo === undefined ? `bet:${betId}:${step}` : `bet:${betId}:stake:${raisedTo}`,
    kind: `bet-${step}`,
    userId,
    memo: { betId, game },
    legs: [
      { account: { user: userId }, currency, amount: -toHouse },
      { account: { house: 'games' }, currency, amount: toHouse },
    ],
  };
}

/**
 * The one bet engine of the originals. Every bet: validate, assertCanPlay, take the nonce, compute the outcome from
 * the floats, and settle stake + payout with the bet row in ONE ledger transaction; after commit, the game result,
 * the public feed and the referral accrual. Games are rules modules plugged in (rules/index.ts); mines is the
 * multi-step one (start takes the stake and the nonce; reveal and cash-out settle later).
 */
export class BetEngine {
  private readonly referrers = new Map<number, number | null>();

  constructor(
    private readonly deps: BetEngineDeps,
    private readonly limits: GameLimits,
  ) {}

  /** An instant game: one call, one settled bet. `input` is the game's parsed input. */
  async playInstant<Schema extends BetSchema, P, O>(
    player: BetPlayer,
    game: InstantGame<Schema, P, O>,
    input: z.output<Schema>,
  ): Promise<BetResult> {
    const userId = player.id;
    const { amount, params } = game.wager(input);
    const stake: StakeInput = { amount, currency: input.currency, clientBetId: input.clientBetId };
    this.checkParams(game.paramsError(params));
    this.checkMinimum(stake);
    if (!game.capsAtProfitLimit) this.checkMaxProfit(stake, game.maxPayout(params, amount));
    const settled = await this.inBetTransaction(player, stake, async (tx, pair) => {
      const floats = betFloats(pair, pair.nonce, game.floatCount(params));
      const { outcome, multiplier, payout } = this.profitCapped(game, game.settle(floats, params, amount), stake);
      if (pair.limited) await this.chargeLimits(tx, userId, stake, payout);
      const bet: NewBet = {
        userId,
        game: game.slug,
        currency: stake.currency,
        amount,
        payout,
        multiplier: formatRatio(multiplier, 4),
        state: compareRatio(multiplier, ONE) >= 0 ? 'won' : 'lost',
        params,
        outcome,
        seedPairId: pair.id,
        nonce: pair.nonce,
        clientBetId: stake.clientBetId ?? null,
        highRoller: this.isHighRoller(stake.currency, amount, payout),
        settled: true,
      };
      const { id, createdAt } = await insertBet(tx.trx, bet);
      // Stake and payout are two postings so the stake alone must be covered: a winning bet cannot fund itself.
      const postings = [betPosting('stake', userId, id, game.slug, stake.currency, amount)];
      if (payout > 0n) postings.push(betPosting('payout', userId, id, game.slug, stake.currency, payout));
      // The keys name the bet row inserted just above: new by construction.
      const posted = await tx.postAll(postings, { newKeys: true });
      return {
        row: newBetRow(id, createdAt, bet, pair, player.username),
        balance: balanceAfter(posted[posted.length - 1]!, userId, stake.currency),
      };
    });
    if (settled.fresh) await this.afterSettle(settled.row, game.houseEdgePpm);
    return { bet: toBetView(settled.row), balance: formatAmount(settled.balance) };
  }

  /**
   * A multi-step round starts: takes the stake and the nonce, so every float of the round is fixed from here (and
   * rotation waits for the round to end). One open round per player, across games.
   */
  async startRound<Schema extends BetSchema, P, S extends object>(
    player: BetPlayer,
    game: MultiStepGame<Schema, P, S>,
    input: z.output<Schema>,
  ): Promise<BetResult> {
    const userId = player.id;
    const { amount, params } = game.wager(input);
    const stake: StakeInput = { amount, currency: input.currency, clientBetId: input.clientBetId };
    this.checkParams(game.paramsError(params));
    this.checkMinimum(stake);
    const started = await this.inBetTransaction(
      player,
      stake,
      async (tx, pair) => {
        if (await hasOpenRound(tx.trx, userId)) throw roundOpen(game);
        const floats = roundFloats(pair, pair.nonce);
        const first = game.start({ params, floats });
        if (first.raise) throw new Error(`${game.slug}: start cannot raise the stake (the wager is the stake)`);
        const resolved = this.resolve(game, { params, floats }, first, amount, stake.currency);
        if (pair.limited) await this.chargeLimits(tx, userId, stake, resolved.payout);
        const bet: NewBet = {
          userId,
          game: game.slug,
          currency: stake.currency,
          amount,
          payout: resolved.payout,
          multiplier: resolved.multiplier,
          state: resolved.state,
          params,
          outcome: resolved.outcome,
          seedPairId: pair.id,
          nonce: pair.nonce,
          clientBetId: stake.clientBetId ?? null,
          highRoller: resolved.state !== 'open' && this.isHighRoller(stake.currency, amount, resolved.payout),
          settled: resolved.state !== 'open',
        };
        const { id, createdAt } = await insertBet(tx.trx, bet);
        const postings = [betPosting('stake', userId, id, game.slug, stake.currency, amount)];
        if (resolved.payout > 0n)
          postings.push(betPosting('payout', userId, id, game.slug, stake.currency, resolved.payout));
        const posted = await tx.postAll(postings, { newKeys: true });
        return {
          row: newBetRow(id, createdAt, bet, pair, player.username),
          balance: balanceAfter(posted[posted.length - 1]!, userId, stake.currency),
        };
      },
      game,
    );
    if (started.fresh && started.row.state !== 'open') await this.afterSettle(started.row, game.houseEdgePpm);
    return { bet: toBetView(started.row), balance: formatAmount(started.balance) };
  }

  /** One named action on the player's open round of `game`; `input` is the action's parsed input (with `betId`). */
  async act<Schema extends BetSchema, P, S extends object>(
    userId: number,
    game: MultiStepGame<Schema, P, S>,
    action: string,
    input: { betId: string },
  ): Promise<BetResult> {
    const rule = Object.hasOwn(game.actions, action) ? game.actions[action] : undefined;
    if (!rule) throw new DomainError('BAD_REQUEST', `Unknown ${game.slug} action`, { code: 'BAD_REQUEST' });
    return this.roundStep(userId, game, input.betId, (round) => rule.apply(round, input));
  }

  /** Cash the open round out at its running multiplier. */
  async cashout<Schema extends BetSchema, P, S extends object>(
    userId: number,
    game: MultiStepGame<Schema, P, S>,
    betId: string,
  ): Promise<BetResult> {
    return this.roundStep(userId, game, betId, (round) => {
      const step = game.cashout(round);
      if ('refused' in step) throw new DomainError('BAD_REQUEST', step.refused, { code: 'BAD_REQUEST' });
      return step;
    });
  }

  /** The player's open round of this game, if any. */
  async activeRound(userId: number, game: { slug: string }): Promise<BetView | null> {
    const row = await openRound(this.deps.db, userId);
    return row && row.game === game.slug ? toBetView(row) : null;
  }

  /**
   * A round game's bet (round games: domain/rounds): the stake is taken now and the bet waits open for its public
   * round, which `claim` names (and refuses when betting is closed), inside the same transaction. The nonce is taken
   * as for every bet, because its row lock serialises the player's bets and reads the self-exclusion flag; the bet's
   * outcome comes from the round, not from the seed pair.
   */
  async placeRoundBet<Schema extends BetSchema, P>(
    player: BetPlayer,
    game: {
      slug: string;
      wager(input: z.output<Schema>): { amount: bigint; params: P };
      paramsError(params: P): string | null;
    },
    input: z.output<Schema>,
    claim: (tx: LedgerTx) => Promise<{ roundId: string; outcome: object }>,
  ): Promise<BetResult & { fresh: boolean }> {
    const userId = player.id;
    const { amount, params } = game.wager(input);
    const stake: StakeInput = { amount, currency: input.currency, clientBetId: input.clientBetId };
    this.checkParams(game.paramsError(params));
    this.checkMinimum(stake);
    try {
      const placed = await this.inBetTransaction(player, stake, async (tx, pair) => {
        const round = await claim(tx);
        if (pair.limited) await this.chargeLimits(tx, userId, stake, 0n);
        const bet: NewBet = {
          userId,
          game: game.slug,
          currency: stake.currency,
          amount,
          payout: 0n,
          multiplier: '0.0000',
          state: 'open',
          params,
          outcome: round.outcome,
          seedPairId: pair.id,
          nonce: pair.nonce,
          clientBetId: stake.clientBetId ?? null,
          highRoller: false,
          settled: false,
          roundId: round.roundId,
        };
        const { id, createdAt } = await insertBet(tx.trx, bet);
        const [posted] = await tx.postAll([betPosting('stake', userId, id, game.slug, stake.currency, amount)], {
          newKeys: true,
        });
        return {
          row: newBetRow(id, createdAt, bet, pair, player.username),
          balance: balanceAfter(posted!, userId, stake.currency),
        };
      });
      return { bet: toBetView(placed.row), balance: formatAmount(placed.balance), fresh: placed.fresh };
    } catch (error) {
      if (uniqueViolation(error) === 'bets_one_per_round') {
        throw new DomainError('CONFLICT', 'You already have a bet in this round', { code: 'ALREADY_BET' });
      }
      throw error;
    }
  }

  /** The multiplier at which a stake's profit reaches the profit limit: where a riding round bet is cashed out. */
  profitCapAt(amount: bigint, currency: Currency): Ratio {
    return ratio(amount + this.limits.maxProfit[currency], amount);
  }

  /**
   * Settles one open round-game bet under its row lock, exactly once: the first of parallel settlements (cash-outs,
   * the round's end, a refund) moves it, the others get `lateCode` (409). `decide` sees the locked bet in the same
   * transaction. The payout is floor(stake x multiplier), capped at stake + profit limit; after commit, the same
   * feed, XP, rakeback and referral accruals as every other bet.
   */
  async settleRoundBet(
    betId: string,
    houseEdgePpm: number,
    decide: (bet: BetRow, tx: LedgerTx) => Promise<RoundSettlement>,
    options: { userId?: number; lateCode: string; lateMessage: string },
  ): Promise<BetResult> {
    const { row, balance } = await this.deps.ledger.transact(async (tx) => {
      const locked = await lockRoundBet(tx.trx, betId);
      if (!locked || (options.userId !== undefined && locked.user_id !== options.userId)) {
        throw new DomainError('NOT_FOUND', 'No such bet', { code: 'NOT_FOUND' });
      }
      if (locked.state !== 'open') throw new DomainError('CONFLICT', options.lateMessage, { code: options.lateCode });
      const current = (await betById(tx.trx, betId))!;
      const posting = await this.settleLockedRoundBet(tx, current, await decide(current, tx), locked.limited);
      if (posting) await tx.post(posting);
      const row = (await betById(tx.trx, betId))!;
      return { row, balance: await accountBalance(tx.trx, accountCode({ user: current.userId }), row.currency) };
    });
    await this.afterSettle(row, houseEdgePpm);
    return { bet: toBetView(row), balance: formatAmount(balance) };
  }

  /**
   * Where a locked open round bet ends: its row settled (payout floor(stake x multiplier), capped at stake + profit
   * limit) and the payout posting to make, if any. The caller posts it in the same transaction.
   */
  private async settleLockedRoundBet(
    tx: LedgerTx,
    current: BetRow,
    decided: RoundSettlement,
    limited: boolean,
  ): Promise<PostInput | null> {
    let payout = decided.payout ?? applyRatio(current.amount, decided.multiplier);
    const limit = this.limits.maxProfit[current.currency];
    // The profit limit bounds what the house risks on a bet; a pot share is the players' own stakes (and a minimum
    // the operator chose), so capping it would keep units of the pot.
    const capped = decided.payout === undefined && payout - current.amount >= limit;
    if (capped) payout = current.amount + limit;
    const outcome = { ...(current.outcome as object), ...decided.outcome, ...(capped ? { capped: true } : {}) };
    await updateBet(tx.trx, current.id, {
      state: payout > 0n ? 'won' : 'lost',
      outcome,
      payout,
      multiplier: formatRatio(capped ? ratio(payout, current.amount) : decided.multiplier, 4),
      highRoller: this.isHighRoller(current.currency, current.amount, payout),
    });
    if (limited && payout > 0n) {
      await this.deps.playLimits?.credit(tx.trx, { userId: current.userId, currency: current.currency, payout });
    }
    return payout > 0n
      ? betPosting('payout', current.userId, current.id, current.game, current.currency, payout)
      : null;
  }

  /**
   * The round's end pays its winners (auto cash-outs) together: one database transaction locks each still-open bet,
   * settles it and posts its payout (one ledger transaction per bet, as always); a bet cashed out by hand a moment
   * before is skipped. Then each gets its feed and accruals. Answers the settled rows.
   */
  async settleRoundWinners(
    winners: { betId: string; settlement: RoundSettlement }[],
    houseEdgePpm: number,
  ): Promise<BetRow[]> {
    if (winners.length === 0) return [];
    const ordered = [...winners].sort((a, b) => (BigInt(a.betId) < BigInt(b.betId) ? -1 : 1));
    const settledIds = await this.deps.ledger.transact(async (tx) => {
      const postings: PostInput[] = [];
      const ids: string[] = [];
      for (const winner of ordered) {
        const locked = await lockRoundBet(tx.trx, winner.betId);
        if (!locked || locked.state !== 'open') continue;
        const posting = await this.settleLockedRoundBet(
          tx,
          (await betById(tx.trx, winner.betId))!,
          winner.settlement,
          locked.limited,
        );
        if (posting) postings.push(posting);
        ids.push(winner.betId);
      }
      if (postings.length > 0) await tx.postAll(postings, { newKeys: true });
      return ids;
    });
    const rows = await betsByIds(this.deps.db, settledIds);
    await Promise.all(rows.map((row) => this.afterSettle(row, houseEdgePpm)));
    return rows;
  }

  /**
   * The house's addition to a pool round's pot (bingo's guaranteed minimum): its own ledger transaction, keyed by the
   * round and currency, so a resumed settlement never funds twice.
   */
  async fundRoundPot(roundId: string, game: string, currency: Currency, amount: bigint): Promise<void> {
    if (amount <= 0n) return;
    await this.deps.ledger.transact((tx) =>
      tx.post({
        key: `round:${roundId}:pot-funding:${currency}`,
        kind: 'round-pot-funding',
        memo: { roundId, game },
        legs: [
          { account: { house: 'pot-guarantees' }, currency, amount: -amount },
          { account: { house: 'games' }, currency, amount },
        ],
      }),
    );
  }

  /** Settles the round's given open bets as lost in one statement, then their feed and accruals; answers the rows. */
  async loseRoundBets(roundId: string, betIds: string[], outcome: object, houseEdgePpm: number): Promise<BetRow[]> {
    const settled = await loseOpenRoundBets(this.deps.db, roundId, betIds, outcome);
    const rows = await betsByIds(this.deps.db, settled);
    await Promise.all(rows.map((row) => this.afterSettle(row, houseEdgePpm)));
    return rows;
  }

  /**
   * Where a step leaves the bet. The profit limit never refuses a round: once the running profit reaches it, the round
   * is cashed out at once paying exactly stake + limit, and says so (`capped`).
   */
  private resolve<P, S extends object>(
    game: MultiStepGame<BetSchema, P, S>,
    round: { params: P; floats: RoundFloats },
    step: Step<S>,
    amount: bigint,
    currency: Currency,
  ): Resolution {
    const payout = applyRatio(amount, step.multiplier);
    // A lost round returns less than its stake, maybe something (blackjack's insurance): never near the limit.
    if (step.status === 'lost')
      return { state: 'lost', outcome: step.state, payout, multiplier: formatRatio(step.multiplier, 4) };
    const limit = this.limits.maxProfit[currency];
    if (payout - amount >= limit) {
      const ended = step.status === 'won' ? step : game.cashout({ ...round, state: step.state });
      const state = 'refused' in ended ? step.state : ended.state;
      const capped = amount + limit;
      return {
        state: 'won',
        outcome: { ...state, capped: true },
        payout: capped,
        multiplier: formatRatio(ratio(capped, amount), 4),
      };
    }
    if (step.status === 'open')
      return { state: 'open', outcome: step.state, payout: 0n, multiplier: formatRatio(step.multiplier, 4) };
    return { state: 'won', outcome: step.state, payout, multiplier: formatRatio(step.multiplier, 4) };
  }

  /** One step of an open round, under the bet row's lock: the first of parallel steps moves it, the others see it moved or over. */
  private async roundStep<P, S extends object>(
    userId: number,
    game: MultiStepGame<BetSchema, P, S>,
    betId: string,
    step: (round: { state: S; params: P; floats: RoundFloats }) => Step<S>,
  ): Promise<BetResult> {
    const { row, ended, balance } = await this.deps.ledger.transact(async (tx) => {
      const locked = await lockBet(tx.trx, betId, userId);
      if (!locked || locked.game !== game.slug)
        throw new DomainError('NOT_FOUND', `No such ${game.slug} round`, { code: 'NOT_FOUND' });
      if (locked.state !== 'open') throw new DomainError('CONFLICT', 'This round is over', { code: 'ROUND_OVER' });
      const current = (await betById(tx.trx, betId))!;
      const pair = (await seedPairById(tx.trx, current.seedPairId))!;
      const round = {
        state: locked.outcome as S,
        params: current.params as P,
        floats: roundFloats(pair, current.nonce),
      };
      const next = step(round);
      const raise = next.raise ?? 0n;
      if (raise < 0n) throw new Error(`${game.slug}: a step cannot lower the stake`);
      const amount = current.amount + raise;
      // The raise first: refused by the balance, it rolls the whole step back.
      if (raise > 0n) await tx.post(betPosting('stake', userId, betId, game.slug, current.currency, raise, amount));
      const resolved = this.resolve(game, round, next, amount, current.currency);
      if (locked.limited && raise > 0n) {
        await this.chargeLimits(tx, userId, { amount: raise, currency: current.currency }, resolved.payout);
      } else if (locked.limited && resolved.payout > 0n) {
        await this.deps.playLimits?.credit(tx.trx, { userId, currency: current.currency, payout: resolved.payout });
      }
      const ended = resolved.state !== 'open';
      await updateBet(tx.trx, betId, {
        state: resolved.state,
        outcome: resolved.outcome,
        multiplier: resolved.multiplier,
        ...(raise > 0n ? { amount } : {}),
        ...(ended
          ? { payout: resolved.payout, highRoller: this.isHighRoller(current.currency, amount, resolved.payout) }
          : {}),
      });
      if (resolved.payout > 0n)
        await tx.post(betPosting('payout', userId, betId, game.slug, current.currency, resolved.payout));
      const row = (await betById(tx.trx, betId))!;
      return { row, ended, balance: await accountBalance(tx.trx, accountCode({ user: userId }), row.currency) };
    });
    if (ended) await this.afterSettle(row, game.houseEdgePpm);
    return { bet: toBetView(row), balance: formatAmount(balance) };
  }

  /**
   * The transaction every new bet runs in: the nonce first (its row lock serialises the player's bets, so a retried
   * clientBetId finds the first attempt committed), then the game's work, then the balance as committed.
   */
  private async inBetTransaction(
    player: BetPlayer,
    stake: StakeInput,
    work: (tx: LedgerTx, pair: SeedPairRow & { limited: boolean }) => Promise<{ row: BetRow; balance: bigint }>,
    round?: { slug: string },
  ): Promise<{ row: BetRow; balance: bigint; fresh: boolean }> {
    const userId = player.id;
    try {
      // Short on purpose: every bet's stake locks the house account row until commit, so whatever runs inside this
      // transaction bounds the platform's settlement rate. The answer is built from what the transaction wrote.
      const settled = await this.deps.ledger.transact(async (tx) => {
        let pair = await takeNonce(tx.trx, userId);
        if (!pair) {
          // First bet ever: the pair is created lazily, here, and the nonce taken from it.
          await this.deps.fairness.ensurePair(userId, tx.trx);
          pair = await takeNonce(tx.trx, userId);
          if (!pair) throw new Error(`no active seed pair for user ${userId}`);
        }
        // Read with the nonce: a self-exclusion committed before this bet's nonce is taken stops it (and rolls the
        // nonce back).
        if (pair.excluded) await this.deps.assertCanPlay(userId, tx.trx);
        if (stake.clientBetId) {
          const existing = await betByClientId(tx.trx, userId, stake.clientBetId);
          if (existing) throw new ExistingBet(existing);
        }
        return work(tx, pair);
      });
      return { ...settled, fresh: true };
    } catch (error) {
      if (error instanceof ExistingBet) return this.replay(userId, error.row);
      const constraint = uniqueViolation(error);
      if (constraint === 'bets_one_open_round' && round) throw roundOpen(round);
      if (constraint === 'bets_client_bet_id_key' && stake.clientBetId) {
        const existing = await betByClientId(this.deps.db, userId, stake.clientBetId);
        if (existing) return this.replay(userId, existing);
      }
      throw error;
    }
  }

  private async replay(userId: number, row: BetRow) {
    return { row, balance: (await this.deps.ledger.balances(userId))[row.currency], fresh: false };
  }

  /** A limited player's stake against their loss and wager limits, in the bet's transaction (refused: it rolls back). */
  private async chargeLimits(
    tx: LedgerTx,
    userId: number,
    stake: { amount: bigint; currency: Currency },
    payout: bigint,
  ): Promise<void> {
    await this.deps.playLimits?.charge(tx.trx, { userId, currency: stake.currency, stake: stake.amount, payout });
  }

  private checkParams(message: string | null): void {
    if (message) throw new DomainError('BAD_REQUEST', message, { code: 'BAD_REQUEST' });
  }

  private checkMinimum(stake: StakeInput): void {
    const min = this.limits.minBet[stake.currency];
    if (stake.amount < min) {
      throw new DomainError('BAD_REQUEST', `The minimum bet is ${formatAmount(min)} ${stake.currency}`, {
        code: 'BAD_REQUEST',
        details: { minBet: formatAmount(min) },
      });
    }
  }

  /** A settled instant bet of a game that caps rather than refuses: a profit past the limit pays exactly the limit. */
  private profitCapped<O>(
    game: { capsAtProfitLimit?: boolean },
    settled: { outcome: O; multiplier: Ratio; payout: bigint },
    stake: StakeInput,
  ) {
    const limit = this.limits.maxProfit[stake.currency];
    if (!game.capsAtProfitLimit || settled.payout - stake.amount <= limit) return settled;
    const payout = stake.amount + limit;
    return {
      outcome: { ...(settled.outcome as object), capped: true } as O,
      multiplier: ratio(payout, stake.amount),
      payout,
    };
  }

  /** A single-step bet whose win would pass the profit limit is refused (multi-step rounds are capped instead). */
  private checkMaxProfit(stake: StakeInput, maxPayout: bigint): void {
    // The most this bet can cost the house, exactly.
    const maxProfit = maxPayout - stake.amount;
    const limit = this.limits.maxProfit[stake.currency];
    if (maxProfit > limit) {
      throw new DomainError(
        'CONFLICT',
        `This bet could win more than the maximum profit of ${formatAmount(limit)} ${stake.currency}`,
        {
          code: 'MAX_PROFIT',
          details: { maxProfit: formatAmount(limit) },
        },
      );
    }
  }

  /**
   * Who referred the player. A referral is recorded once, at sign-up, before any bet, and never changes, so the answer
   * is remembered: the settlement path saves a query per bet.
   */
  private async referrerOf(userId: number): Promise<number | undefined> {
    if (this.referrers.has(userId)) return this.referrers.get(userId) ?? undefined;
    const referrerId = await this.deps.referrals.referrerOf(userId);
    if (this.referrers.size >= REFERRER_CACHE_MAX) this.referrers.clear();
    this.referrers.set(userId, referrerId ?? null);
    return referrerId;
  }

  private isHighRoller(currency: Currency, amount: bigint, payout: bigint): boolean {
    const threshold = this.limits.highRoller[currency];
    return amount >= threshold || payout >= threshold;
  }

  /**
   * After commit: the player's game result, the public feed, the referrer's commission, XP and rakeback. A failure
   * here is logged. The answer waits for the accruals (it can show the XP they earned) but not for the two events:
   * it carries the bet itself, and waiting for Redis would add a publish batch's delay to every bet (the bus drains
   * at shutdown).
   */
  private async afterSettle(row: BetRow, houseEdgePpm: number): Promise<void> {
    const view = toBetView(row);
    const report = (what: string) => (error: unknown) => this.deps.onAfterCommitError?.(error, what);
    void this.deps.events.gameResult({ ...view, gameId: view.game }).catch(report('game-result publish'));
    void this.deps.events.bet(view, row.highRoller).catch(report('bet feed publish'));
    // A refunded round bet (its round never ran) wagered nothing: no XP, rakeback or commission.
    if (!isRefund(row)) await this.accrue(row, houseEdgePpm);
  }

  /**
   * The same accruals for a wager settled outside the engine (a provider's bet on the seamless wallet, keyed
   * `provider:<provider>:<transactionId>`), weighed by that game's edge. Resolves to how many calls failed.
   */
  accrueWager(
    wager: { id: string; userId: number; currency: Currency; amount: bigint },
    houseEdgePpm: number,
  ): Promise<number> {
    return this.accrue(wager, houseEdgePpm);
  }

  /**
   * The referrer's commission, XP and rakeback of one settled bet; both calls are idempotent per bet id,
   * so the normal path and the repair sweep (accrueMissed) share this. Resolves to how many calls failed (each is logged).
   */
  private async accrue(
    bet: { id: string; userId: number; currency: Currency; amount: bigint },
    houseEdgePpm: number,
  ): Promise<number> {
    let failed = 0;
    const report = (what: string) => (error: unknown) => {
      failed += 1;
      this.deps.onAfterCommitError?.(error, what);
    };
    await Promise.all([
      this.referrerOf(bet.userId)
        .then((referrerId) =>
          referrerId === undefined
            ? undefined
            : this.deps.referrals.accrue({
                referrerId,
                refereeId: bet.userId,
                sourceKey: `bet:${bet.id}`,
                currency: bet.currency,
                wagered: bet.amount,
                houseEdgePpm,
              }),
        )
        .catch(report('referral accrual')),
      this.deps.economy
        ?.onBetSettled({ betId: bet.id, userId: bet.userId, currency: bet.currency, wagered: bet.amount, houseEdgePpm })
        .catch(report('xp and rakeback accrual')),
    ]);
    return failed;
  }

  /**
   * Repair sweep: settled bets whose after-commit accruals never happened (the process died between the commit
   * and afterSettle, or a call failed, e.g. no BZU price) get them now. Only bets settled more than `olderThanMs`
   * ago, so it never races the normal path; `limit` bets per run, oldest first. A watermark (every bet settled
   * before it is accrued) keeps each run to the bets settled since the last one plus any still failing; it never
   * reaches back further than `withinMs`. Idempotent: an accrued bet is skipped by the query and by the calls.
   */
  accrueMissed(options: AccrualSweepOptions): Promise<{ attempted: number; failed: number }> {
    return runAccrualSweep(options, {
      db: this.deps.db,
      pending: (range) => unaccruedBets(this.deps.db, { ...range, economy: this.deps.economy !== undefined }),
      repair: async (bet) => {
        const rules = gameMetaBySlug(bet.game);
        if (rules) return this.accrue(bet, rules.houseEdgePpm);
        this.deps.onAfterCommitError?.(new Error(`unknown game ${bet.game} for bet ${bet.id}`), 'accrual sweep');
        return 1;
      },
    });
  }
}
