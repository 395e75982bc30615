import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database>;

export type ExclusionPeriod = '24h' | '7d' | '30d' | '6m' | 'permanent';
export type LimitPeriod = 'day' | 'week' | 'month';

const intervals: Record<Exclude<ExclusionPeriod, 'permanent'>, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '6m': '6 months',
};

/**
 * What an exclusion row is: a self-exclusion, a time-out (a short break) or the account's closure. While in force they
 * all have the same effect, through the one rule below.
 */
export type ExclusionKind = 'self-exclusion' | 'time-out' | 'closure';

export interface ActiveExclusion {
  startsAt: Date;
  /** null: permanent (or, for a closure, until a reopening is requested). */
  endsAt: Date | null;
  /** The kind of the row that ends last (a self-exclusion wins a tie with a time-out). */
  kind: ExclusionKind;
}

/**
 * The one self-exclusion rule: a self_exclusions row is in force once its period has started and until it ends
 * (ends_at null: permanent). Every check (play, deposits, tips, rain, raffle, chat) goes through it.
 */
const EXCLUSION_ROW_IN_FORCE = 'starts_at <= now() and (ends_at is null or ends_at > now())';

/**
 * Whether a self-exclusion is in force for the user now, as an SQL expression over `userId` (a column or a parameter
 * such as `$1`), for a statement to embed.
 */
export function exclusionInForceSql(userId: string): string {
  return `exists (select 1 from self_exclusions where user_id = ${userId} and ${EXCLUSION_ROW_IN_FORCE})`;
}

/** Which of `userIds` have a self-exclusion in force now (exclusionInForceSql's rule), in one statement. */
export async function excludedAmong(db: Executor, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const { rows } = await sql<{ id: number }>`
    select u.id from unnest(${[...userIds]}::int[]) as u(id) where ${sql.raw(exclusionInForceSql('u.id'))}`.execute(db);
  return new Set(rows.map((row) => row.id));
}

/** The exclusion in force: the latest end of every running row (a permanent one wins). */
export async function findActiveExclusion(db: Executor, userId: number): Promise<ActiveExclusion | undefined> {
  const { rows } = await sql<{ starts_at: Date; ends_at: Date | null; permanent: boolean; kind: ExclusionKind }>`
    select min(starts_at) as starts_at, max(ends_at) as ends_at, bool_or(ends_at is null) as permanent,
      (array_agg(kind order by ends_at desc nulls first, kind = 'time-out', id desc))[1] as kind
    from self_exclusions
    where user_id = ${userId} and ${sql.raw(EXCLUSION_ROW_IN_FORCE)}
    having count(*) > 0`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return { startsAt: new Date(row.starts_at), endsAt: row.permanent ? null : new Date(row.ends_at!), kind: row.kind };
}

/** The end a new exclusion of this period would have if it started now (null: permanent). */
export async function exclusionEnd(db: Executor, period: ExclusionPeriod): Promise<Date | null> {
  if (period === 'permanent') return null;
  const { rows } = await sql<{ ends_at: Date }>`select now() + ${intervals[period]}::interval as ends_at`.execute(db);
  return new Date(rows[0]!.ends_at);
}

export async function insertExclusion(
  db: Executor,
  userId: number,
  endsAt: Date | null,
  kind: ExclusionKind = 'self-exclusion',
): Promise<void> {
  await sql`insert into self_exclusions (user_id, starts_at, ends_at, kind) values (${userId}, now(), ${endsAt}, ${kind})`.execute(
    db,
  );
}

/** The end a time-out of `days` would have if it started now. */
export async function timeOutEnd(db: Executor, days: number): Promise<Date> {
  const { rows } = await sql<{ ends_at: Date }>`select now() + make_interval(days => ${days}) as ends_at`.execute(db);
  return new Date(rows[0]!.ends_at);
}

/** Whether the account is closed now (a closure row in force), and whether a reopening was requested. */
export async function findClosure(
  db: Executor,
  userId: number,
): Promise<{ closedAt: Date; reopensAt: Date | null } | undefined> {
  const { rows } = await sql<{ starts_at: Date; ends_at: Date | null }>`
    select starts_at, ends_at from self_exclusions
    where user_id = ${userId} and kind = 'closure' and ${sql.raw(EXCLUSION_ROW_IN_FORCE)}
    order by id desc limit 1`.execute(db);
  const row = rows[0];
  return row ? { closedAt: new Date(row.starts_at), reopensAt: row.ends_at ? new Date(row.ends_at) : null } : undefined;
}

/** A reopening request: the open-ended closure rows end `delayHours` from now (a closure already ending keeps its end). */
export async function scheduleReopening(db: Executor, userId: number, delayHours: number): Promise<Date | null> {
  const { rows } = await sql<{ ends_at: Date }>`
    update self_exclusions set ends_at = now() + make_interval(hours => ${delayHours}), reopen_requested_at = now()
    where user_id = ${userId} and kind = 'closure' and ends_at is null
    returning ends_at`.execute(db);
  return rows[0] ? new Date(rows[0].ends_at) : null;
}

/** Serialises changes to one user's exclusion or limits for the rest of the transaction. */
export async function lockUser(db: Executor, userId: number, area: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${area}), ${userId})`.execute(db);
}

export interface LimitRow {
  period: LimitPeriod;
  amount: bigint | null;
  pendingAmount: bigint | null;
  pendingRemoval: boolean;
  pendingEffectiveAt: Date | null;
}

/** Limits with any pending increase whose 24 h have passed applied first. */
export async function findLimits(db: Executor, userId: number): Promise<LimitRow[]> {
  await sql`
    update deposit_limits
    set amount_e8 = case when pending_removal then null else pending_amount_e8 end,
        pending_amount_e8 = null, pending_removal = false, pending_effective_at = null, updated_at = now()
    where user_id = ${userId} and pending_effective_at is not null and pending_effective_at <= now()`.execute(db);
  await sql`delete from deposit_limits where user_id = ${userId} and amount_e8 is null and pending_effective_at is null`.execute(
    db,
  );
  const rows = await db.selectFrom('deposit_limits').selectAll().where('user_id', '=', userId).execute();
  return rows.map((row) => ({
    period: row.period,
    amount: row.amount_e8 === null ? null : BigInt(row.amount_e8),
    pendingAmount: row.pending_amount_e8 === null ? null : BigInt(row.pending_amount_e8),
    pendingRemoval: row.pending_removal,
    pendingEffectiveAt: row.pending_effective_at ? new Date(row.pending_effective_at) : null,
  }));
}

export async function setLimitNow(db: Executor, userId: number, period: LimitPeriod, amount: bigint): Promise<void> {
  await db
    .insertInto('deposit_limits')
    .values({ user_id: userId, period, amount_e8: amount })
    .onConflict((oc) =>
      oc.columns(['user_id', 'period']).doUpdateSet({
        amount_e8: amount,
        pending_amount_e8: null,
        pending_removal: false,
        pending_effective_at: null,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function scheduleLimit(
  db: Executor,
  userId: number,
  period: LimitPeriod,
  amount: bigint | null,
  delayHours: number,
): Promise<void> {
  await db
    .updateTable('deposit_limits')
    .set({
      pending_amount_e8: amount,
      pending_removal: amount === null,
      pending_effective_at: sql`now() + make_interval(hours => ${delayHours})`,
      updated_at: sql`now()`,
    })
    .where('user_id', '=', userId)
    .where('period', '=', period)
    .execute();
}

export async function clearPendingLimit(db: Executor, userId: number, period: LimitPeriod): Promise<void> {
  await db
    .updateTable('deposit_limits')
    .set({ pending_amount_e8: null, pending_removal: false, pending_effective_at: null, updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('period', '=', period)
    .execute();
}

/** USD credited to the user by deposits within the rolling window. */
export async function creditedDepositsSince(db: Executor, userId: number, period: LimitPeriod): Promise<bigint> {
  const window = { day: '1 day', week: '7 days', month: '30 days' }[period];
  const { rows } = await sql<{ total: string | null }>`
    select sum(amount_e8)::text as total from deposits
    where user_id = ${userId} and currency = 'USD' and status = 'CREDITED' and credited_at > now() - ${window}::interval`.execute(
    db,
  );
  return BigInt(rows[0]?.total ?? '0');
}

export interface ExclusionRow {
  id: string;
  kind: ExclusionKind;
  startsAt: Date;
  endsAt: Date | null;
  reopenRequestedAt: Date | null;
  inForce: boolean;
}

/** Every exclusion, time-out and closure of the user, newest first (the operator's view). */
export async function exclusionsOf(db: Executor, userId: number, limit = 100): Promise<ExclusionRow[]> {
  const { rows } = await sql<{
    id: string;
    kind: ExclusionKind;
    starts_at: Date;
    ends_at: Date | null;
    reopen_requested_at: Date | null;
    in_force: boolean;
  }>`
    select id::text as id, kind, starts_at, ends_at, reopen_requested_at, ${sql.raw(EXCLUSION_ROW_IN_FORCE)} as in_force
    from self_exclusions where user_id = ${userId} order by self_exclusions.id desc limit ${limit}`.execute(db);
  return rows.map((row) => ({
    id: String(row.id),
    kind: row.kind,
    startsAt: new Date(row.starts_at),
    endsAt: row.ends_at ? new Date(row.ends_at) : null,
    reopenRequestedAt: row.reopen_requested_at ? new Date(row.reopen_requested_at) : null,
    inForce: row.in_force,
  }));
}
