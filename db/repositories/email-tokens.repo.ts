import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, EmailTokenPurpose, EmailTokensTable } from '../schema.js';

export type EmailTokenRow = Selectable<EmailTokensTable>;
type Executor = Kysely<Database>;

export async function insertEmailToken(
  db: Executor,
  values: { userId: number; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('email_tokens')
    .values({
      user_id: values.userId,
      purpose: values.purpose,
      token_hash: values.tokenHash,
      expires_at: values.expiresAt,
    })
    .execute();
}

/** Earlier links of the same purpose stop working when a new one is sent. */
export async function retireEmailTokens(db: Executor, userId: number, purpose: EmailTokenPurpose): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export function findUsableEmailToken(
  db: Executor,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<EmailTokenRow | undefined> {
  return db
    .selectFrom('email_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks the token used if it still is usable; the user id when this call was the one that used it. */
export async function consumeEmailToken(
  db: Executor,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Whether a link token (used or expired alike) belongs to an account whose address is verified: a verification
 * link opened again after it worked must say so, not "invalid".
 */
export async function emailTokenOwnerVerified(
  db: Executor,
  tokenHash: string,
  purpose: EmailTokenPurpose,
): Promise<boolean> {
  const row = await db
    .selectFrom('email_tokens')
    .innerJoin('users', 'users.id', 'email_tokens.user_id')
    .select('users.email_verified_at')
    .where('email_tokens.token_hash', '=', tokenHash)
    .where('email_tokens.purpose', '=', purpose)
    .executeTakeFirst();
  return row?.email_verified_at != null;
}

/** Deletes link tokens that expired before the cutoff (used or not). */
export async function deleteExpiredEmailTokens(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('email_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
