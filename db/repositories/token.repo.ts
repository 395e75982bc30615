import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database>;

export const BZU = 'BZU';
export const BZU_USD_POOL = 'BZU/USD';

export interface SupplyRow {
  maxSupply: bigint;
  locked: bigint;
  burned: bigint;
  genesisAt: Date;
  updatedAt: Date;
}

export async function findSupply(db: Executor): Promise<SupplyRow | undefined> {
  const row = await db.selectFrom('token_supply').selectAll().where('symbol', '=', BZU).executeTakeFirst();
  return row
    ? {
        maxSupply: BigInt(row.max_supply_e8),
        locked: BigInt(row.locked_e8),
        burned: BigInt(row.burned_e8),
        genesisAt: new Date(row.genesis_at),
        updatedAt: new Date(row.updated_at),
      }
    : undefined;
}

export async function findPoolReserves(
  db: Executor,
  poolId = BZU_USD_POOL,
): Promise<{ bzu: bigint; usd: bigint } | undefined> {
  const row = await db
    .selectFrom('token_pools')
    .select(['reserve_bzu_e8', 'reserve_usd_e8'])
    .where('id', '=', poolId)
    .executeTakeFirst();
  return row ? { bzu: BigInt(row.reserve_bzu_e8), usd: BigInt(row.reserve_usd_e8) } : undefined;
}

/** USD volume of pool swaps since `since`, in 1e-8 units. */
export async function swapVolumeSince(db: Executor, since: Date): Promise<bigint> {
  const row = await db
    .selectFrom('token_swaps')
    .select(sql<string>`coalesce(sum(usd_amount_e8), 0)::text`.as('total'))
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

export interface PriceSnapshotInput {
  slotAt: Date;
  price: bigint;
  source: string;
  change24h: number;
  marketCap: bigint;
  volume24h: bigint;
}

export interface PriceSnapshotRow extends PriceSnapshotInput {
  id: string;
  createdAt: Date;
}

/** A token_prices row from a price point (a tick's snapshot or a swap's point). */
function priceRow(input: PriceSnapshotInput) {
  return {
    slot_at: input.slotAt,
    price_e8: input.price,
    source: input.source,
    change_24h: input.change24h.toFixed(4),
    market_cap_e8: input.marketCap,
    volume_24h_e8: input.volume24h,
  };
}

/** Inserts the snapshot of a tick; returns undefined when that tick already has one. */
export async function insertPriceSnapshot(
  db: Executor,
  input: PriceSnapshotInput,
): Promise<PriceSnapshotRow | undefined> {
  const row = await db
    .insertInto('token_prices')
    .values(priceRow(input))
    .onConflict((oc) => oc.column('slot_at').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toSnapshot(row) : undefined;
}

/**
 * A price point written by a trade or a burn at its own moment (not a 20 s tick). Two swaps in the
 * same millisecond keep the later price.
 */
export async function upsertSwapPricePoint(db: Executor, input: PriceSnapshotInput): Promise<void> {
  const row = priceRow(input);
  await db
    .insertInto('token_prices')
    .values(row)
    .onConflict((oc) =>
      oc.column('slot_at').doUpdateSet({
        price_e8: row.price_e8,
        change_24h: row.change_24h,
        market_cap_e8: row.market_cap_e8,
        volume_24h_e8: row.volume_24h_e8,
      }),
    )
    .execute();
}

export async function latestPriceSnapshot(db: Executor): Promise<PriceSnapshotRow | undefined> {
  const row = await db.selectFrom('token_prices').selectAll().orderBy('slot_at', 'desc').limit(1).executeTakeFirst();
  return row ? toSnapshot(row) : undefined;
}

/**
 * The two samples a 24 h change needs: the last one at or before `cutoff`, and the oldest one
 * (used when the history is younger than the window).
 */
export async function referenceSamples(db: Executor, cutoff: Date): Promise<{ at: Date; price: bigint }[]> {
  const before = db
    .selectFrom('token_prices')
    .select(['slot_at', 'price_e8'])
    .where('slot_at', '<=', cutoff)
    .orderBy('slot_at', 'desc')
    .limit(1);
  const oldest = db.selectFrom('token_prices').select(['slot_at', 'price_e8']).orderBy('slot_at', 'asc').limit(1);
  const rows = [...(await before.execute()), ...(await oldest.execute())];
  return rows.map((row) => ({ at: new Date(row.slot_at), price: BigInt(row.price_e8) }));
}

export async function countPriceSnapshots(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('token_prices')
    .select(sql<string>`count(*)::text`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Price history in buckets of `bucketSeconds` since `since`: the last price of each bucket. */
export async function priceHistory(
  db: Executor,
  since: Date | null,
  bucketSeconds: number,
): Promise<{ at: Date; price: bigint }[]> {
  const bucket = sql`date_bin(make_interval(secs => ${bucketSeconds}), slot_at, timestamptz '2000-01-01')`;
  let query = db
    .selectFrom('token_prices')
    .select([
      sql<Date>`${bucket}`.as('bucket'),
      sql<string>`(array_agg(price_e8 order by slot_at desc))[1]::text`.as('price'),
    ])
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  if (since) query = query.where('slot_at', '>=', since);
  const rows = await query.execute();
  return rows.map((row) => ({ at: new Date(row.bucket), price: BigInt(row.price) }));
}

/**
 * The highest and lowest stored price since `since` (every point, not the buckets' closing prices: a trade's peak
 * inside a bucket counts). Undefined when nothing was stored.
 */
export async function priceExtremes(
  db: Executor,
  since: Date | null,
): Promise<{ high: bigint; low: bigint } | undefined> {
  let query = db
    .selectFrom('token_prices')
    .select([sql<string | null>`max(price_e8)::text`.as('high'), sql<string | null>`min(price_e8)::text`.as('low')]);
  if (since) query = query.where('slot_at', '>=', since);
  const row = await query.executeTakeFirst();
  return row?.high && row.low ? { high: BigInt(row.high), low: BigInt(row.low) } : undefined;
}

export interface BurnRow {
  id: string;
  amount: bigint;
  usdValue: bigint;
  reason: string;
  createdAt: Date;
  /** Buy-and-burn formula inputs (migration 20261127_0301); null on burns recorded otherwise. */
  periodStart: Date | null;
  periodEnd: Date | null;
  revenue: bigint | null;
  sharePpm: number | null;
  usdSpent: bigint | null;
  price: bigint | null;
}

const bigOrNull = (value: string | null) => (value === null ? null : BigInt(value));

export async function recentBurns(db: Executor, limit: number): Promise<BurnRow[]> {
  const rows = await db
    .selectFrom('token_burns')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    amount: BigInt(row.amount_e8),
    usdValue: BigInt(row.usd_value_e8),
    reason: row.reason,
    createdAt: new Date(row.created_at),
    periodStart: row.period_start ? new Date(row.period_start) : null,
    periodEnd: row.period_end ? new Date(row.period_end) : null,
    revenue: bigOrNull(row.revenue_e8),
    sharePpm: row.share_ppm,
    usdSpent: bigOrNull(row.usd_spent_e8),
    price: bigOrNull(row.price_e8),
  }));
}

export async function burnedSince(db: Executor, since: Date): Promise<bigint> {
  const row = await db
    .selectFrom('token_burns')
    .select(sql<string>`coalesce(sum(amount_e8), 0)::text`.as('total'))
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

function toSnapshot(row: {
  id: string;
  slot_at: Date;
  price_e8: string;
  source: string;
  change_24h: string;
  market_cap_e8: string;
  volume_24h_e8: string;
  created_at: Date;
}): PriceSnapshotRow {
  return {
    id: String(row.id),
    slotAt: new Date(row.slot_at),
    price: BigInt(row.price_e8),
    source: row.source,
    change24h: Number(row.change_24h),
    marketCap: BigInt(row.market_cap_e8),
    volume24h: BigInt(row.volume_24h_e8),
    createdAt: new Date(row.created_at),
  };
}
