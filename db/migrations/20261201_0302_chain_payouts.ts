import { sql, type Kysely } from 'kysely';

/**
 * Payouts from the hot wallet (server/src/domain/chain/payout-sender.ts). A withdrawal gets one nonce, once
 * (chain_payouts, unique per sender and nonce), recorded with its signed transaction before it is broadcast; every
 * fee bump signs the same nonce again (chain_payout_attempts), so at most one of them can ever be mined: a crash
 * anywhere recovers from these rows and the chain, never by signing a new payment.
 *
 * withdrawals: CONFIRMED, a SENT payout whose transaction reached the network's confirmations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table withdrawals drop constraint withdrawals_status_check`.execute(db);
  await sql`
    alter table withdrawals add constraint withdrawals_status_check
      check (status in ('PENDING', 'APPROVED', 'SENDING', 'SENT', 'CONFIRMED', 'REJECTED', 'FAILED'))`.execute(db);
  await sql`alter table withdrawals add column confirmed_at timestamptz`.execute(db);

  await sql`
    create table chain_nonces (
      network text not null,
      sender text not null,
      next_nonce bigint not null check (next_nonce >= 0),
      primary key (network, sender)
    )`.execute(db);

  await sql`
    create table chain_payouts (
      withdrawal_id bigint primary key references withdrawals(id),
      network text not null,
      sender text not null,
      nonce bigint not null check (nonce >= 0),
      status text not null default 'BROADCAST' check (status in ('BROADCAST', 'MINED', 'CONFIRMED', 'FAILED')),
      mined_tx_hash text,
      mined_block bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint chain_payouts_nonce_key unique (network, sender, nonce)
    )`.execute(db);
  await sql`create index chain_payouts_open_idx on chain_payouts (network, nonce) where status in ('BROADCAST', 'MINED')`.execute(
    db,
  );

  await sql`
    create table chain_payout_attempts (
      id bigserial primary key,
      withdrawal_id bigint not null references chain_payouts(withdrawal_id),
      tx_hash text not null unique check (tx_hash ~ '^0x[0-9a-f]{64}$'),
      raw_tx text not null,
      gas numeric(78, 0) not null,
      max_fee_per_gas numeric(78, 0) not null,
      max_priority_fee_per_gas numeric(78, 0) not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index chain_payout_attempts_withdrawal_idx on chain_payout_attempts (withdrawal_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table chain_payout_attempts`.execute(db);
  await sql`drop table chain_payouts`.execute(db);
  await sql`drop table chain_nonces`.execute(db);
  await sql`alter table withdrawals drop column confirmed_at`.execute(db);
  await sql`update withdrawals set status = 'SENT' where status = 'CONFIRMED'`.execute(db);
  await sql`alter table withdrawals drop constraint withdrawals_status_check`.execute(db);
  await sql`
    alter table withdrawals add constraint withdrawals_status_check
      check (status in ('PENDING', 'APPROVED', 'SENDING', 'SENT', 'REJECTED', 'FAILED'))`.execute(db);
}
