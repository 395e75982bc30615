import { sql, type Kysely } from 'kysely';

/**
 * The accrual repair sweep (BetEngine.accrueMissed) reads settled bets by settle time, oldest first,
 * from its watermark on; this index keeps that read off the whole bet history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index bets_settled_at_idx on bets (settled_at, id) where state <> 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bets_settled_at_idx`.execute(db);
}
