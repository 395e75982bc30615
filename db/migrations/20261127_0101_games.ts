import { sql, type Kysely } from 'kysely';

/**
 * Originals: provably-fair seed pairs and bets (FAIRNESS.md). Held by the database itself:
 * - one active seed pair per player;
 * - no two bets on a pair share a nonce;
 * - a clientBetId names one bet per player (a retried request finds the same bet);
 * - at most one open (multi-step) round per player.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table seed_pairs (
      id bigserial primary key,
      user_id integer not null references users(id) on delete restrict,
      server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
      server_seed_hash text not null,
      next_server_seed text not null check (next_server_seed ~ '^[0-9a-f]{64}$'),
      next_server_seed_hash text not null,
      client_seed text not null check (client_seed ~ '^[ -~]{1,64}$'),
      nonce integer not null default 0 check (nonce >= 0),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      revealed_at timestamptz,
      constraint seed_pairs_revealed_inactive check (revealed_at is null or not active)
    )`.execute(db);
  await sql`create unique index seed_pairs_one_active on seed_pairs (user_id) where active`.execute(db);
  await sql`create index seed_pairs_user_idx on seed_pairs (user_id, id desc)`.execute(db);

  await sql`
    create table bets (
      id bigserial primary key,
      user_id integer not null references users(id) on delete restrict,
      game text not null check (game in ('dice', 'limbo', 'plinko', 'keno', 'mines')),
      currency text not null check (currency in ('USD', 'BZU')),
      amount_e8 bigint not null check (amount_e8 > 0),
      payout_e8 bigint not null default 0 check (payout_e8 >= 0),
      multiplier text not null default '0.0000',
      state text not null check (state in ('open', 'won', 'lost')),
      params jsonb not null,
      outcome jsonb not null,
      seed_pair_id bigint not null references seed_pairs(id),
      nonce integer not null,
      client_bet_id text,
      high_roller boolean not null default false,
      created_at timestamptz not null default now(),
      settled_at timestamptz,
      constraint bets_pair_nonce_key unique (seed_pair_id, nonce),
      constraint bets_client_bet_id_key unique (user_id, client_bet_id)
    )`.execute(db);
  await sql`create index bets_user_idx on bets (user_id, id desc)`.execute(db);
  await sql`create index bets_settled_idx on bets (id desc) where state <> 'open'`.execute(db);
  await sql`create index bets_high_roller_idx on bets (id desc) where high_roller`.execute(db);
  await sql`create unique index bets_one_open_round on bets (user_id) where state = 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table bets`.execute(db);
  await sql`drop table seed_pairs`.execute(db);
}
