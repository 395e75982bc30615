import { sql, type Kysely } from 'kysely';

/**
 * Round games (issue 27: crash first; the wheel and bingo later): one public round for every player, outcomes from a
 * hash chain per game (FAIRNESS.md "Round games").
 * - `round_chains`: a game's chain, its terminal hash h[0] and salt, published before round 1.
 * - `round_chain_checkpoints`: every K-th hash of the chain (and the seed h[N]); any h[n] is recomputed forward from
 *   the nearest checkpoint above it, so no process holds the whole chain (docs/architecture.md "Round games").
 * - `rounds`: one row per round; `hash` is secret until the round ended (only `revealed` rounds show it).
 * - `bets.round_id`: a round game's bet names its round; such bets wait 'open' for the round's end, so the
 *   one-open-round rule of multi-step games leaves them out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table round_chains (
      id bigserial primary key,
      game text not null check (game ~ '^[a-z][a-z0-9-]{0,31}$'),
      length integer not null check (length > 0),
      checkpoint_every integer not null check (checkpoint_every > 0),
      terminal_hash text not null check (terminal_hash ~ '^[0-9a-f]{64}$'),
      -- Null until the operator fixes it (after the terminal hash was published, before round 1: FAIRNESS.md).
      salt text check (salt is null or length(salt) between 1 and 200),
      salt_set_at timestamptz,
      committed_at timestamptz not null default now(),
      active boolean not null default true
    )`.execute(db);
  await sql`create unique index round_chains_one_active on round_chains (game) where active`.execute(db);
  await sql`
    create table round_chain_checkpoints (
      chain_id bigint not null references round_chains(id) on delete cascade,
      idx integer not null check (idx >= 0),
      hash text not null check (hash ~ '^[0-9a-f]{64}$'),
      primary key (chain_id, idx)
    )`.execute(db);
  await sql`
    create table rounds (
      id bigserial primary key,
      game text not null,
      chain_id bigint not null references round_chains(id),
      number integer not null check (number > 0),
      state text not null check (state in ('queued', 'betting', 'running', 'ended', 'cancelled')),
      hash text not null check (hash ~ '^[0-9a-f]{64}$'),
      result jsonb,
      betting_ends_at timestamptz,
      started_at timestamptz,
      ended_at timestamptz,
      created_at timestamptz not null default now(),
      constraint rounds_chain_number_key unique (chain_id, number)
    )`.execute(db);
  // At most one round of a game takes bets (queued or betting) and at most one runs.
  await sql`create unique index rounds_one_open on rounds (game) where state in ('queued', 'betting')`.execute(db);
  await sql`create unique index rounds_one_running on rounds (game) where state = 'running'`.execute(db);
  await sql`create index rounds_ended_idx on rounds (game, id desc) where state in ('ended', 'cancelled')`.execute(db);

  await sql`alter table bets add column round_id bigint references rounds(id)`.execute(db);
  await sql`create index bets_round_idx on bets (round_id, id) where round_id is not null`.execute(db);
  await sql`drop index bets_one_open_round`.execute(db);
  await sql`create unique index bets_one_open_round on bets (user_id) where state = 'open' and round_id is null`.execute(
    db,
  );
  // One bet per player per round: a second click is a conflict, not a second stake.
  await sql`create unique index bets_one_per_round on bets (round_id, user_id) where round_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index bets_one_per_round`.execute(db);
  await sql`drop index bets_one_open_round`.execute(db);
  await sql`create unique index bets_one_open_round on bets (user_id) where state = 'open'`.execute(db);
  await sql`drop index bets_round_idx`.execute(db);
  await sql`alter table bets drop column round_id`.execute(db);
  await sql`drop table rounds`.execute(db);
  await sql`drop table round_chain_checkpoints`.execute(db);
  await sql`drop table round_chains`.execute(db);
}
