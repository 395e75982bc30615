import { sql, type Kysely } from 'kysely';

/**
 * Credited deposits the watcher flagged REORGED (their block left the chain after the credit) are listed in the
 * custody report until an operator marks them reviewed: a partial index keeps that lookup off the whole deposits table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index deposits_reorged_idx on deposits (id) where 'REORGED' = any(flags)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists deposits_reorged_idx`.execute(db);
}
