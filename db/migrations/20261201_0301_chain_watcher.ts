import { sql, type Kysely } from 'kysely';

/**
 * The EVM deposit watcher (server/src/domain/chain): where each configured network's scan has got to, and the block
 * each on-chain deposit was seen in, so a reorg (the block at that height changed) is noticed. A pending deposit whose
 * block left the canonical chain becomes DROPPED (never credited); one reorged out after its credit keeps its credit
 * and is flagged REORGED for the operator.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table chain_cursors (
      network text primary key,
      next_block bigint not null check (next_block >= 0),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`alter table deposits add column block_number bigint, add column block_hash text`.execute(db);
  await sql`alter table deposits drop constraint deposits_status_check`.execute(db);
  await sql`alter table deposits add constraint deposits_status_check check (status in ('PENDING', 'CREDITED', 'DROPPED'))`.execute(
    db,
  );
  // Configured EVM networks have names of their own ("ethereum", "polygon", ...): every network but Tron spells a
  // transaction hash 0x + lower-case hex (NOT VALID, as before: old rows stay as they were).
  await sql`alter table deposits drop constraint deposits_tx_hash_canonical`.execute(db);
  await sql`
    alter table deposits add constraint deposits_tx_hash_canonical
      check (case when network = 'TRC20' then tx_hash ~ '^[0-9a-f]{64}$' else tx_hash ~ '^0x[0-9a-f]{64}$' end) not valid`.execute(
    db,
  );
  // The watcher re-checks its network's pending deposits every tick.
  await sql`create index deposits_pending_chain_idx on deposits (network, block_number) where status = 'PENDING' and block_number is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index deposits_pending_chain_idx`.execute(db);
  await sql`delete from deposits where status = 'DROPPED'`.execute(db);
  await sql`alter table deposits drop constraint deposits_tx_hash_canonical`.execute(db);
  await sql`
    alter table deposits add constraint deposits_tx_hash_canonical
      check (case when network in ('ERC20', 'BEP20') then tx_hash ~ '^0x[0-9a-f]{64}$' else tx_hash ~ '^[0-9a-f]{64}$' end) not valid`.execute(
    db,
  );
  await sql`alter table deposits drop constraint deposits_status_check`.execute(db);
  await sql`alter table deposits add constraint deposits_status_check check (status in ('PENDING', 'CREDITED'))`.execute(
    db,
  );
  await sql`alter table deposits drop column block_number, drop column block_hash`.execute(db);
  await sql`drop table chain_cursors`.execute(db);
}
