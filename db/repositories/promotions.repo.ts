import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { LedgerCurrency } from '../wallet-tables.js';
import { exclusionInForceSql } from './responsible-gaming.repo.js';

type Executor = Kysely<Database>;

export type PromotionKind = 'race' | 'code' | 'reload' | 'bonus';
export type PromotionStatus = 'active' | 'paused' | 'ended';

export interface PromotionRow {
  id: string;
  kind: PromotionKind;
  name: string;
  currency: LedgerCurrency;
  status: PromotionStatus;
  startsAt: Date;
  endsAt: Date;
  games: string[];
  poolE8: bigint | null;
  prizeSharesPpm: number[] | null;
  prizeAmountsE8: bigint[] | null;
  finalisedAt: Date | null;
  code: string | null;
  maxUses: number | null;
  uses: number;
  grantE8: bigint | null;
  reloadPeriod: 'day' | 'week' | null;
  ratePpm: number | null;
  capE8: bigint | null;
  createdAt: Date;
}

export type NewPromotion = Omit<PromotionRow, 'id' | 'status' | 'finalisedAt' | 'uses' | 'createdAt'> & {
  createdBy: number | null;
};

const COLUMNS = sql.raw(`id::text, kind, name, currency, status, starts_at, ends_at, games, pool_e8::text,
  prize_shares_ppm, prize_amounts_e8::text[] as prize_amounts_e8, finalised_at, code, max_uses, uses, grant_e8::text,
  reload_period, rate_ppm, cap_e8::text, created_at`);

interface RawPromotion {
  id: string;
  kind: PromotionKind;
  name: string;
  currency: LedgerCurrency;
  status: PromotionStatus;
  starts_at: Date;
  ends_at: Date;
  games: string[];
  pool_e8: string | null;
  prize_shares_ppm: number[] | null;
  prize_amounts_e8: string[] | null;
  finalised_at: Date | null;
  code: string | null;
  max_uses: number | null;
  uses: number;
  grant_e8: string | null;
  reload_period: 'day' | 'week' | null;
  rate_ppm: number | null;
  cap_e8: string | null;
  created_at: Date;
}

const big = (text: string | null) => (text === null ? null : BigInt(text));

function toRow(raw: RawPromotion): PromotionRow {
  return {
    id: raw.id,
    kind: raw.kind,
    name: raw.name,
    currency: raw.currency,
    status: raw.status,
    startsAt: new Date(raw.starts_at),
    endsAt: new Date(raw.ends_at),
    games: raw.games,
    poolE8: big(raw.pool_e8),
    prizeSharesPpm: raw.prize_shares_ppm,
    prizeAmountsE8: raw.prize_amounts_e8?.map(BigInt) ?? null,
    finalisedAt: raw.finalised_at ? new Date(raw.finalised_at) : null,
    code: raw.code,
    maxUses: raw.max_uses,
    uses: raw.uses,
    grantE8: big(raw.grant_e8),
    reloadPeriod: raw.reload_period,
    ratePpm: raw.rate_ppm,
    capE8: big(raw.cap_e8),
    createdAt: new Date(raw.created_at),
  };
}

export async function insertPromotion(db: Executor, row: NewPromotion): Promise<PromotionRow> {
  const { rows } = await sql<RawPromotion>`
    insert into promotions (kind, name, currency, starts_at, ends_at, games, pool_e8, prize_shares_ppm,
      prize_amounts_e8, code, max_uses, grant_e8, reload_period, rate_ppm, cap_e8, created_by)
    values (${row.kind}, ${row.name}, ${row.currency}, ${row.startsAt}, ${row.endsAt}, ${row.games}::text[],
      ${row.poolE8}, ${row.prizeSharesPpm}::int[], ${row.prizeAmountsE8?.map(String) ?? null}::bigint[], ${row.code},
      ${row.maxUses}, ${row.grantE8}, ${row.reloadPeriod}, ${row.ratePpm}, ${row.capE8}, ${row.createdBy})
    returning ${COLUMNS}`.execute(db);
  return toRow(rows[0]!);
}

export async function findPromotion(
  db: Executor,
  id: string,
  options: { lock?: 'update' | 'share' } = {},
): Promise<PromotionRow | undefined> {
  const lock = options.lock === 'update' ? sql`for update` : options.lock === 'share' ? sql`for share` : sql``;
  const { rows } = await sql<RawPromotion>`select ${COLUMNS} from promotions where id = ${id} ${lock}`.execute(db);
  return rows[0] ? toRow(rows[0]) : undefined;
}

export async function findPromotionByCode(
  db: Executor,
  code: string,
  options: { lock?: 'update' } = {},
): Promise<PromotionRow | undefined> {
  const lock = options.lock === 'update' ? sql`for update` : sql``;
  const { rows } = await sql<RawPromotion>`
    select ${COLUMNS} from promotions where kind = 'code' and code = ${code} ${lock}`.execute(db);
  return rows[0] ? toRow(rows[0]) : undefined;
}

/** Newest first; `live` keeps those whose window is not over and that are not ended (what a player may see). */
export async function listPromotions(
  db: Executor,
  options: { kind?: PromotionKind; live?: boolean; limit: number },
): Promise<PromotionRow[]> {
  const { rows } = await sql<RawPromotion>`
    select ${COLUMNS} from promotions
    where true ${options.kind ? sql`and kind = ${options.kind}` : sql``}
      ${options.live ? sql`and status <> 'ended' and ends_at > now()` : sql``}
    order by id desc limit ${options.limit}`.execute(db);
  return rows.map(toRow);
}

/** Finished races (ended by time or by the operator) with a frozen board, newest first. */
export async function pastRaces(db: Executor, limit: number): Promise<PromotionRow[]> {
  const { rows } = await sql<RawPromotion>`
    select ${COLUMNS} from promotions where kind = 'race' and finalised_at is not null
    order by ends_at desc, id desc limit ${limit}`.execute(db);
  return rows.map(toRow);
}

export async function setPromotionStatus(db: Executor, id: string, status: PromotionStatus): Promise<void> {
  await sql`update promotions set status = ${status} where id = ${id}`.execute(db);
}

/** Moves a promotion's end to now (never before its start, which the window's check forbids). */
export async function endWindowNow(db: Executor, id: string): Promise<void> {
  await sql`update promotions set ends_at = greatest(least(ends_at, now()), starts_at + interval '1 millisecond')
    where id = ${id}`.execute(db);
}

/** One more use of a code if any is left; false when all are used (the caller holds the code's row lock). */
export async function takeCodeUse(db: Executor, id: string): Promise<boolean> {
  const { rows } = await sql`
    update promotions set uses = uses + 1 where id = ${id} and uses < max_uses returning id`.execute(db);
  return rows.length === 1;
}

/** Why a player may not be offered promotions now, or null: an exclusion (time-out, closure) in force, or opted out. */
export async function promotionBarrier(db: Executor, userId: number): Promise<'excluded' | 'opted-out' | null> {
  const { rows: answer } = await sql<{ excluded: boolean; opted_out: boolean }>`
    select ${sql.raw(exclusionInForceSql('u.id'))} as excluded,
      exists (select 1 from promotion_opt_outs o where o.user_id = u.id) as opted_out
    from (select ${userId}::int as id) u`.execute(db);
  const row = answer[0]!;
  return row.excluded ? 'excluded' : row.opted_out ? 'opted-out' : null;
}

/** An SQL condition over a user id column: the player may take part in promotions (promotionBarrier is null). */
export function promotionEligibleSql(userId: string): string {
  return `not ${exclusionInForceSql(userId)} and not exists (select 1 from promotion_opt_outs where user_id = ${userId})`;
}

export async function isOptedOut(db: Executor, userId: number): Promise<boolean> {
  const { rows } = await sql`select 1 from promotion_opt_outs where user_id = ${userId}`.execute(db);
  return rows.length > 0;
}

export async function setOptOut(db: Executor, userId: number, optedOut: boolean): Promise<void> {
  if (optedOut)
    await sql`insert into promotion_opt_outs (user_id) values (${userId}) on conflict do nothing`.execute(db);
  else await sql`delete from promotion_opt_outs where user_id = ${userId}`.execute(db);
}

export interface AwardRow {
  id: string;
  promotionId: string;
  userId: number;
  currency: LedgerCurrency;
  amountE8: bigint;
  status: 'pending' | 'paid' | 'forfeited';
  key: string;
}

/** Records a grant under its unique key; undefined when the key exists (granted before, or by a concurrent call). */
export async function insertAward(
  db: Executor,
  award: { promotionId: string; userId: number; currency: LedgerCurrency; amountE8: bigint; key: string },
): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    insert into promotion_awards (promotion_id, user_id, currency, amount_e8, key)
    values (${award.promotionId}, ${award.userId}, ${award.currency}, ${award.amountE8}, ${award.key})
    on conflict (key) do nothing returning id::text`.execute(db);
  return rows[0]?.id;
}

export async function markAwardPaid(db: Executor, id: string, ledgerTransactionId: string): Promise<void> {
  await sql`
    update promotion_awards set status = 'paid', ledger_transaction_id = ${ledgerTransactionId}, settled_at = now()
    where id = ${id}`.execute(db);
}

const AWARD_COLUMNS = sql.raw(`id::text, promotion_id::text, user_id, currency, amount_e8::text, status, key`);
type RawAward = {
  id: string;
  promotion_id: string;
  user_id: number;
  currency: LedgerCurrency;
  amount_e8: string;
  status: AwardRow['status'];
  key: string;
};
const toAward = (row: RawAward): AwardRow => ({
  id: row.id,
  promotionId: row.promotion_id,
  userId: row.user_id,
  currency: row.currency,
  amountE8: BigInt(row.amount_e8),
  status: row.status,
  key: row.key,
});

export async function pendingAwardIds(db: Executor, promotionId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id::text from promotion_awards where promotion_id = ${promotionId} and status = 'pending' order by id`.execute(
    db,
  );
  return rows.map((row) => row.id);
}

export async function lockAward(db: Executor, id: string): Promise<AwardRow | undefined> {
  const { rows } =
    await sql<RawAward>`select ${AWARD_COLUMNS} from promotion_awards where id = ${id} for update`.execute(db);
  return rows[0] ? toAward(rows[0]) : undefined;
}

export async function findAwardByKey(db: Executor, key: string): Promise<AwardRow | undefined> {
  const { rows } = await sql<RawAward>`select ${AWARD_COLUMNS} from promotion_awards where key = ${key}`.execute(db);
  return rows[0] ? toAward(rows[0]) : undefined;
}

/**
 * What a player wagered on originals in [start, end) in one currency (settled, refunds left out), by the bets' index
 * on (user_id, created_at): a reload reads one player's one window, never the whole table.
 */
export async function wageredBetween(
  db: Executor,
  userId: number,
  currency: LedgerCurrency,
  start: Date,
  end: Date,
): Promise<bigint> {
  const { rows } = await sql<{ total: string }>`
    select coalesce(sum(amount_e8), 0)::text as total from bets
    where user_id = ${userId} and created_at >= ${start} and created_at < ${end} and currency = ${currency}
      and state <> 'open' and not coalesce((outcome->>'refunded')::boolean, false)`.execute(db);
  return BigInt(rows[0]!.total);
}

/** Which of these award keys exist (claimed), in one read. */
export async function existingAwardKeys(db: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await sql<{ key: string }>`
    select key from promotion_awards where key = any(${[...keys]}::text[])`.execute(db);
  return new Set(rows.map((row) => row.key));
}
