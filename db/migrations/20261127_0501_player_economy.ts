import { sql, type Kysely } from 'kysely';

/**
 * Player economy (issue #12): experience and ranks, rakeback accruals, tips, rain, and chat lines
 * that are not typed by a player (tips and rain). Money moves only through the ledger; these tables
 * record why it moved and make each business event happen once:
 * - bet_economy: one row per settled bet (primary key bet_id), so XP and rakeback accrue once per bet;
 * - tips: one row per tip, written in the ledger transaction that moves the money;
 * - rains: one row per rain id (primary key), so a retried rain job pays once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table player_xp (
      user_id integer primary key references users(id) on delete cascade,
      xp_e8 bigint not null default 0 check (xp_e8 >= 0),
      rank text not null default 'unranked',
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table bet_economy (
      bet_id text primary key,
      user_id integer not null references users(id) on delete restrict,
      currency text not null check (currency in ('USD', 'BZU')),
      wagered_e8 bigint not null check (wagered_e8 > 0),
      house_edge_ppm integer not null check (house_edge_ppm between 0 and 1000000),
      usd_value_e8 bigint not null check (usd_value_e8 >= 0),
      xp_e8 bigint not null check (xp_e8 >= 0),
      rank_before text not null,
      rank_after text not null,
      rakeback_share_ppm integer not null,
      boost_ppm integer not null,
      rakeback_e8 bigint not null check (rakeback_e8 >= 0),
      claimed_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index bet_economy_user_idx on bet_economy (user_id, created_at desc)`.execute(db);

  await sql`
    create table tips (
      id bigserial primary key,
      sender_id integer not null references users(id) on delete restrict,
      recipient_id integer not null references users(id) on delete restrict,
      currency text not null check (currency in ('USD', 'BZU')),
      amount_e8 bigint not null check (amount_e8 > 0),
      private boolean not null default false,
      ledger_transaction_id bigint not null references ledger_transactions(id),
      created_at timestamptz not null default now(),
      constraint tips_not_self check (sender_id <> recipient_id)
    )`.execute(db);
  await sql`create index tips_sender_idx on tips (sender_id, created_at desc)`.execute(db);
  await sql`create index tips_recipient_idx on tips (recipient_id, created_at desc)`.execute(db);

  await sql`
    create table rains (
      id text primary key,
      period_start timestamptz not null,
      period_end timestamptz not null,
      recipients integer not null check (recipients >= 0),
      funded_usd_e8 bigint not null default 0,
      funded_bzu_e8 bigint not null default 0,
      share_usd_e8 bigint not null default 0 check (share_usd_e8 >= 0),
      share_bzu_e8 bigint not null default 0 check (share_bzu_e8 >= 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table rain_recipients (
      rain_id text not null references rains(id) on delete cascade,
      user_id integer not null references users(id) on delete restrict,
      primary key (rain_id, user_id)
    )`.execute(db);

  // Chat lines the platform writes (a tip, a rain) carry a kind; a rain line has no author.
  // user_rank is the sender's rank when the message was sent, so a stored line keeps its colour.
  await sql`alter table chat_messages add column kind text not null default 'user' check (kind in ('user', 'tip', 'rain'))`.execute(
    db,
  );
  await sql`alter table chat_messages add column user_rank text`.execute(db);
  await sql`alter table chat_messages alter column user_id drop not null`.execute(db);
  await sql`alter table chat_messages add constraint chat_messages_author check (kind = 'rain' or user_id is not null)`.execute(
    db,
  );
  await sql`alter table chat_messages drop constraint if exists chat_messages_message_check`.execute(db);
  await sql`alter table chat_messages add constraint chat_messages_message_length check (char_length(message) between 1 and 500)`.execute(
    db,
  );
  // Rain eligibility reads who chatted in the last hour.
  await sql`create index chat_messages_user_time_idx on chat_messages (user_id, created_at desc) where kind = 'user'`.execute(
    db,
  );
  // ... and who wagered in the last 7 days.
  await sql`create index if not exists bets_user_created_idx on bets (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bets_user_created_idx`.execute(db);
  await sql`drop index if exists chat_messages_user_time_idx`.execute(db);
  await sql`delete from chat_messages where kind = 'rain'`.execute(db);
  await sql`alter table chat_messages drop constraint chat_messages_message_length`.execute(db);
  await sql`alter table chat_messages drop constraint chat_messages_author`.execute(db);
  await sql`alter table chat_messages alter column user_id set not null`.execute(db);
  await sql`alter table chat_messages drop column user_rank`.execute(db);
  await sql`alter table chat_messages drop column kind`.execute(db);
  await sql`drop table rain_recipients`.execute(db);
  await sql`drop table rains`.execute(db);
  await sql`drop table tips`.execute(db);
  await sql`drop table bet_economy`.execute(db);
  await sql`drop table player_xp`.execute(db);
}
