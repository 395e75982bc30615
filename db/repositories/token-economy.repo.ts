import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { BZU_USD_POOL } from './token.repo.js';
import { GAMES_HOUSE_CODES } from './house-shards.js';

type Executor = Kysely<Database>;

export interface LockedPool {
  bzu: bigint;
  usd: bigint;
}

/**
 * Locks the pool row for the rest of the transaction: every trade and burn reads the reserves it
 * prices against under this lock, so concurrent swaps run one after another against fresh reserves.
 */
export async function lockPool(db: Executor, poolId = BZU_USD_POOL): Promise<LockedPool | undefined> {
  const row = await db
    .selectFrom('token_pools')
    .select(['reserve_bzu_e8', 'reserve_usd_e8'])
    .where('id', '=', poolId)
    .forUpdate()
    .executeTakeFirst();
  return row ? { bzu: BigInt(row.reserve_bzu_e8), usd: BigInt(row.reserve_usd_e8) } : undefined;
}

export async function setPoolReserves(db: Executor, reserves: LockedPool, poolId = BZU_USD_POOL): Promise<void> {
  await db
    .updateTable('token_pools')
    .set({ reserve_bzu_e8: reserves.bzu, reserve_usd_e8: reserves.usd, updated_at: sql`now()` })
    .where('id', '=', poolId)
    .execute();
}

export interface SwapRow {
  id: string;
  userId: number | null;
  kind: 'trade' | 'burn';
  side: 'buy' | 'sell';
  /** BZU that left (buy) or entered (sell) the pool. */
  bzuAmount: bigint;
  /** USD the player paid (buy, fee included) or received (sell, after the fee). */
  usdAmount: bigint;
  fee: bigint;
  priceAfter: bigint | null;
  idempotencyKey: string;
  createdAt: Date;
}

/** A swap to write: the row without its id and time, the price it left the pool at (always known when writing), and its ledger transaction. */
export interface SwapInput extends Omit<SwapRow, 'id' | 'createdAt' | 'priceAfter'> {
  priceAfter: bigint;
  ledgerTransactionId: string | undefined;
}

export async function insertSwap(db: Executor, input: SwapInput, poolId = BZU_USD_POOL): Promise<SwapRow> {
  const row = await db
    .insertInto('token_swaps')
    .values({
      pool_id: poolId,
      user_id: input.userId,
      kind: input.kind,
      side: input.side,
      bzu_amount_e8: input.bzuAmount,
      usd_amount_e8: input.usdAmount,
      fee_e8: input.fee,
      price_after_e8: input.priceAfter,
      idempotency_key: input.idempotencyKey,
      ledger_transaction_id: input.ledgerTransactionId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSwap(row);
}

export async function findSwapByKey(db: Executor, key: string): Promise<SwapRow | undefined> {
  const row = await db.selectFrom('token_swaps').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
  return row ? toSwap(row) : undefined;
}

/** A player's trades, oldest first (cost basis is computed in that order). */
export async function userSwaps(db: Executor, userId: number): Promise<SwapRow[]> {
  const rows = await db
    .selectFrom('token_swaps')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toSwap);
}

/**
 * Net gaming revenue of a period: what the house `games` account (all its shards) gained in USD from entries whose
 * transaction falls in [start, end). Buy-and-burn's own spending from that account is not revenue.
 */
export async function houseGamesRevenue(db: Executor, start: Date, end: Date): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select(sql<string>`coalesce(sum(e.amount_e8), 0)::text`.as('total'))
    .where('a.code', 'in', GAMES_HOUSE_CODES)
    .where('a.currency', '=', 'USD')
    // Shares of the revenue moved out (the burn's own buy, a raffle's pool funding) are not revenue themselves.
    .where('t.kind', 'not in', ['token:burn', 'raffle-funding'])
    .where('t.created_at', '>=', start)
    .where('t.created_at', '<', end)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

export interface BurnPeriodRow {
  periodStart: Date;
  periodEnd: Date;
  revenue: bigint;
  sharePpm: number;
  status: 'burned' | 'skipped';
  reason: string | null;
  burnId: string | null;
  createdAt: Date;
}

export async function findBurnPeriod(db: Executor, periodStart: Date): Promise<BurnPeriodRow | undefined> {
  const row = await db
    .selectFrom('token_burn_periods')
    .selectAll()
    .where('period_start', '=', periodStart)
    .executeTakeFirst();
  return row ? toPeriod(row) : undefined;
}

/** Undefined when the period already has a row (a duplicate job): the caller rolls back. */
export async function insertBurnPeriod(
  db: Executor,
  input: Omit<BurnPeriodRow, 'createdAt'>,
): Promise<BurnPeriodRow | undefined> {
  const row = await db
    .insertInto('token_burn_periods')
    .values({
      period_start: input.periodStart,
      period_end: input.periodEnd,
      revenue_e8: input.revenue,
      share_ppm: input.sharePpm,
      status: input.status,
      reason: input.reason,
      burn_id: input.burnId,
    })
    .onConflict((oc) => oc.column('period_start').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toPeriod(row) : undefined;
}

/** The start of the newest period the burn job decided, if any. */
export async function latestBurnPeriodStart(db: Executor): Promise<Date | undefined> {
  const row = await db
    .selectFrom('token_burn_periods')
    .select('period_start')
    .orderBy('period_start', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.period_start) : undefined;
}

export async function recentBurnPeriods(db: Executor, limit: number): Promise<BurnPeriodRow[]> {
  const rows = await db
    .selectFrom('token_burn_periods')
    .selectAll()
    .orderBy('period_start', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toPeriod);
}

export interface BuyAndBurnInput {
  amount: bigint;
  usdSpent: bigint;
  price: bigint;
  periodStart: Date;
  periodEnd: Date;
  revenue: bigint;
  sharePpm: number;
  idempotencyKey: string;
  ledgerTransactionId: string | undefined;
}

/** Records a buy-and-burn and lowers the supply (same transaction as its ledger posting). */
export async function insertBuyAndBurn(db: Executor, input: BuyAndBurnInput): Promise<string> {
  const row = await db
    .insertInto('token_burns')
    .values({
      amount_e8: input.amount,
      usd_value_e8: input.usdSpent,
      reason: 'buy-and-burn',
      idempotency_key: input.idempotencyKey,
      period_start: input.periodStart,
      period_end: input.periodEnd,
      revenue_e8: input.revenue,
      share_ppm: input.sharePpm,
      usd_spent_e8: input.usdSpent,
      price_e8: input.price,
      ledger_transaction_id: input.ledgerTransactionId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('token_supply')
    .set({ burned_e8: sql`burned_e8 + ${input.amount.toString()}::bigint`, updated_at: sql`now()` })
    .where('symbol', '=', 'BZU')
    .execute();
  return String(row.id);
}

export interface BurnDetailRow {
  id: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  revenue: bigint | null;
  sharePpm: number | null;
  usdSpent: bigint | null;
  price: bigint | null;
}

export async function burnDetails(db: Executor, ids: string[]): Promise<Map<string, BurnDetailRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('token_burns')
    .select(['id', 'period_start', 'period_end', 'revenue_e8', 'share_ppm', 'usd_spent_e8', 'price_e8'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [
      String(row.id),
      {
        id: String(row.id),
        periodStart: row.period_start ? new Date(row.period_start) : null,
        periodEnd: row.period_end ? new Date(row.period_end) : null,
        revenue: row.revenue_e8 === null ? null : BigInt(row.revenue_e8),
        sharePpm: row.share_ppm,
        usdSpent: row.usd_spent_e8 === null ? null : BigInt(row.usd_spent_e8),
        price: row.price_e8 === null ? null : BigInt(row.price_e8),
      },
    ]),
  );
}

/** The player's BZU balance after each change, oldest first (the holdings chart). */
export async function bzuBalanceHistory(
  db: Executor,
  userId: number,
  limit = 500,
): Promise<{ at: Date; balance: bigint }[]> {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select(['e.id', 'e.balance_after_e8', 't.created_at'])
    .where('a.code', '=', `user:${userId}`)
    .where('a.currency', '=', 'BZU')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((row) => ({ at: new Date(row.created_at), balance: BigInt(row.balance_after_e8) }));
}

function toSwap(row: {
  id: string;
  user_id: number | null;
  kind: 'trade' | 'burn';
  side: 'buy' | 'sell';
  bzu_amount_e8: string;
  usd_amount_e8: string;
  fee_e8: string;
  price_after_e8: string | null;
  idempotency_key: string;
  created_at: Date;
}): SwapRow {
  return {
    id: String(row.id),
    userId: row.user_id,
    kind: row.kind,
    side: row.side,
    bzuAmount: BigInt(row.bzu_amount_e8),
    usdAmount: BigInt(row.usd_amount_e8),
    fee: BigInt(row.fee_e8),
    priceAfter: row.price_after_e8 === null ? null : BigInt(row.price_after_e8),
    idempotencyKey: row.idempotency_key,
    createdAt: new Date(row.created_at),
  };
}

function toPeriod(row: {
  period_start: Date;
  period_end: Date;
  revenue_e8: string;
  share_ppm: number;
  status: 'burned' | 'skipped';
  reason: string | null;
  burn_id: string | null;
  created_at: Date;
}): BurnPeriodRow {
  return {
    periodStart: new Date(row.period_start),
    periodEnd: new Date(row.period_end),
    revenue: BigInt(row.revenue_e8),
    sharePpm: row.share_ppm,
    status: row.status,
    reason: row.reason,
    burnId: row.burn_id === null ? null : String(row.burn_id),
    createdAt: new Date(row.created_at),
  };
}
