import { sql, type Kysely } from 'kysely';

/**
 * Wallet: a double-entry ledger (accounts, transactions, entries), deposit addresses, deposits,
 * withdrawals, deposit limits and referral commissions (self_exclusions is the chat migration's). Amounts are BIGINT
 * integers of 1e-8 currency units.
 *
 * Invariants held by the database itself:
 * - a user account's balance never goes below zero (CHECK);
 * - every transaction's entries sum to zero per currency (deferred constraint trigger, checked at
 *   commit, so a transaction is written entry by entry but can only commit balanced);
 * - an entry's currency is its account's currency (composite foreign key);
 * - each business event posts at most one transaction (unique idempotency key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ledger_accounts (
      id bigserial primary key,
      code text not null,
      currency text not null check (currency in ('USD', 'BZU')),
      kind text not null check (kind in ('user', 'house')),
      user_id integer references users(id) on delete restrict,
      balance_e8 bigint not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint ledger_accounts_code_currency_key unique (code, currency),
      constraint ledger_accounts_id_currency_key unique (id, currency),
      constraint ledger_accounts_user_owner check ((kind = 'user') = (user_id is not null)),
      constraint ledger_accounts_user_non_negative check (kind = 'house' or balance_e8 >= 0)
    )`.execute(db);
  await sql`create index ledger_accounts_user_idx on ledger_accounts (user_id) where user_id is not null`.execute(db);

  await sql`
    create table ledger_transactions (
      id bigserial primary key,
      idempotency_key text not null unique,
      kind text not null,
      user_id integer references users(id) on delete restrict,
      memo jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ledger_transactions_user_idx on ledger_transactions (user_id, id desc)`.execute(db);

  await sql`
    create table ledger_entries (
      id bigserial primary key,
      transaction_id bigint not null references ledger_transactions(id) on delete restrict,
      account_id bigint not null,
      currency text not null,
      amount_e8 bigint not null check (amount_e8 <> 0),
      balance_after_e8 bigint not null,
      constraint ledger_entries_account_fk foreign key (account_id, currency) references ledger_accounts (id, currency)
    )`.execute(db);
  await sql`create index ledger_entries_tx_idx on ledger_entries (transaction_id)`.execute(db);
  await sql`create index ledger_entries_account_idx on ledger_entries (account_id, id desc)`.execute(db);

  await sql`
    create function ledger_assert_balanced() returns trigger language plpgsql as $$
    declare
      bad text;
    begin
      select currency into bad from ledger_entries
        where transaction_id = new.transaction_id
        group by currency having sum(amount_e8) <> 0
        limit 1;
      if bad is not null then
        raise exception 'ledger transaction % does not balance in %', new.transaction_id, bad
          using errcode = '23514';
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create constraint trigger ledger_entries_balanced
      after insert on ledger_entries
      deferrable initially deferred
      for each row execute function ledger_assert_balanced()`.execute(db);
  // Ledger rows are history: never rewritten.
  await sql`
    create function ledger_forbid_change() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger history is append-only' using errcode = '42501';
    end
    $$`.execute(db);
  await sql`create trigger ledger_entries_append_only before update or delete on ledger_entries for each statement execute function ledger_forbid_change()`.execute(
    db,
  );
  await sql`create trigger ledger_transactions_append_only before update or delete on ledger_transactions for each statement execute function ledger_forbid_change()`.execute(
    db,
  );

  await sql`
    create table deposit_addresses (
      id bigserial primary key,
      user_id integer not null references users(id) on delete restrict,
      network text not null,
      address text not null unique,
      derivation_path text not null,
      created_at timestamptz not null default now(),
      constraint deposit_addresses_user_network_key unique (user_id, network)
    )`.execute(db);

  await sql`
    create table deposits (
      id bigserial primary key,
      user_id integer not null references users(id) on delete restrict,
      network text not null,
      asset text not null,
      currency text not null check (currency in ('USD', 'BZU')),
      address text not null,
      tx_hash text not null,
      output_index integer not null default 0,
      amount_e8 bigint not null check (amount_e8 > 0),
      confirmations integer not null default 0,
      required_confirmations integer not null,
      status text not null default 'PENDING' check (status in ('PENDING', 'CREDITED')),
      flags text[] not null default '{}',
      ledger_transaction_id bigint references ledger_transactions(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      credited_at timestamptz,
      constraint deposits_chain_key unique (network, tx_hash, output_index),
      constraint deposits_credited_has_tx check ((status = 'CREDITED') = (ledger_transaction_id is not null))
    )`.execute(db);
  await sql`create index deposits_user_idx on deposits (user_id, id desc)`.execute(db);

  await sql`
    create table withdrawals (
      id bigserial primary key,
      user_id integer not null references users(id) on delete restrict,
      currency text not null check (currency in ('USD', 'BZU')),
      asset text not null,
      network text not null,
      address text not null,
      amount_e8 bigint not null check (amount_e8 > 0),
      fee_e8 bigint not null check (fee_e8 >= 0),
      status text not null default 'PENDING' check (status in ('PENDING', 'APPROVED', 'SENT', 'REJECTED', 'FAILED')),
      txid text,
      reason text,
      decided_by integer references users(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      decided_at timestamptz,
      sent_at timestamptz,
      constraint withdrawals_sent_has_txid check (status <> 'SENT' or txid is not null)
    )`.execute(db);
  await sql`create index withdrawals_user_idx on withdrawals (user_id, id desc)`.execute(db);
  await sql`create index withdrawals_status_idx on withdrawals (status, id)`.execute(db);

  await sql`
    create table deposit_limits (
      user_id integer not null references users(id) on delete cascade,
      period text not null check (period in ('day', 'week', 'month')),
      amount_e8 bigint check (amount_e8 >= 0),
      pending_amount_e8 bigint check (pending_amount_e8 >= 0),
      pending_removal boolean not null default false,
      pending_effective_at timestamptz,
      updated_at timestamptz not null default now(),
      primary key (user_id, period)
    )`.execute(db);

  // self_exclusions, which the wallet writes, is created by the chat migration (20261124_0001_chat.ts), which runs first.

  await sql`
    create table referral_commissions (
      id bigserial primary key,
      referrer_id integer not null references users(id) on delete restrict,
      referee_id integer references users(id) on delete restrict,
      source_key text not null unique,
      currency text not null check (currency in ('USD', 'BZU')),
      wagered_e8 bigint not null check (wagered_e8 >= 0),
      house_edge_ppm integer not null check (house_edge_ppm between 0 and 1000000),
      rate_ppm integer not null check (rate_ppm between 0 and 1000000),
      commission_e8 bigint not null check (commission_e8 >= 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index referral_commissions_referrer_idx on referral_commissions (referrer_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'referral_commissions',
    'deposit_limits',
    'withdrawals',
    'deposits',
    'deposit_addresses',
    'ledger_entries',
    'ledger_transactions',
    'ledger_accounts',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists ledger_assert_balanced()`.execute(db);
  await sql`drop function if exists ledger_forbid_change()`.execute(db);
}
