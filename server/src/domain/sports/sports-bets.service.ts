import type { Db } from '../../../../db/client.js';
import * as repo from '../../../../db/repositories/sports.repo.js';
import { DomainError } from '../errors.js';
import type { EventPayload } from '../events/platform-events.js';
import { formatAmount, type Currency } from '../wallet/amounts.js';
import type { LedgerService } from '../wallet/ledger.service.js';
import type { PlayLimitsService } from '../responsible-gaming/play-limits.service.js';
import type { ResponsibleGamingService } from '../wallet/responsible-gaming.service.js';
import { betOutcome, cashOutValue, formatOdds, policyAccepts, potentialReturn, type LegState } from './sports-math.js';
import type { PlaceBetInput } from './sports.schemas.js';
import { formatLine } from './sports.schemas.js';
import { combinedOdds, type BetView } from './sports.views.js';

export interface SportsLimits {
  minStake: Record<Currency, bigint>;
  maxStake: Record<Currency, bigint>;
  maxPayout: Record<Currency, bigint>;
  /** Cash-out margin in parts per million (0.05 = 50000). */
  cashOutMarginPpm: bigint;
}

export interface GameResultPublisher {
  gameResult(payload: EventPayload<'game-result'>): Promise<unknown>;
}

export interface BetsDeps {
  db: Db;
  ledger: LedgerService;
  responsibleGaming: ResponsibleGamingService;
  /** Loss and wager limits (domain/responsible-gaming): the stake is charged in the placement's transaction. */
  playLimits?: Pick<PlayLimitsService, 'charge' | 'credit'>;
  events: GameResultPublisher;
  assertEnabled: () => void;
  onBackgroundError?: (error: unknown, what: string) => void;
}

type LegRow = Awaited<ReturnType<typeof repo.legsOfBets>>[number];

/** Stakes go to, and payouts come from, the house's games account, so house revenue is in one place. */
const HOUSE = { house: 'games' } as const;
const BETTABLE_EVENT = ['upcoming', 'live'];

function legState(leg: LegRow): LegState {
  // A result counts only once its market is settled (results are written with the settled status).
  return { odds: leg.odds_milli, result: leg.market_status === 'settled' ? leg.result : null };
}

/**
 * Bets: placement (one ledger transaction, idempotent by the client's id, odds-change policy
 * against the current odds), settlement and resettlement per market (exactly once per outcome),
 * and cash-out.
 */
export class SportsBetsService {
  constructor(
    private readonly deps: BetsDeps,
    private readonly limits: SportsLimits,
  ) {}

  terms() {
    this.deps.assertEnabled();
    const money = (values: Record<Currency, bigint>) => ({
      USD: formatAmount(values.USD),
      BZU: formatAmount(values.BZU),
    });
    return {
      minStake: money(this.limits.minStake),
      maxStake: money(this.limits.maxStake),
      maxPayout: money(this.limits.maxPayout),
      cashOutMargin: formatAmount(this.limits.cashOutMarginPpm * 100n),
      maxLegs: 10,
    };
  }

  async place(userId: number, input: PlaceBetInput): Promise<BetView> {
    this.deps.assertEnabled();
    const { currency, stake, legs } = input;
    const known = await repo.findBetByClientId(this.deps.db, userId, input.clientId);
    if (known) return this.sameBet(known, input);
    if (new Set(legs.map((leg) => leg.selectionId)).size !== legs.length) {
      throw new DomainError('BAD_REQUEST', 'A selection can be in a bet only once', { code: 'DUPLICATE_SELECTION' });
    }
    if (stake < this.limits.minStake[currency] || stake > this.limits.maxStake[currency]) {
      throw new DomainError(
        'BAD_REQUEST',
        `The stake must be between ${formatAmount(this.limits.minStake[currency])} and ${formatAmount(this.limits.maxStake[currency])} ${currency}`,
        {
          code: 'STAKE_LIMIT',
          details: {
            min: formatAmount(this.limits.minStake[currency]),
            max: formatAmount(this.limits.maxStake[currency]),
          },
        },
      );
    }
    const betId = await this.deps.ledger.transact(async (tx) => {
      await this.deps.responsibleGaming.assertCanPlay(userId, tx.trx);
      await this.deps.playLimits?.charge(tx.trx, { userId, currency, stake });
      const rows = await repo.selectionsForBet(
        tx.trx,
        legs.map((leg) => leg.selectionId),
      );
      const byId = new Map(rows.map((row) => [String(row.id), row]));
      const missing = legs.find((leg) => !byId.has(leg.selectionId));
      if (missing)
        throw new DomainError('NOT_FOUND', 'Selection not found', {
          code: 'SELECTION_NOT_FOUND',
          details: { selectionId: missing.selectionId },
        });
      if (new Set(rows.map((row) => String(row.event_id))).size !== rows.length) {
        throw new DomainError('BAD_REQUEST', 'A multi cannot have two selections from one event', {
          code: 'SAME_EVENT',
        });
      }
      for (const row of rows) {
        if (!BETTABLE_EVENT.includes(row.event_status))
          throw new DomainError('CONFLICT', 'The event is closed for betting', {
            code: 'EVENT_CLOSED',
            details: { selectionId: String(row.id) },
          });
        if (row.market_status !== 'open')
          throw new DomainError('CONFLICT', 'The market is suspended', {
            code: 'MARKET_SUSPENDED',
            details: { selectionId: String(row.id) },
          });
      }
      const changed = legs
        .map((leg) => ({ leg, current: byId.get(leg.selectionId)!.odds_milli }))
        .filter(({ leg, current }) => !policyAccepts(input.oddsPolicy, leg.odds, current));
      if (changed.length > 0) {
        throw new DomainError('CONFLICT', 'The odds have changed', {
          code: 'ODDS_CHANGED',
          details: {
            legs: changed.map(({ leg, current }) => ({
              selectionId: leg.selectionId,
              seen: formatOdds(leg.odds),
              current: formatOdds(current),
            })),
          },
        });
      }
      // The bet stands at the current odds (policy accepted them).
      const placed = legs.map((leg) => ({ ...leg, row: byId.get(leg.selectionId)! }));
      const potential = potentialReturn(
        stake,
        placed.map((leg) => leg.row.odds_milli),
      );
      if (potential > this.limits.maxPayout[currency]) {
        throw new DomainError(
          'BAD_REQUEST',
          `The potential return exceeds the maximum payout of ${formatAmount(this.limits.maxPayout[currency])} ${currency}`,
          {
            code: 'PAYOUT_LIMIT',
            details: { maxPayout: formatAmount(this.limits.maxPayout[currency]) },
          },
        );
      }
      const id = await repo.insertBet(tx.trx, {
        userId,
        clientId: input.clientId,
        kind: legs.length === 1 ? 'single' : 'multi',
        currency,
        stake,
        potentialReturn: potential,
      });
      // A concurrent request with the same client id committed first: answer with its bet.
      if (!id) return undefined;
      await repo.insertLegs(
        tx.trx,
        id,
        placed.map((leg) => ({
          eventId: String(leg.row.event_id),
          marketId: String(leg.row.market_id),
          selectionId: leg.selectionId,
          oddsMilli: leg.row.odds_milli,
        })),
      );
      await tx.post({
        key: `sports:bet:${id}:stake`,
        kind: 'sports-bet',
        userId,
        memo: { betId: id, clientId: input.clientId },
        legs: [
          { account: { user: userId }, currency, amount: -stake },
          { account: HOUSE, currency, amount: stake },
        ],
      });
      return id;
    });
    if (!betId) {
      const stored = await repo.findBetByClientId(this.deps.db, userId, input.clientId);
      return this.sameBet(stored!, input);
    }
    return (await this.views([(await repo.findBet(this.deps.db, betId))!]))[0]!;
  }

  /** A retry must describe the same bet; a client id reused for another bet is refused. */
  private async sameBet(bet: repo.BetRow, input: PlaceBetInput): Promise<BetView> {
    const [view] = await this.views([bet]);
    const sameLegs =
      view!.legs.map((leg) => leg.selectionId).join(',') === input.legs.map((leg) => leg.selectionId).join(',');
    if (!sameLegs || BigInt(bet.stake_e8) !== input.stake || bet.currency !== input.currency) {
      throw new DomainError('CONFLICT', 'This clientId was already used for another bet', { code: 'CLIENT_ID_REUSED' });
    }
    return view!;
  }

  async bets(userId: number, options: { status: 'open' | 'settled'; limit: number; cursor?: string }) {
    this.deps.assertEnabled();
    const rows = await repo.listBets(this.deps.db, userId, {
      settled: options.status === 'settled',
      limit: options.limit,
      beforeId: options.cursor,
    });
    const page = rows.slice(0, options.limit);
    return {
      items: await this.views(page),
      nextCursor: rows.length > options.limit ? String(page[page.length - 1]!.id) : null,
    };
  }

  async bet(userId: number, betId: string): Promise<BetView> {
    this.deps.assertEnabled();
    const bet = await repo.findBet(this.deps.db, betId);
    if (!bet || bet.user_id !== userId) throw new DomainError('NOT_FOUND', 'Bet not found', { code: 'BET_NOT_FOUND' });
    return (await this.views([bet]))[0]!;
  }

  /**
   * Cash-out at the current offer (sports-math.ts cashOutValue): one ledger transaction from the
   * house to the player, idempotent per bet. Refused while any undecided leg's market is suspended.
   */
  async cashOut(userId: number, betId: string, expectedValue?: bigint): Promise<BetView> {
    this.deps.assertEnabled();
    await this.deps.ledger.transact(async (tx) => {
      const bet = await repo.lockBet(tx.trx, betId);
      if (!bet || bet.user_id !== userId)
        throw new DomainError('NOT_FOUND', 'Bet not found', { code: 'BET_NOT_FOUND' });
      if (bet.status === 'cashed_out') return;
      if (bet.status !== 'open')
        throw new DomainError('CONFLICT', 'The bet is already settled', { code: 'BET_SETTLED' });
      const legs = await repo.legsOfBets(tx.trx, [betId]);
      // Lock the selections for share so the odds cannot move while the offer is computed.
      await repo.selectionsForBet(
        tx.trx,
        legs.map((leg) => String(leg.selection_id)),
      );
      const offer = this.offer(bet, legs);
      if (offer.value === null)
        throw new DomainError('CONFLICT', offer.reason ?? 'Cash-out is not available', {
          code: offer.code ?? 'CASHOUT_UNAVAILABLE',
        });
      if (expectedValue !== undefined && offer.value < expectedValue) {
        throw new DomainError('CONFLICT', 'The cash-out value has changed', {
          code: 'CASHOUT_CHANGED',
          details: { value: formatAmount(offer.value) },
        });
      }
      const currency = bet.currency;
      await tx.post({
        key: `sports:bet:${betId}:cashout`,
        kind: 'sports-cashout',
        userId,
        memo: { betId },
        legs: [
          { account: HOUSE, currency, amount: -offer.value },
          { account: { user: userId }, currency, amount: offer.value },
        ],
      });
      await this.deps.playLimits?.credit(tx.trx, { userId, currency, payout: offer.value });
      await repo.updateBetOutcome(tx.trx, betId, {
        status: 'cashed_out',
        paid: offer.value,
        settlementCount: bet.settlement_count + 1,
      });
    });
    return this.bet(userId, betId);
  }

  private offer(
    bet: repo.BetRow,
    legs: LegRow[],
  ): { value: bigint | null; reason: string | null; code: string | null } {
    if (bet.status !== 'open') return { value: null, reason: 'The bet is settled', code: 'BET_SETTLED' };
    const undecided = legs.filter((leg) => legState(leg).result === null);
    if (undecided.some((leg) => leg.market_status !== 'open' || !BETTABLE_EVENT.includes(leg.event_status))) {
      return { value: null, reason: 'A market of this bet is suspended', code: 'MARKET_SUSPENDED' };
    }
    const value = cashOutValue(
      BigInt(bet.stake_e8),
      legs.map((leg) => ({ ...legState(leg), currentOdds: leg.current_odds_milli })),
      this.limits.cashOutMarginPpm,
    );
    if (value === null || value <= 0n)
      return { value: null, reason: 'Cash-out is not available for this bet', code: 'CASHOUT_UNAVAILABLE' };
    return { value, reason: null, code: null };
  }

  // ---- settlement ------------------------------------------------------------------------------

  /**
   * Settles (or resettles) every bet with a leg on the market; running it again changes nothing. When
   * every bet went through, the market is marked settled at the result version read first (each bet
   * reads the results current at its turn, at least that version), so the sweep leaves it alone.
   */
  async settleMarket(marketId: string): Promise<{ bets: number; changed: number }> {
    const version = await repo.marketResultVersion(this.deps.db, marketId);
    const betIds = await repo.betIdsOnMarket(this.deps.db, marketId);
    let changed = 0;
    let failure: unknown = null;
    for (const betId of betIds) {
      try {
        if (await this.settleBet(betId)) changed += 1;
      } catch (error) {
        // One bet that cannot be resettled (e.g. the player already spent a reversed payout) must
        // not hold up the others; the job fails afterwards and is retried.
        failure ??= error;
        this.deps.onBackgroundError?.(error, `settle bet ${betId}`);
      }
    }
    if (failure) throw failure;
    if (version) await repo.markMarketSettled(this.deps.db, marketId, version);
    return { bets: betIds.length, changed };
  }

  /**
   * Housekeeping: settles the markets whose results were set over `olderThanMs` ago but that no run
   * has finished (the job lost with Redis' data, or failed), straight from Postgres. Racing the job
   * is harmless (each bet settles under its row lock, once per outcome); the age only spares the work.
   * A market that still fails is reported and retried next tick without holding up the others.
   */
  async settlePending(options: {
    olderThanMs: number;
    limit: number;
  }): Promise<{ markets: number; changed: number; failed: number }> {
    const marketIds = await repo.marketsAwaitingSettlement(
      this.deps.db,
      new Date(Date.now() - options.olderThanMs),
      options.limit,
    );
    let changed = 0;
    let failed = 0;
    for (const marketId of marketIds) {
      try {
        changed += (await this.settleMarket(marketId)).changed;
      } catch (error) {
        failed += 1;
        this.deps.onBackgroundError?.(error, `settle market ${marketId}`);
      }
    }
    return { markets: marketIds.length, changed, failed };
  }

  /**
   * Brings one bet to the outcome its legs' current results give. Under the bet's row lock: when the
   * stored status and paid amount already match, nothing happens; otherwise the new payout is
   * credited and what was paid before is reversed, each a new ledger transaction numbered by the
   * bet's settlement count (so a retry of the same step posts once).
   */
  async settleBet(betId: string): Promise<boolean> {
    const result = await this.deps.ledger.transact(async (tx) => {
      const bet = await repo.lockBet(tx.trx, betId);
      if (!bet || bet.status === 'cashed_out') return null;
      const legs = await repo.legsOfBets(tx.trx, [betId]);
      const stake = BigInt(bet.stake_e8);
      const outcome = betOutcome(stake, legs.map(legState));
      const paid = BigInt(bet.paid_e8);
      if (outcome.status === bet.status && outcome.payout === paid) return null;
      const step = bet.settlement_count + 1;
      const user = { user: bet.user_id };
      const currency = bet.currency;
      if (outcome.payout > 0n) {
        await tx.post({
          key: `sports:bet:${betId}:settle:${step}`,
          kind: outcome.status === 'void' ? 'sports-refund' : 'sports-payout',
          userId: bet.user_id,
          memo: { betId, status: outcome.status, step },
          legs: [
            { account: HOUSE, currency, amount: -outcome.payout },
            { account: user, currency, amount: outcome.payout },
          ],
        });
      }
      if (paid > 0n) {
        await tx.post({
          key: `sports:bet:${betId}:reverse:${step}`,
          kind: 'sports-reversal',
          userId: bet.user_id,
          memo: { betId, reversed: formatAmount(paid), previousStatus: bet.status, step },
          legs: [
            { account: user, currency, amount: -paid },
            { account: HOUSE, currency, amount: paid },
          ],
        });
      }
      // What this step pays beyond what was paid before (negative: a reversed win adds back to the net loss).
      await this.deps.playLimits?.credit(tx.trx, { userId: bet.user_id, currency, payout: outcome.payout - paid });
      await repo.updateBetOutcome(tx.trx, betId, {
        status: outcome.status,
        paid: outcome.payout,
        settlementCount: step,
      });
      return { userId: bet.user_id, status: outcome.status, payout: outcome.payout, currency, step, stake };
    });
    if (!result) return false;
    await this.deps.events
      .gameResult({
        id: `sports-bet-${betId}-${result.step}`,
        userId: String(result.userId),
        gameId: 'sportsbook',
        outcome: result.status,
        betId,
        payout: formatAmount(result.payout),
        stake: formatAmount(result.stake),
        currency: result.currency,
      })
      .catch((error: unknown) => this.deps.onBackgroundError?.(error, 'game-result publish'));
    return true;
  }

  private async views(bets: repo.BetRow[]): Promise<BetView[]> {
    const legs = await repo.legsOfBets(
      this.deps.db,
      bets.map((bet) => String(bet.id)),
    );
    return bets.map((bet) => {
      const own = legs.filter((leg) => String(leg.bet_id) === String(bet.id));
      const offer = this.offer(bet, own);
      return {
        id: String(bet.id),
        clientId: bet.client_id,
        kind: bet.kind,
        currency: bet.currency,
        stake: formatAmount(BigInt(bet.stake_e8)),
        odds: combinedOdds(own.map((leg) => leg.odds_milli)),
        potentialReturn: formatAmount(BigInt(bet.potential_return_e8)),
        status: bet.status,
        payout: formatAmount(BigInt(bet.paid_e8)),
        createdAt: bet.created_at.toISOString(),
        settledAt: bet.settled_at?.toISOString() ?? null,
        legs: own.map((leg) => ({
          eventId: String(leg.event_id),
          marketId: String(leg.market_id),
          selectionId: String(leg.selection_id),
          event: `${leg.home} v ${leg.away}`,
          startsAt: leg.starts_at.toISOString(),
          eventStatus: leg.event_status,
          marketType: leg.market_type,
          line: formatLine(leg.line_milli),
          marketStatus: leg.market_status,
          selection: leg.selection_name,
          odds: formatOdds(leg.odds_milli),
          currentOdds: formatOdds(leg.current_odds_milli),
          result: legState(leg).result,
        })),
        cashOut: {
          available: offer.value !== null,
          value: offer.value === null ? null : formatAmount(offer.value),
          reason: offer.reason,
        },
      };
    });
  }
}
