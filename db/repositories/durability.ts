import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * Inside a transaction: its commit returns without waiting for the WAL flush (Postgres asynchronous commit). The
 * transaction stays atomic; a crash can only lose it whole, as if it had not run. For writes the platform can redo
 * from durable facts (an outbox mark, accruals the repair sweep derives again from the bets), so they do not queue
 * for the disk ahead of the bets that hold the hot rows.
 */
export async function relaxCommitDurability(trx: Kysely<Database>): Promise<void> {
  await sql`set local synchronous_commit = off`.execute(trx);
}
