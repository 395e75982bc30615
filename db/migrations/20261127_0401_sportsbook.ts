import { sql, type Kysely } from 'kysely';

/**
 * Sportsbook: sports, competitions, events, markets, selections (odds as integers of 1/1000, so
 * 2.150 is 2150 and nothing is a float), every odds change (history), bets and their legs.
 *
 * A selection's `result` is set when its market is settled; `sports_markets.result_version` counts
 * result entries (a corrected result bumps it), and settlement jobs are keyed by market + version.
 * A bet's `paid_e8` is what settlement or cash-out has credited to the player so far; resettlement
 * compares it with the new outcome and posts new ledger transactions, never edits old ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sports (
      id serial primary key,
      name text not null unique,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table sports_competitions (
      id serial primary key,
      sport_id integer not null references sports(id),
      name text not null,
      created_at timestamptz not null default now(),
      unique (sport_id, name)
    )`.execute(db);
  await sql`
    create table sports_events (
      id bigserial primary key,
      competition_id integer not null references sports_competitions(id),
      home text not null,
      away text not null,
      starts_at timestamptz not null,
      status text not null default 'upcoming' check (status in ('upcoming', 'live', 'finished', 'cancelled')),
      source text not null check (source in ('operator', 'feed')),
      external_id text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (source, external_id)
    )`.execute(db);
  await sql`create index sports_events_status_idx on sports_events (status, starts_at)`.execute(db);
  await sql`
    create table sports_markets (
      id bigserial primary key,
      event_id bigint not null references sports_events(id),
      type text not null check (type in ('1x2', 'moneyline', 'totals', 'handicap')),
      line_milli integer,
      status text not null default 'open' check (status in ('open', 'suspended', 'settled')),
      result_version integer not null default 0,
      external_id text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (event_id, external_id)
    )`.execute(db);
  await sql`create index sports_markets_event_idx on sports_markets (event_id)`.execute(db);
  await sql`
    create table sports_selections (
      id bigserial primary key,
      market_id bigint not null references sports_markets(id),
      code text not null,
      name text not null,
      odds_milli integer not null check (odds_milli > 1000 and odds_milli <= 1000000),
      result text check (result in ('won', 'lost', 'void')),
      position integer not null default 0,
      updated_at timestamptz not null default now(),
      unique (market_id, code)
    )`.execute(db);
  await sql`
    create table sports_odds_history (
      id bigserial primary key,
      selection_id bigint not null references sports_selections(id),
      odds_milli integer not null,
      previous_odds_milli integer,
      source text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sports_odds_history_selection_idx on sports_odds_history (selection_id, id desc)`.execute(db);
  await sql`
    create table sports_bets (
      id bigserial primary key,
      user_id integer not null references users(id),
      client_id text not null,
      kind text not null check (kind in ('single', 'multi')),
      currency text not null check (currency in ('USD', 'BZU')),
      stake_e8 bigint not null check (stake_e8 > 0),
      potential_return_e8 bigint not null,
      status text not null default 'open' check (status in ('open', 'won', 'lost', 'void', 'cashed_out')),
      paid_e8 bigint not null default 0,
      settlement_count integer not null default 0,
      created_at timestamptz not null default now(),
      settled_at timestamptz,
      unique (user_id, client_id)
    )`.execute(db);
  await sql`create index sports_bets_user_idx on sports_bets (user_id, id desc)`.execute(db);
  await sql`
    create table sports_bet_legs (
      id bigserial primary key,
      bet_id bigint not null references sports_bets(id),
      event_id bigint not null references sports_events(id),
      market_id bigint not null references sports_markets(id),
      selection_id bigint not null references sports_selections(id),
      odds_milli integer not null,
      unique (bet_id, event_id)
    )`.execute(db);
  await sql`create index sports_bet_legs_market_idx on sports_bet_legs (market_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sports_bet_legs',
    'sports_bets',
    'sports_odds_history',
    'sports_selections',
    'sports_markets',
    'sports_events',
    'sports_competitions',
    'sports',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
