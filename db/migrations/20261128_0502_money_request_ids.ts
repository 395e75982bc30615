import { sql, type Kysely } from 'kysely';

/**
 * Idempotent money moves (issue 23 point 8): tips, withdrawals, rain contributions and vault moves take an optional
 * `requestId`, like a bet's clientBetId. The row is inserted first thing in the move's own transaction, so a concurrent
 * retry waits on the primary key and then reads the first attempt's answer; a crash loses the row and the move together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table money_requests (
      user_id integer not null references users(id) on delete cascade,
      request_id text not null check (length(request_id) between 1 and 64),
      kind text not null,
      fingerprint text not null,
      -- json, not jsonb: a retry gets the first answer as it was written, keys in the same order. Filled by the
      -- transaction that inserted the row, so a committed row always has it.
      answer json,
      created_at timestamptz not null default now(),
      primary key (user_id, request_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table money_requests`.execute(db);
}
