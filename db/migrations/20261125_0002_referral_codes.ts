import { sql, type Kysely } from 'kysely';

/** Referral codes a player hands out (attribution of sign-ups to codes comes with the account work). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table referral_codes (
      id bigserial primary key,
      user_id integer not null references users(id) on delete cascade,
      code text not null,
      created_at timestamptz not null default now(),
      constraint referral_codes_code_format check (code ~ '^[A-Za-z0-9]{3,20}$')
    )`.execute(db);
  await sql`create unique index referral_codes_code_key on referral_codes (lower(code))`.execute(db);
  await sql`create index referral_codes_user_idx on referral_codes (user_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists referral_codes`.execute(db);
}
