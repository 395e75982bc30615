import { sql, type Kysely } from 'kysely';

/**
 * Promotions (issue #42): wager races, promo codes and reloads an operator runs from the console.
 * - promotions: one row per promotion whatever its kind; the kind's own columns are checked per kind. Its status
 *   (active, paused, ended) is the operator's switch; a race's `finalised_at` says its board was frozen.
 * - race_bets: which settled bets a race counted (primary key race + bet: a repeated accrual counts once);
 *   race_entries: each player's running total and when it reached it (ties rank by that), what the board reads.
 * - race_results: a finished race's frozen board (top places with their prizes), kept for good.
 * - promotion_awards: every grant, one row per (promotion, player[, period] | place) under a unique key that is also
 *   its ledger transaction's key: pending until its one ledger posting from house:promotions, then paid.
 * - promotion_opt_outs: players who asked not to be offered promotions (settings).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table promotions (
      id bigserial primary key,
      kind text not null check (kind in ('race', 'code', 'reload')),
      name text not null check (length(name) between 1 and 80),
      currency text not null check (currency in ('USD', 'BZU')),
      status text not null default 'active' check (status in ('active', 'paused', 'ended')),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      games text[] not null default '{}',
      pool_e8 bigint check (pool_e8 > 0),
      prize_shares_ppm integer[],
      prize_amounts_e8 bigint[],
      finalised_at timestamptz,
      code text unique check (code ~ '^[A-Z0-9_-]{3,32}$'),
      max_uses integer check (max_uses > 0),
      uses integer not null default 0 check (uses >= 0),
      grant_e8 bigint check (grant_e8 > 0),
      reload_period text check (reload_period in ('day', 'week')),
      rate_ppm integer check (rate_ppm between 1 and 1000000),
      cap_e8 bigint check (cap_e8 > 0),
      created_by integer references users(id) on delete restrict,
      created_at timestamptz not null default now(),
      constraint promotions_window check (starts_at < ends_at),
      constraint promotions_race check (kind <> 'race' or (prize_amounts_e8 is not null and cardinality(prize_amounts_e8) between 1 and 100)),
      constraint promotions_code check (kind <> 'code' or (code is not null and max_uses is not null and grant_e8 is not null and uses <= max_uses)),
      constraint promotions_reload check (kind <> 'reload' or (reload_period is not null and rate_ppm is not null and cap_e8 is not null))
    )`.execute(db);
  await sql`create index promotions_kind_idx on promotions (kind, id desc)`.execute(db);
  // The job's question: which races are past their end and not finalised yet.
  await sql`create index promotions_races_due on promotions (ends_at) where kind = 'race' and finalised_at is null`.execute(
    db,
  );

  await sql`
    create table race_bets (
      race_id bigint not null references promotions(id) on delete restrict,
      bet_id bigint not null,
      user_id integer not null references users(id) on delete restrict,
      amount_e8 bigint not null check (amount_e8 > 0),
      settled_at timestamptz not null,
      primary key (race_id, bet_id)
    )`.execute(db);

  await sql`
    create table race_entries (
      race_id bigint not null references promotions(id) on delete restrict,
      user_id integer not null references users(id) on delete restrict,
      wagered_e8 bigint not null check (wagered_e8 > 0),
      reached_at timestamptz not null,
      primary key (race_id, user_id)
    )`.execute(db);
  // The board: most wagered first, then who reached it first. The top of it is an index range, not a sort.
  await sql`create index race_entries_board on race_entries (race_id, wagered_e8 desc, reached_at, user_id)`.execute(
    db,
  );

  await sql`
    create table race_results (
      race_id bigint not null references promotions(id) on delete restrict,
      place integer not null check (place > 0),
      user_id integer not null references users(id) on delete restrict,
      wagered_e8 bigint not null check (wagered_e8 > 0),
      reached_at timestamptz not null,
      prize_e8 bigint not null default 0 check (prize_e8 >= 0),
      primary key (race_id, place),
      unique (race_id, user_id)
    )`.execute(db);

  await sql`
    create table promotion_awards (
      id bigserial primary key,
      promotion_id bigint not null references promotions(id) on delete restrict,
      user_id integer not null references users(id) on delete restrict,
      currency text not null check (currency in ('USD', 'BZU')),
      amount_e8 bigint not null check (amount_e8 > 0),
      status text not null default 'pending' check (status in ('pending', 'paid', 'forfeited')),
      key text not null unique,
      ledger_transaction_id bigint,
      created_at timestamptz not null default now(),
      settled_at timestamptz,
      constraint promotion_awards_paid check ((status = 'paid') = (ledger_transaction_id is not null))
    )`.execute(db);
  await sql`create index promotion_awards_promotion_idx on promotion_awards (promotion_id, status)`.execute(db);
  await sql`create index promotion_awards_day_idx on promotion_awards (created_at)`.execute(db);

  await sql`
    create table promotion_opt_outs (
      user_id integer primary key references users(id) on delete restrict,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table promotion_opt_outs`.execute(db);
  await sql`drop table promotion_awards`.execute(db);
  await sql`drop table race_results`.execute(db);
  await sql`drop table race_entries`.execute(db);
  await sql`drop table race_bets`.execute(db);
  await sql`drop table promotions`.execute(db);
}
