import { sql, type Kysely, type Selectable } from 'kysely';
import { precompiled } from '../precompiled.js';
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

/** What signing a request in needs of the user (the whole row would carry the password hash to every request). */
export type SessionUser = Pick<
  UserRow,
  'id' | 'login_name' | 'public_username' | 'email' | 'currency' | 'role' | 'email_verified_at' | 'created_at'
>;
export type LiveSession = Pick<SessionRow, 'id' | 'last_seen_at' | 'expires_at'>;

const FIND_LIVE_SESSION = precompiled<
  SessionUser & { session_id: string; session_last_seen_at: Date; session_expires_at: Date },
  [tokenHash: string, now: Date]
>(`
  select u.id, u.login_name, u.public_username, u.email, u.currency, u.role, u.email_verified_at, u.created_at,
    s.id as session_id, s.last_seen_at as session_last_seen_at, s.expires_at as session_expires_at
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2`);

/** The live session with this token digest and its user, or nothing when revoked or expired. Every signed-in request runs it. */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ session: LiveSession; user: SessionUser } | undefined> {
  const [row] = await FIND_LIVE_SESSION.run(db, tokenHash, now);
  if (!row) return undefined;
  const { session_id, session_last_seen_at, session_expires_at, ...user } = row;
  return { user, session: { id: session_id, last_seen_at: session_last_seen_at, expires_at: session_expires_at } };
}

export async function touchSession(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql`now()` })
    .where('id', '=', id)
    .execute();
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
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
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
