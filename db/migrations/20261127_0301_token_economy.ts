import { sql, type Kysely } from 'kysely';

/**
 * Token economy: trades against the BZU/USD pool and hourly buy-and-burn.
 *
 * - token_swaps gains who traded (null for the house's buy-and-burn), the fee, the spot price after
 *   the swap and the ledger transaction it belongs to;
 * - token_burns gains the burn formula's inputs (period, revenue, share, USD spent, price);
 * - token_burn_periods holds one row per closed hour the burn job looked at: burned or skipped
 *   (with the reason), unique per period so a retried or duplicated job burns once;
 * - the pool's reserves move into the ledger: house:bzu-pool holds them (in USD and BZU) against
 *   house:bzu-genesis, and BZU already burned is moved to house:burned, so the ledger check can
 *   compare token_pools and token_supply with the ledger from here on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table token_swaps
      add column user_id integer references users(id) on delete restrict,
      add column kind text not null default 'trade' check (kind in ('trade', 'burn')),
      add column fee_e8 bigint not null default 0 check (fee_e8 >= 0),
      add column price_after_e8 bigint,
      add column ledger_transaction_id bigint references ledger_transactions(id)`.execute(db);
  await sql`create index token_swaps_user_idx on token_swaps (user_id, id) where user_id is not null`.execute(db);

  await sql`
    alter table token_burns
      add column period_start timestamptz,
      add column period_end timestamptz,
      add column revenue_e8 bigint,
      add column share_ppm integer,
      add column usd_spent_e8 bigint,
      add column price_e8 bigint,
      add column ledger_transaction_id bigint references ledger_transactions(id)`.execute(db);

  await sql`
    create table token_burn_periods (
      period_start timestamptz primary key,
      period_end timestamptz not null,
      revenue_e8 bigint not null,
      share_ppm integer not null check (share_ppm between 0 and 1000000),
      status text not null check (status in ('burned', 'skipped')),
      reason text,
      burn_id bigint references token_burns(id),
      created_at timestamptz not null default now(),
      constraint token_burn_periods_burned_has_burn check ((status = 'burned') = (burn_id is not null))
    )`.execute(db);

  // Genesis of the pool (and of BZU burned before this migration) in the ledger.
  await sql`
    insert into ledger_accounts (code, currency, kind)
    values ('house:bzu-pool', 'USD', 'house'), ('house:bzu-pool', 'BZU', 'house'),
           ('house:bzu-genesis', 'USD', 'house'), ('house:bzu-genesis', 'BZU', 'house'),
           ('house:burned', 'BZU', 'house')
    on conflict (code, currency) do nothing`.execute(db);
  await sql`
    insert into ledger_transactions (idempotency_key, kind, memo)
    values ('token:pool-genesis', 'token:genesis', '{"reason":"BZU/USD pool reserves and earlier burns enter the ledger"}'::jsonb)
    on conflict (idempotency_key) do nothing`.execute(db);
  const legs = sql`
    with tx as (select id from ledger_transactions where idempotency_key = 'token:pool-genesis'),
    pool as (select reserve_bzu_e8, reserve_usd_e8 from token_pools where id = 'BZU/USD'),
    supply as (select burned_e8 from token_supply where symbol = 'BZU'),
    amounts(code, currency, amount) as (
      select 'house:bzu-pool', 'USD', (select reserve_usd_e8 from pool)
      union all select 'house:bzu-genesis', 'USD', -(select reserve_usd_e8 from pool)
      union all select 'house:bzu-pool', 'BZU', (select reserve_bzu_e8 from pool)
      union all select 'house:burned', 'BZU', coalesce((select burned_e8 from supply), 0)
      union all select 'house:bzu-genesis', 'BZU', -((select reserve_bzu_e8 from pool) + coalesce((select burned_e8 from supply), 0))
    )
    insert into ledger_entries (transaction_id, account_id, currency, amount_e8, balance_after_e8)
    select tx.id, a.id, a.currency, amounts.amount, a.balance_e8 + amounts.amount
    from amounts join ledger_accounts a on a.code = amounts.code and a.currency = amounts.currency, tx
    where amounts.amount is not null and amounts.amount <> 0
      and not exists (select 1 from ledger_entries e where e.transaction_id = tx.id)
    returning account_id, amount_e8`;
  const { rows } = await legs.execute(db);
  for (const row of rows as { account_id: string; amount_e8: string }[]) {
    await sql`update ledger_accounts set balance_e8 = balance_e8 + ${row.amount_e8}::bigint, updated_at = now() where id = ${row.account_id}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists token_burn_periods`.execute(db);
  await sql`alter table token_burns drop column if exists period_start, drop column if exists period_end, drop column if exists revenue_e8,
    drop column if exists share_ppm, drop column if exists usd_spent_e8, drop column if exists price_e8, drop column if exists ledger_transaction_id`.execute(
    db,
  );
  await sql`alter table token_swaps drop column if exists user_id, drop column if exists kind, drop column if exists fee_e8,
    drop column if exists price_after_e8, drop column if exists ledger_transaction_id`.execute(db);
}
