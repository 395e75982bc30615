import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, SessionsTable } from '../schema.js';
import type { UserRow } from './users.repo.js';

export type SessionRow = Selectable<SessionsTable>;
type Executor = Kysely<Database>;

export function insertSession(
  db: Executor,
  values: { userId: number; tokenHash: string; ip: string | null; userAgent: string | null; expiresAt: Date },
): Promise<SessionRow> {
  return db
    .insertInto('sessions')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      ip: values.ip,
      user_agent: values.userAgent,
      expires_at: values.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The live session with this token digest and its user, or nothing when revoked or expired. */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.token_hash as session_token_hash',
      'sessions.ip as session_ip',
      'sessions.user_agent as session_user_agent',
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.expires_at as session_expires_at',
      'sessions.revoked_at as session_revoked_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    session_id,
    session_token_hash,
    session_ip,
    session_user_agent,
    session_created_at,
    session_last_seen_at,
    session_expires_at,
    session_revoked_at,
    ...user
  } = row;
  return {
    user,
    session: {
      id: session_id,
      user_id: user.id,
      token_hash: session_token_hash,
      ip: session_ip,
      user_agent: session_user_agent,
      created_at: session_created_at,
      last_seen_at: session_last_seen_at,
      expires_at: session_expires_at,
      revoked_at: session_revoked_at,
    },
  };
}

export async function touchSession(db: Executor, id: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', id).execute();
}

export function listLiveSessions(db: Executor, userId: number, now: Date): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Revokes one of the user's sessions; false when there was no such live session. */
export async function revokeSession(db: Executor, userId: number, sessionId: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes every live session of the user, except `keepSessionId` when given; answers the revoked ids. */
export async function revokeUserSessions(db: Executor, userId: number, keepSessionId?: string): Promise<string[]> {
  let query = db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

/** Whether the user signed in from this address within the last `days` (a known address). */
export async function hasSignedInFrom(db: Executor, userId: number, ip: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes sessions that expired or were revoked before the cutoff. */
export async function deleteDeadSessions(db: Executor, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
