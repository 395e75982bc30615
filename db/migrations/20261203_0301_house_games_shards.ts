import { sql, type Kysely } from 'kysely';

/**
 * The games house account in 16 shards (issue #47 point 1, db/repositories/house-shards.ts): the existing
 * `house:games` rows stay as shard 0 with their balance and history, so no money moves and every total is as it was;
 * every shard missing (1..15, and shard 0 on a database never played on) is created at zero in both currencies up
 * front, so the first bets of a shard do not race to create it.
 * The shard count is fixed by the code (GAMES_HOUSE_SHARDS); this migration must create the same number.
 */
const SHARDS = 16;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into ledger_accounts (code, currency, kind)
    select case when shard = 0 then 'house:games' else 'house:games:' || shard end, currency, 'house'
    from generate_series(0, ${SHARDS - 1}::int) shard cross join (values ('USD'), ('BZU')) c(currency)
    order by shard, currency
    on conflict (code, currency) do nothing`.execute(db);
}

/** Only while the shards are unused: once they carry entries, folding them back is a ledger transaction, not DDL. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const used = await sql<{ n: string }>`
    select count(*)::text as n from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where a.code like 'house:games:%'`.execute(db);
  if (used.rows[0]!.n !== '0') throw new Error('house:games shards carry entries: move their balances back first');
  await sql`delete from ledger_accounts where code like 'house:games:%'`.execute(db);
  // Shard 0 is the original account: kept.
}
