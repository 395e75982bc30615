import { sql, type Kysely } from 'kysely';

/**
 * Third-party game providers on the seamless wallet (issue 29; docs/providers.md).
 * - `providers`: one studio or aggregator. `secret` is the HMAC-SHA256 key both sides hold: the server must be able
 *   to compute the signature, so it is stored as given (not hashed); the admin API never shows it back.
 *   `origin` is what the launch page may frame (the CSP's frame-src lists the enabled providers' origins).
 * - `provider_games`: the provider's catalogue as the lobby shows it; `rtp_percent` is the declared RTP, exact.
 * - `provider_sessions`: the token a launch hands to the provider; it names player, game and currency.
 * - `provider_requests`: one row per (provider, requestId), written first in the request's transaction: a replay
 *   waits on the unique key and then reads the first answer, stored as text so it is returned byte for byte.
 * - `provider_transactions`: every bet, win and rollback (transaction id unique per provider), with the ledger
 *   transaction that moved the money (none for a zero win or a rollback of a bet never seen: that rollback is
 *   still recorded, so the bet arriving after it is refused).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table providers (
      id text primary key check (id ~ '^[a-z][a-z0-9-]{1,31}$'),
      name text not null check (length(name) between 1 and 80),
      secret text not null check (length(secret) between 16 and 200),
      origin text not null check (origin ~ '^https?://[^/?#]+$'),
      launch_url_template text not null check (length(launch_url_template) <= 1000),
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table provider_games (
      provider_id text not null references providers(id) on delete restrict,
      game_id text not null check (game_id ~ '^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$'),
      name text not null check (length(name) between 1 and 80),
      category text not null check (category in ('slots', 'live', 'gameshows', 'roulette', 'blackjack', 'bingo')),
      rtp_percent numeric(7, 4) not null check (rtp_percent > 0 and rtp_percent <= 100),
      thumbnail_url text check (thumbnail_url is null or length(thumbnail_url) <= 1000),
      launch_url_template text check (launch_url_template is null or length(launch_url_template) <= 1000),
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (provider_id, game_id)
    )`.execute(db);
  await sql`create index provider_games_category_idx on provider_games (category) where enabled`.execute(db);
  await sql`
    create table provider_sessions (
      token text primary key,
      provider_id text not null references providers(id) on delete restrict,
      game_id text not null,
      user_id integer not null references users(id) on delete restrict,
      currency text not null check (currency in ('USD', 'BZU')),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      foreign key (provider_id, game_id) references provider_games(provider_id, game_id)
    )`.execute(db);
  await sql`
    create table provider_requests (
      provider_id text not null references providers(id) on delete restrict,
      request_id text not null,
      action text not null,
      body_sha256 text not null,
      -- Null only inside the first request's transaction; committed rows always hold the answer.
      response_code text,
      response_body text,
      created_at timestamptz not null default now(),
      primary key (provider_id, request_id)
    )`.execute(db);
  await sql`
    create table provider_transactions (
      id bigserial primary key,
      provider_id text not null references providers(id) on delete restrict,
      transaction_id text not null,
      request_id text not null,
      kind text not null check (kind in ('bet', 'win', 'rollback')),
      round_id text not null,
      game_id text not null,
      reference_transaction_id text,
      amount_e8 bigint not null check (amount_e8 >= 0),
      currency text not null check (currency in ('USD', 'BZU')),
      user_id integer not null references users(id) on delete restrict,
      ledger_transaction_id bigint references ledger_transactions(id),
      created_at timestamptz not null default now(),
      unique (provider_id, transaction_id),
      check ((kind = 'rollback') = (reference_transaction_id is not null))
    )`.execute(db);
  // A bet is rolled back at most once; the rollback's row is what refuses the bet arriving after it.
  await sql`create unique index provider_transactions_one_rollback on provider_transactions (provider_id, reference_transaction_id) where kind = 'rollback'`.execute(
    db,
  );
  await sql`create index provider_transactions_round_idx on provider_transactions (provider_id, user_id, round_id)`.execute(
    db,
  );
  await sql`create index provider_transactions_day_idx on provider_transactions (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table provider_transactions`.execute(db);
  await sql`drop table provider_requests`.execute(db);
  await sql`drop table provider_sessions`.execute(db);
  await sql`drop table provider_games`.execute(db);
  await sql`drop table providers`.execute(db);
}
