import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database>;

export interface AuditEntry {
  id: string;
  userId: number;
  actorId: number | null;
  /** The actor's public name (the player, or staff); null for the system (a refused stake). */
  actorName: string | null;
  action: string;
  detail: Record<string, unknown>;
  createdAt: Date;
}

/** One line of the append-only responsible-gaming audit (a trigger refuses updates and deletes). */
export async function insertAudit(
  db: Executor,
  entry: { userId: number; actorId: number | null; action: string; detail: Record<string, unknown>; at?: Date },
): Promise<void> {
  await sql`
    insert into responsible_gaming_audit (user_id, actor_id, action, detail, created_at)
    values (${entry.userId}, ${entry.actorId}, ${entry.action}, ${JSON.stringify(entry.detail)}::jsonb,
      coalesce(${entry.at ?? null}::timestamptz, now()))`.execute(db);
}

type AuditRow = {
  id: string;
  user_id: number;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  detail: Record<string, unknown>;
  created_at: Date;
};

const toEntry = (row: AuditRow): AuditEntry => ({
  id: String(row.id),
  userId: row.user_id,
  actorId: row.actor_id,
  actorName: row.actor_name,
  action: row.action,
  detail: row.detail,
  createdAt: new Date(row.created_at),
});

/** The user's audit, newest first (a page of at most `limit`, before the id `before` when given). */
export async function auditOf(db: Executor, userId: number, limit: number, before?: string): Promise<AuditEntry[]> {
  const { rows } = await sql<AuditRow>`
    select a.id::text as id, a.user_id, a.actor_id, actor.public_username as actor_name, a.action, a.detail, a.created_at
    from responsible_gaming_audit a left join users actor on actor.id = a.actor_id
    where a.user_id = ${userId} and (${before ?? null}::bigint is null or a.id < ${before ?? null}::bigint)
    order by a.id desc limit ${limit}`.execute(db);
  return rows.map(toEntry);
}

/** Players with a `limit-hit` line since `since`: how many refusals and the last one, most recent first. */
export async function limitHitsSince(
  db: Executor,
  since: Date,
  limit: number,
): Promise<{ userId: number; username: string; hits: number; lastAt: Date; last: Record<string, unknown> }[]> {
  const { rows } = await sql<{
    user_id: number;
    username: string;
    hits: number;
    last_at: Date;
    last: Record<string, unknown>;
  }>`
    select a.user_id, u.public_username as username, count(*)::int as hits, max(a.created_at) as last_at,
      (array_agg(a.detail order by a.id desc))[1] as last
    from responsible_gaming_audit a join users u on u.id = a.user_id
    where a.action = 'limit-hit' and a.created_at >= ${since}
    group by a.user_id, u.public_username
    order by last_at desc
    limit ${limit}`.execute(db);
  return rows.map((row) => ({
    userId: row.user_id,
    username: row.username,
    hits: row.hits,
    lastAt: new Date(row.last_at),
    last: row.last,
  }));
}
