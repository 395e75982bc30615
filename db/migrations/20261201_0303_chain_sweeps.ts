import { sql, type Kysely } from 'kysely';

/**
 * Sweeps (server/src/domain/chain/sweeper.ts): each transaction that moved tokens from a deposit address to the hot
 * wallet, or native coin from the hot wallet to a deposit address for its gas (a top-up, sent once until it is mined
 * or has waited past the network's stuck time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table chain_sweeps (
      id bigserial primary key,
      network text not null,
      address text not null,
      kind text not null check (kind in ('TOPUP', 'SWEEP')),
      asset text,
      amount numeric(78, 0) not null check (amount > 0),
      tx_hash text not null unique,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index chain_sweeps_address_idx on chain_sweeps (network, address, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table chain_sweeps`.execute(db);
}
