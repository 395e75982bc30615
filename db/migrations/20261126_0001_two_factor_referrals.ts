import { sql, type Kysely } from 'kysely';

/**
 * TOTP two-factor authentication (secret encrypted at rest, hashed recovery codes, the last
 * accepted time step for replay protection) and referral attribution: who referred whom, through
 * which code, plus when each accrued commission was claimed (for per-code statistics).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_two_factor (
      user_id integer primary key references users(id) on delete cascade,
      secret_enc text not null,
      enabled_at timestamptz,
      last_used_step bigint,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table two_factor_recovery_codes (
      id bigserial primary key,
      user_id integer not null references users(id) on delete cascade,
      code_hash text not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index two_factor_recovery_codes_hash_key on two_factor_recovery_codes (user_id, code_hash)`.execute(
    db,
  );

  await sql`
    create table referrals (
      referee_id integer primary key references users(id) on delete cascade,
      referrer_id integer not null references users(id) on delete cascade,
      code_id bigint references referral_codes(id) on delete set null,
      created_at timestamptz not null default now(),
      constraint referrals_not_self check (referee_id <> referrer_id)
    )`.execute(db);
  await sql`create index referrals_referrer_idx on referrals (referrer_id)`.execute(db);
  await sql`create index referrals_code_idx on referrals (code_id)`.execute(db);
  await sql`alter table referral_commissions add column claimed_at timestamptz`.execute(db);
  await sql`create index referral_commissions_referee_idx on referral_commissions (referee_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists referral_commissions_referee_idx`.execute(db);
  await sql`alter table referral_commissions drop column if exists claimed_at`.execute(db);
  await sql`drop table if exists referrals`.execute(db);
  await sql`drop table if exists two_factor_recovery_codes`.execute(db);
  await sql`drop table if exists user_two_factor`.execute(db);
}
