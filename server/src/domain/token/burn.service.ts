import type { Db } from '../../../../db/client.js';
import {
  findBurnPeriod,
  houseGamesRevenue,
  insertBurnPeriod,
  insertBuyAndBurn,
  insertSwap,
  latestBurnPeriodStart,
  lockPool,
  setPoolReserves,
  type BurnPeriodRow,
} from '../../../../db/repositories/token-economy.repo.js';
import { DomainError } from '../errors.js';
import type { LedgerService } from '../wallet/ledger.service.js';
import { quoteTrade, TradeTooSmallError } from './pool-trade.js';
import type { TokenData } from './token.schemas.js';
import { formatUnits, UNIT } from './token-units.js';

export const HOUR_MS = 3600_000;

export interface BurnServiceDeps {
  db: Db;
  ledger: LedgerService;
  recordSwapPrice(price: bigint, at: Date): Promise<TokenData | null>;
  onPriceError?(error: unknown): void;
  now?: () => Date;
}

export interface BurnOutcome {
  /** burned / skipped: this run decided the period; already-done: an earlier run had. */
  result: 'burned' | 'skipped' | 'already-done';
  periodStart: string;
  periodEnd: string;
  status: 'burned' | 'skipped';
  reason: string | null;
  revenue: string;
  share: string;
  usdSpent: string;
  bzuBought: string;
  price: string | null;
}

/** The closed hour before the one `at` falls in. */
export function previousHour(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS);
}

/**
 * Buy-and-burn: a share of the house's net gaming revenue of a closed period (the net of entries
 * on house:games in USD, read from the ledger) buys BZU from the pool and burns it. One row per
 * period (unique), so a retried or duplicated job burns once; a period with zero or negative
 * revenue is recorded as skipped with the reason.
 */
export class BurnService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: BurnServiceDeps,
    private readonly options: { sharePpm: number },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The job's and the CLI's entry: a whole closed hour starting at `hourStart`. */
  async burnHour(hourStart: Date): Promise<BurnOutcome> {
    if (hourStart.getTime() % HOUR_MS !== 0) {
      throw new DomainError('BAD_REQUEST', 'The hour must start on the hour (e.g. 2026-11-27T13:00:00Z)', {
        code: 'INVALID_PERIOD',
      });
    }
    return this.burnPeriod(hourStart, new Date(hourStart.getTime() + HOUR_MS));
  }

  /**
   * The hourly job: the closed hour before `tick`, and (oldest first) any hours missed since the
   * last decided one while the worker was down, at most `catchUpHours` back. A fresh install starts
   * with the last hour only, so it never records a day of empty hours.
   */
  async burnDueHours(tick: Date, catchUpHours = 24): Promise<BurnOutcome[]> {
    const last = previousHour(tick);
    const latest = await latestBurnPeriodStart(this.deps.db);
    const earliest = last.getTime() - (catchUpHours - 1) * HOUR_MS;
    // The hour after the latest decided one (periods given by hand need not start on the hour).
    const next = latest ? Math.floor(latest.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS : last.getTime();
    let from = Math.max(next, earliest);
    if (from > last.getTime()) from = last.getTime();
    const outcomes: BurnOutcome[] = [];
    for (let at = from; at <= last.getTime(); at += HOUR_MS) outcomes.push(await this.burnHour(new Date(at)));
    return outcomes;
  }

  /** Any closed period [start, end); keyed by its start. */
  async burnPeriod(start: Date, end: Date): Promise<BurnOutcome> {
    if (!(start.getTime() < end.getTime()))
      throw new DomainError('BAD_REQUEST', 'The period must end after it starts', { code: 'INVALID_PERIOD' });
    if (end.getTime() > this.now().getTime()) {
      throw new DomainError('BAD_REQUEST', `The period ending ${end.toISOString()} has not closed yet`, {
        code: 'PERIOD_NOT_CLOSED',
      });
    }
    const sharePpm = this.options.sharePpm;
    const decided = await this.deps.ledger.transact(async (tx) => {
      // The pool lock serializes burns with each other and with trades; a duplicate job waits here.
      const reserves = await lockPool(tx.trx);
      if (!reserves) throw new DomainError('UNAVAILABLE', 'The BZU/USD pool is not initialised');
      const earlier = await findBurnPeriod(tx.trx, start);
      if (earlier) return { fresh: false, period: earlier, usdSpent: 0n, bzuBought: 0n, price: null as bigint | null };

      const revenue = await houseGamesRevenue(tx.trx, start, end);
      const usdSpent = revenue > 0n ? (revenue * BigInt(sharePpm)) / 1_000_000n : 0n;
      const skip = async (reason: string) => {
        const period = await insertBurnPeriod(tx.trx, {
          periodStart: start,
          periodEnd: end,
          revenue,
          sharePpm,
          status: 'skipped',
          reason,
          burnId: null,
        });
        if (!period) throw duplicate();
        return { fresh: true, period, usdSpent: 0n, bzuBought: 0n, price: null as bigint | null };
      };
      if (revenue <= 0n) return skip(`No net gaming revenue in the period (${formatUnits(revenue)} USD)`);
      if (usdSpent <= 0n) return skip('The revenue share rounds to zero');

      let quote;
      try {
        // The house buys from its own pool: no fee (it would be paid to itself).
        quote = quoteTrade(reserves, 'buy', usdSpent, 0);
      } catch (error) {
        if (error instanceof TradeTooSmallError) return skip('The revenue share is too small to buy any BZU');
        throw error;
      }
      const key = `token:burn:${start.toISOString()}`;
      const posted = await tx.post({
        key,
        kind: 'token:burn',
        memo: {
          periodStart: start.toISOString(),
          periodEnd: end.toISOString(),
          revenue: formatUnits(revenue),
          sharePpm,
        },
        legs: [
          { account: { house: 'games' }, currency: 'USD', amount: -usdSpent },
          { account: { house: 'bzu-pool' }, currency: 'USD', amount: usdSpent },
          { account: { house: 'bzu-pool' }, currency: 'BZU', amount: -quote.amountOut },
          { account: { house: 'burned' }, currency: 'BZU', amount: quote.amountOut },
        ],
      });
      if (!posted.posted) throw duplicate();
      await setPoolReserves(tx.trx, quote.reservesAfter);
      await insertSwap(tx.trx, {
        userId: null,
        kind: 'burn',
        side: 'buy',
        bzuAmount: quote.amountOut,
        usdAmount: usdSpent,
        fee: 0n,
        priceAfter: quote.priceAfter,
        idempotencyKey: key,
        ledgerTransactionId: posted.transactionId,
      });
      const price = (usdSpent * UNIT) / quote.amountOut;
      const burnId = await insertBuyAndBurn(tx.trx, {
        amount: quote.amountOut,
        usdSpent,
        price,
        periodStart: start,
        periodEnd: end,
        revenue,
        sharePpm,
        idempotencyKey: `burn:${start.toISOString()}`,
        ledgerTransactionId: posted.transactionId,
      });
      const period = await insertBurnPeriod(tx.trx, {
        periodStart: start,
        periodEnd: end,
        revenue,
        sharePpm,
        status: 'burned',
        reason: null,
        burnId,
      });
      if (!period) throw duplicate();
      return { fresh: true, period, usdSpent, bzuBought: quote.amountOut, price, priceAfter: quote.priceAfter };
    });
    if (decided.fresh && 'priceAfter' in decided && decided.priceAfter !== undefined) {
      await this.deps
        .recordSwapPrice(decided.priceAfter, this.now())
        .catch((error: unknown) => this.deps.onPriceError?.(error));
    }
    return outcome(decided.fresh, decided.period, decided.usdSpent, decided.bzuBought, decided.price);
  }
}

function outcome(
  fresh: boolean,
  period: BurnPeriodRow,
  usdSpent: bigint,
  bzuBought: bigint,
  price: bigint | null,
): BurnOutcome {
  return {
    result: fresh ? period.status : 'already-done',
    periodStart: period.periodStart.toISOString(),
    periodEnd: period.periodEnd.toISOString(),
    status: period.status,
    reason: period.reason,
    revenue: formatUnits(period.revenue),
    share: (period.sharePpm / 1_000_000).toString(),
    usdSpent: formatUnits(usdSpent),
    bzuBought: formatUnits(bzuBought),
    price: price === null ? null : formatUnits(price),
  };
}

function duplicate(): DomainError {
  return new DomainError('CONFLICT', 'This period was burned by another run', { code: 'BURN_PERIOD_TAKEN' });
}
