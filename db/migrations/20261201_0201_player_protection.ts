import { sql, type Kysely } from 'kysely';

/**
 * Player protection (issue 44): loss and wager limits with their running totals, time-outs and account closure as
 * kinds of the one exclusion row (so every exclusion check covers them), and an append-only audit of every change.
 *
 * - play_limits: one row per (player, kind, period); amounts in USD 1e-8 units. A raise or removal waits 24 h in the
 *   pending columns; the bet path reads the effective amount with one expression (playLimitInForceSql).
 * - play_limit_totals: the running totals of the current calendar window (UTC day, ISO week, month) per player and
 *   period, updated by the bet's own transaction with one conditional upsert; a row from an older window counts as zero.
 *   Rows exist only for players who set a limit: totals start counting when the first limit is set.
 * - responsible_gaming_audit: who changed what, when, from what to what; updates and deletes are refused by a trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table play_limits (
      user_id integer not null references users(id) on delete cascade,
      kind text not null check (kind in ('loss', 'wager')),
      period text not null check (period in ('day', 'week', 'month')),
      amount_e8 bigint check (amount_e8 is null or amount_e8 > 0),
      pending_amount_e8 bigint check (pending_amount_e8 is null or pending_amount_e8 > 0),
      pending_removal boolean not null default false,
      pending_effective_at timestamptz,
      updated_at timestamptz not null default now(),
      primary key (user_id, kind, period)
    )`.execute(db);
  await sql`
    create table play_limit_totals (
      user_id integer not null references users(id) on delete cascade,
      period text not null check (period in ('day', 'week', 'month')),
      window_start timestamptz not null,
      staked_e8 bigint not null default 0,
      net_loss_e8 bigint not null default 0,
      loss_limit_e8 bigint,
      wager_limit_e8 bigint,
      primary key (user_id, period)
    )`.execute(db);
  // A session-time limit: a play session lasts at most `minutes` from its first stake; after it, no stake until the
  // cool-down has passed, then the next stake starts a new session. A longer limit or cool-down waits 24 h (pending_*).
  await sql`
    create table session_time_limits (
      user_id integer primary key references users(id) on delete cascade,
      minutes integer check (minutes between 5 and 1440),
      cooldown_minutes integer not null check (cooldown_minutes between 5 and 1440),
      pending_minutes integer check (pending_minutes between 5 and 1440),
      pending_cooldown_minutes integer check (pending_cooldown_minutes between 5 and 1440),
      pending_removal boolean not null default false,
      pending_effective_at timestamptz,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table play_sessions (
      user_id integer primary key references users(id) on delete cascade,
      started_at timestamptz not null,
      ends_at timestamptz not null
    )`.execute(db);
  // The player's reality-check interval (null: the operator's default, REALITY_CHECK_DEFAULT_MINUTES; 0: off).
  await sql`
    create table reality_check_settings (
      user_id integer primary key references users(id) on delete cascade,
      interval_minutes integer check (interval_minutes = 0 or interval_minutes between 15 and 120),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    alter table self_exclusions
      add column kind text not null default 'self-exclusion' check (kind in ('self-exclusion', 'time-out', 'closure')),
      add column reopen_requested_at timestamptz`.execute(db);
  await sql`
    create table responsible_gaming_audit (
      id bigserial primary key,
      user_id integer not null references users(id) on delete cascade,
      actor_id integer references users(id) on delete set null,
      action text not null,
      detail jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index responsible_gaming_audit_user_idx on responsible_gaming_audit (user_id, id desc)`.execute(db);
  await sql`create index responsible_gaming_audit_action_idx on responsible_gaming_audit (action, created_at)`.execute(
    db,
  );
  await sql`
    create function responsible_gaming_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'responsible_gaming_audit is append-only';
    end $$`.execute(db);
  await sql`
    create trigger responsible_gaming_audit_append_only before update or delete on responsible_gaming_audit
    for each row execute function responsible_gaming_audit_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table responsible_gaming_audit`.execute(db);
  await sql`drop function responsible_gaming_audit_append_only()`.execute(db);
  await sql`alter table self_exclusions drop column kind, drop column reopen_requested_at`.execute(db);
  await sql`drop table reality_check_settings`.execute(db);
  await sql`drop table play_sessions`.execute(db);
  await sql`drop table session_time_limits`.execute(db);
  await sql`drop table play_limit_totals`.execute(db);
  await sql`drop table play_limits`.execute(db);
}
