import { sql, type Kysely } from 'kysely';

/**
 * Withdrawal risk (issue 43; docs/operations.md "Withdrawal risk"): the review a `risk` staff member gives a
 * high-scoring withdrawal before `finance` may approve it (one per withdrawal), and the indexes its checks read:
 * other accounts seen at a session's address, and earlier withdrawals to a destination address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table withdrawal_risk_reviews (
      withdrawal_id bigint primary key references withdrawals(id) on delete restrict,
      reviewer_id integer not null references users(id) on delete restrict,
      score integer not null check (score between 0 and 100),
      note text not null check (length(note) between 1 and 1000),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sessions_ip_idx on sessions (ip, user_id) where ip is not null`.execute(db);
  await sql`create index withdrawals_address_idx on withdrawals (lower(address), user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index withdrawals_address_idx`.execute(db);
  await sql`drop index sessions_ip_idx`.execute(db);
  await sql`drop table withdrawal_risk_reviews`.execute(db);
}
