import { sql, type Kysely } from 'kysely';

/**
 * Raffles (issue #14). One row per period (closes_at unique, so the scheduler and a retried job find the same raffle),
 * moving open -> closed -> drawn under a row lock. Money moves only through the ledger (house:games -> house:raffle at
 * close, house:raffle -> winners at the draw); these tables record why, and make each step happen once:
 * - raffle_entrants: the closed raffle's published entrants list (the CSV the entrants hash covers);
 * - raffle_prizes: one row per awarded prize (primary key raffle_id, prize_index), written with the payout;
 * - raffle_free_entries: one free ticket per player and raffle (primary key), only while the raffle is open.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table raffles (
      id bigserial primary key,
      opens_at timestamptz not null,
      closes_at timestamptz not null unique,
      status text not null default 'open' check (status in ('open', 'closed', 'drawn')),
      server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
      server_seed_hash text not null check (server_seed_hash ~ '^[0-9a-f]{64}$'),
      entrants_hash text check (entrants_hash ~ '^[0-9a-f]{64}$'),
      total_tickets bigint check (total_tickets >= 0),
      players integer check (players >= 0),
      revenue_e8 bigint,
      revenue_share_ppm integer not null check (revenue_share_ppm between 0 and 1000000),
      funded_e8 bigint check (funded_e8 >= 0),
      jackpot_e8 bigint check (jackpot_e8 >= 0),
      pool_e8 bigint check (pool_e8 >= 0),
      paid_e8 bigint check (paid_e8 >= 0),
      prize_shares_ppm jsonb not null,
      usd_per_ticket_e8 bigint not null check (usd_per_ticket_e8 >= 0),
      bzu_per_ticket_e8 bigint not null check (bzu_per_ticket_e8 >= 0),
      closed_at timestamptz,
      drawn_at timestamptz,
      created_at timestamptz not null default now(),
      constraint raffles_period check (opens_at < closes_at),
      constraint raffles_closed_has_list check (status = 'open' or (entrants_hash is not null and total_tickets is not null and pool_e8 is not null)),
      constraint raffles_drawn_at check ((status = 'drawn') = (drawn_at is not null))
    )`.execute(db);
  // At most one raffle takes tickets at a time.
  await sql`create unique index raffles_one_open on raffles ((true)) where status = 'open'`.execute(db);
  await sql`create index raffles_drawn_idx on raffles (id desc) where status = 'drawn'`.execute(db);

  await sql`
    create table raffle_free_entries (
      raffle_id bigint not null references raffles(id) on delete cascade,
      user_id integer not null references users(id) on delete restrict,
      created_at timestamptz not null default now(),
      primary key (raffle_id, user_id)
    )`.execute(db);

  await sql`
    create table raffle_entrants (
      raffle_id bigint not null references raffles(id) on delete cascade,
      user_id integer not null references users(id) on delete restrict,
      tickets integer not null check (tickets > 0),
      first_ticket integer not null check (first_ticket >= 0),
      last_ticket integer not null,
      wagered_usd_e8 bigint not null default 0 check (wagered_usd_e8 >= 0),
      wagered_bzu_e8 bigint not null default 0 check (wagered_bzu_e8 >= 0),
      holder_bonus integer not null default 0 check (holder_bonus >= 0),
      free_entry boolean not null default false,
      primary key (raffle_id, user_id),
      constraint raffle_entrants_range check (last_ticket = first_ticket + tickets - 1)
    )`.execute(db);

  await sql`
    create table raffle_prizes (
      raffle_id bigint not null references raffles(id) on delete cascade,
      prize_index integer not null check (prize_index >= 0),
      amount_e8 bigint not null check (amount_e8 >= 0),
      ticket integer not null check (ticket >= 0),
      user_id integer not null references users(id) on delete restrict,
      ledger_transaction_id bigint references ledger_transactions(id),
      primary key (raffle_id, prize_index),
      unique (raffle_id, ticket)
    )`.execute(db);
  await sql`create index raffle_prizes_user_idx on raffle_prizes (user_id)`.execute(db);

  // The draw's Trollbox line has no author, like a rain line.
  await sql`alter table chat_messages drop constraint if exists chat_messages_kind_check`.execute(db);
  await sql`alter table chat_messages add constraint chat_messages_kind_check check (kind in ('user', 'tip', 'rain', 'raffle'))`.execute(
    db,
  );
  await sql`alter table chat_messages drop constraint chat_messages_author`.execute(db);
  await sql`alter table chat_messages add constraint chat_messages_author check (kind in ('rain', 'raffle') or user_id is not null)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from chat_messages where kind = 'raffle'`.execute(db);
  await sql`alter table chat_messages drop constraint chat_messages_author`.execute(db);
  await sql`alter table chat_messages add constraint chat_messages_author check (kind = 'rain' or user_id is not null)`.execute(
    db,
  );
  await sql`alter table chat_messages drop constraint chat_messages_kind_check`.execute(db);
  await sql`alter table chat_messages add constraint chat_messages_kind_check check (kind in ('user', 'tip', 'rain'))`.execute(
    db,
  );
  await sql`drop table raffle_prizes`.execute(db);
  await sql`drop table raffle_entrants`.execute(db);
  await sql`drop table raffle_free_entries`.execute(db);
  await sql`drop table raffles`.execute(db);
}
