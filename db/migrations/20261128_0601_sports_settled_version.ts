import { sql, type Kysely } from 'kysely';

/**
 * `sports_markets.settled_version`: the result version whose settlement run finished. A market whose
 * `result_version` is ahead of it has results that no run has applied yet (its BullMQ job lost with
 * Redis' data, or still waiting); the housekeeping sweep settles those from Postgres alone. Markets
 * settled before this migration start at 0, so the sweep re-runs each once (settlement is idempotent
 * per bet) and heals any whose job was already lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sports_markets add column settled_version integer not null default 0`.execute(db);
  await sql`create index sports_markets_unsettled_idx on sports_markets (updated_at, id) where settled_version < result_version`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists sports_markets_unsettled_idx`.execute(db);
  await sql`alter table sports_markets drop column if exists settled_version`.execute(db);
}
