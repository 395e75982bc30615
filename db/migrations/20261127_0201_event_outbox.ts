import { sql, type Kysely } from 'kysely';

/**
 * Transactional event outbox: events that must not be lost (balance-update, ...) are written in
 * the same transaction as the change they report and published after commit; a row still
 * unpublished (the publish failed, or the process died in between) is published again by the
 * housekeeping sweep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table event_outbox (
      id bigserial primary key,
      type text not null,
      payload jsonb not null,
      -- Rows with the same key describe the same state (e.g. one user's balance in one currency):
      -- only the newest one is worth publishing late.
      coalesce_key text,
      created_at timestamptz not null default now(),
      attempts integer not null default 0,
      last_error text,
      published_at timestamptz
    )`.execute(db);
  await sql`create index event_outbox_unpublished_idx on event_outbox (id) where published_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table event_outbox`.execute(db);
}
