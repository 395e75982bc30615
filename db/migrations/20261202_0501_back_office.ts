import { sql, type Kysely } from 'kysely';

/**
 * The operator's back office (issue 43; docs/operations.md "Back office").
 * - `users.role` gains the staff roles finance, support and risk (what each may do: server/src/domain/staff/roles.schemas.ts).
 * - `staff_audit_log`: every staff action that changed something, with who, when, from where and the target's state
 *   before and after. Append-only: a trigger refuses UPDATE and DELETE, and TRUNCATE is refused too.
 * - `report_game_days`, `report_money_days`, `report_player_days`: the reports' daily aggregates (UTC days), which
 *   the worker rewrites day by day (a day's rows are replaced whole, so a rerun is idempotent). Reports and the RTP
 *   watch read these, never a year of bets. `ratio_sum`/`ratio_sq_sum` are the sums of each bet's payout/stake and
 *   its square: the realised RTP's standard error comes from them.
 * - `staff_notes`: notes staff leave on a player's file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop constraint if exists users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check
    check (role in ('user', 'admin', 'finance', 'support', 'risk', 'moderator'))`.execute(db);

  await sql`
    create table staff_audit_log (
      id bigserial primary key,
      actor_id integer references users(id) on delete restrict,
      actor_role text not null,
      action text not null check (action ~ '^[a-z][a-zA-Z.-]{1,63}$'),
      target_type text not null,
      target_id text,
      ip text,
      user_agent text,
      before jsonb,
      after jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index staff_audit_log_created_idx on staff_audit_log (created_at desc, id desc)`.execute(db);
  await sql`create index staff_audit_log_actor_idx on staff_audit_log (actor_id, id desc)`.execute(db);
  await sql`create index staff_audit_log_target_idx on staff_audit_log (target_type, target_id, id desc)`.execute(db);
  await sql`
    create function staff_audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'staff_audit_log is append-only (% refused)', tg_op using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  await sql`create trigger staff_audit_log_no_change before update or delete on staff_audit_log
    for each row execute function staff_audit_log_append_only()`.execute(db);
  await sql`create trigger staff_audit_log_no_truncate before truncate on staff_audit_log
    for each statement execute function staff_audit_log_append_only()`.execute(db);

  await sql`
    create table report_game_days (
      day date not null,
      currency text not null,
      provider text not null,
      game text not null,
      family text not null,
      bets bigint not null,
      stake_e8 bigint not null,
      payout_e8 bigint not null,
      ratio_sum double precision not null,
      ratio_sq_sum double precision not null,
      primary key (day, currency, provider, game)
    )`.execute(db);
  await sql`
    create table report_money_days (
      day date not null,
      currency text not null,
      deposits_e8 bigint not null,
      deposits integer not null,
      withdrawals_e8 bigint not null,
      withdrawals integer not null,
      rakeback_e8 bigint not null,
      promotions_e8 bigint not null,
      house_tips_e8 bigint not null,
      burn_usd_e8 bigint not null,
      burned_bzu_e8 bigint not null,
      primary key (day, currency)
    )`.execute(db);
  await sql`
    create table report_player_days (
      day date not null,
      user_id integer not null,
      played boolean not null,
      deposited boolean not null,
      is_new boolean not null,
      primary key (day, user_id)
    )`.execute(db);
  // What the refresh reads by day: deposits by credit time, payouts by send time, ledger transactions by time.
  await sql`create index if not exists deposits_credited_at_idx on deposits (credited_at) where credited_at is not null`.execute(
    db,
  );
  await sql`create index if not exists withdrawals_sent_at_idx on withdrawals (sent_at) where sent_at is not null`.execute(
    db,
  );
  // Only the kinds NGR reads (rakeback, house-funded rain): an index over every bet's transaction would tax each bet.
  await sql`create index ledger_transactions_ngr_idx on ledger_transactions (created_at)
    where kind in ('rakeback-accrual', 'rakeback-reversal', 'rain-funding')`.execute(db);
  await sql`create index if not exists sports_bets_settled_at_idx on sports_bets (settled_at) where settled_at is not null`.execute(
    db,
  );
  await sql`create index if not exists users_created_at_idx on users (created_at)`.execute(db);
  // The player search finds an address however its letters are cased (EVM addresses carry a checksum casing).
  await sql`create index deposit_addresses_lower_idx on deposit_addresses (lower(address))`.execute(db);

  await sql`
    create table staff_notes (
      id bigserial primary key,
      user_id integer not null references users(id) on delete restrict,
      author_id integer not null references users(id) on delete restrict,
      body text not null check (length(body) between 1 and 4000),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index staff_notes_user_idx on staff_notes (user_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table staff_notes`.execute(db);
  await sql`drop index if exists deposit_addresses_lower_idx`.execute(db);
  await sql`drop index if exists users_created_at_idx`.execute(db);
  await sql`drop index if exists sports_bets_settled_at_idx`.execute(db);
  await sql`drop index if exists ledger_transactions_ngr_idx`.execute(db);
  await sql`drop index if exists withdrawals_sent_at_idx`.execute(db);
  await sql`drop index if exists deposits_credited_at_idx`.execute(db);
  await sql`drop table report_player_days`.execute(db);
  await sql`drop table report_money_days`.execute(db);
  await sql`drop table report_game_days`.execute(db);
  await sql`drop table staff_audit_log`.execute(db);
  await sql`drop function staff_audit_log_append_only()`.execute(db);
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('user', 'moderator', 'admin'))`.execute(
    db,
  );
}
