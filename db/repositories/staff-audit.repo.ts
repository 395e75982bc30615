import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database>;

export interface StaffActionRow {
  actorId: number | null;
  actorRole: string;
  action: string;
  targetType: string;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  before: unknown;
  after: unknown;
}

export interface StaffAuditEntry extends StaffActionRow {
  id: string;
  actorName: string | null;
  createdAt: string;
}

export interface StaffAuditFilter {
  actorId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  /** Keyset: entries older than this id. */
  before?: string;
  limit: number;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** One line of the append-only staff audit log (a trigger refuses updates and deletes). */
export async function insertStaffAction(db: Executor, row: StaffActionRow): Promise<string> {
  const inserted = await db
    .insertInto('staff_audit_log')
    .values({
      actor_id: row.actorId,
      actor_role: row.actorRole,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      ip: row.ip,
      user_agent: row.userAgent,
      before: json(row.before),
      after: json(row.after),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(inserted.id);
}

/** Newest first, filtered; the actor's login name alongside. */
export async function listStaffActions(db: Executor, filter: StaffAuditFilter): Promise<StaffAuditEntry[]> {
  let query = db
    .selectFrom('staff_audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.actor_id',
      'a.actor_role',
      'u.login_name as actor_name',
      'a.action',
      'a.target_type',
      'a.target_id',
      'a.ip',
      'a.user_agent',
      'a.before',
      'a.after',
      'a.created_at',
    ]);
  if (filter.actorId !== undefined) query = query.where('a.actor_id', '=', filter.actorId);
  if (filter.action) query = query.where('a.action', '=', filter.action);
  if (filter.targetType) query = query.where('a.target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('a.target_id', '=', filter.targetId);
  if (filter.from) query = query.where('a.created_at', '>=', filter.from);
  if (filter.to) query = query.where('a.created_at', '<', filter.to);
  if (filter.before) query = query.where(sql<boolean>`a.id < ${filter.before}::bigint`);
  const rows = await query.orderBy('a.id', 'desc').limit(filter.limit).execute();
  return rows.map((row) => ({
    id: String(row.id),
    actorId: row.actor_id,
    actorRole: row.actor_role,
    actorName: row.actor_name,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    ip: row.ip,
    userAgent: row.user_agent,
    before: row.before,
    after: row.after,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/**
 * A target's row as JSON, for the log's before and after. Columns named like secrets are left out: the log is read
 * by more roles than may see a provider's key.
 */
export async function rowSnapshot(
  db: Executor,
  table: string,
  key: Record<string, string | number>,
): Promise<Record<string, unknown> | null> {
  const where = sql.join(
    Object.entries(key).map(([column, value]) => sql`t.${sql.ref(column)}::text = ${String(value)}`),
    sql` and `,
  );
  const { rows } = await sql<{ row: Record<string, unknown> }>`
    select to_jsonb(t) - 'secret' - 'password_hash' as row from ${sql.table(table)} t where ${where} limit 1`.execute(
    db,
  );
  return rows[0]?.row ?? null;
}
