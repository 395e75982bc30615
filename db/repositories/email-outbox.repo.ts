import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, EmailOutboxTable } from '../schema.js';

export type EmailOutboxRow = Selectable<EmailOutboxTable>;
type Executor = Kysely<Database>;

export async function insertOutboxMail(
  db: Executor,
  values: { kind: string; to: string; subject: string; text: string; html: string; expiresAt?: Date },
): Promise<number> {
  const row = await db
    .insertInto('email_outbox')
    .values({
      kind: values.kind,
      to_address: values.to,
      subject: values.subject,
      text_body: values.text,
      html_body: values.html,
      expires_at: values.expiresAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findOutboxMail(db: Executor, id: number): Promise<EmailOutboxRow | undefined> {
  return db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function recordOutboxAttempt(db: Executor, id: number, error: string | null): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ attempts: sql`attempts + 1`, last_error: error })
    .where('id', '=', id)
    .execute();
}

/** Marks the mail sent and drops its bodies, which hold single-use links. */
export async function markOutboxSent(db: Executor, id: number, messageId: string | null): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({
      sent_at: sql`now()`,
      message_id: messageId,
      text_body: null,
      html_body: null,
      attempts: sql`attempts + 1`,
      last_error: null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Unsent mails whose link has expired lose their bodies (the link inside is dead, and a stored
 * credential is a liability); returns how many. Pass one id to expire just that mail.
 */
export async function dropExpiredUnsentMail(db: Executor, now: Date, id?: number): Promise<number> {
  let query = db
    .updateTable('email_outbox')
    .set({ text_body: null, html_body: null, last_error: 'link expired before the mail was sent' })
    .where('sent_at', 'is', null)
    .where('text_body', 'is not', null)
    .where('expires_at', '<=', now);
  if (id !== undefined) query = query.where('id', '=', id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Unsent mails older than the cutoff (their enqueue may have failed), oldest first. */
export async function listStaleUnsentMail(db: Executor, olderThan: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('email_outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('text_body', 'is not', null)
    .where('created_at', '<', olderThan)
    .where('created_at', '>', sql<Date>`now() - interval '2 days'`)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
