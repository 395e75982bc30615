import { sql, type Kysely } from 'kysely';

/**
 * Gas top-ups are replaced when stuck, as payouts are (server/src/domain/chain/nonce-follower.ts): a top-up keeps the
 * hot wallet's nonce it took (chain_sweeps.sender, nonce) and every signed transaction of that nonce
 * (chain_sweep_attempts: the first, then each fee bump), so whichever attempt is mined is found, and a stuck one no
 * longer blocks the payouts queued behind its nonce. settled_at: the top-up was mined (null while it waits); the top-ups
 * sent before this migration are taken as settled (the old rule sent a new one after the stuck time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table chain_sweeps
      add column sender text,
      add column nonce bigint check (nonce >= 0),
      add column mined_tx_hash text,
      add column settled_at timestamptz`.execute(db);
  await sql`update chain_sweeps set settled_at = created_at`.execute(db);
  await sql`
    alter table chain_sweeps add constraint chain_sweeps_topup_nonce_key unique (network, sender, nonce)`.execute(db);
  await sql`create index chain_sweeps_open_topups_idx on chain_sweeps (network, id) where kind = 'TOPUP' and settled_at is null`.execute(
    db,
  );
  await sql`
    create table chain_sweep_attempts (
      id bigserial primary key,
      sweep_id bigint not null references chain_sweeps(id),
      tx_hash text not null unique check (tx_hash ~ '^0x[0-9a-f]{64}$'),
      raw_tx text not null,
      gas numeric(78, 0) not null,
      max_fee_per_gas numeric(78, 0) not null,
      max_priority_fee_per_gas numeric(78, 0) not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index chain_sweep_attempts_sweep_idx on chain_sweep_attempts (sweep_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table chain_sweep_attempts`.execute(db);
  await sql`drop index chain_sweeps_open_topups_idx`.execute(db);
  await sql`alter table chain_sweeps drop constraint chain_sweeps_topup_nonce_key`.execute(db);
  await sql`alter table chain_sweeps drop column sender, drop column nonce, drop column mined_tx_hash, drop column settled_at`.execute(
    db,
  );
}
