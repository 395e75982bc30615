import { sql, type Kysely } from 'kysely';

/**
 * Hardening (issue 16):
 * - email_outbox.expires_at: a mail's link dies with its token; an unsent mail past it is never
 *   sent and its bodies are dropped.
 * - withdrawals: a SENDING state recorded before the payout adapter is called (a crash in between
 *   never sends twice), and who approved kept apart from who recorded the txid.
 * - deposits: EVM transaction hashes are case-insensitive; existing rows are lower-cased so the
 *   unique key (network, tx_hash, output_index) sees 0xAB.. and 0xab.. as one deposit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table email_outbox add column expires_at timestamptz`.execute(db);

  await sql`alter table withdrawals drop constraint withdrawals_status_check`.execute(db);
  await sql`
    alter table withdrawals add constraint withdrawals_status_check
      check (status in ('PENDING', 'APPROVED', 'SENDING', 'SENT', 'REJECTED', 'FAILED'))`.execute(db);
  await sql`alter table withdrawals add column approved_by integer references users(id)`.execute(db);
  await sql`alter table withdrawals add column approved_at timestamptz`.execute(db);
  await sql`alter table withdrawals add column txid_recorded_by integer references users(id)`.execute(db);
  await sql`alter table withdrawals add column sending_at timestamptz`.execute(db);
  await sql`update withdrawals set approved_by = decided_by, approved_at = decided_at where status in ('APPROVED', 'SENT')`.execute(
    db,
  );

  // Duplicates that differ only in case (credited twice before this fix) keep their rows; only
  // the first of each group is lower-cased, so the migration never fails on the unique key.
  await sql`
    update deposits d set tx_hash = lower(d.tx_hash)
    where d.network in ('ERC20', 'BEP20') and d.tx_hash <> lower(d.tx_hash)
      and not exists (
        select 1 from deposits o
        where o.network = d.network and o.output_index = d.output_index and o.id <> d.id and lower(o.tx_hash) = lower(d.tx_hash)
      )`.execute(db);
  // From now on the unique key only ever sees lower-case EVM hashes (NOT VALID: old duplicates, if
  // any, stay as they were for an operator to look at).
  await sql`
    alter table deposits add constraint deposits_evm_tx_hash_lower
      check (network not in ('ERC20', 'BEP20') or tx_hash = lower(tx_hash)) not valid`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table deposits drop constraint deposits_evm_tx_hash_lower`.execute(db);
  await sql`alter table withdrawals drop column sending_at, drop column txid_recorded_by, drop column approved_at, drop column approved_by`.execute(
    db,
  );
  await sql`alter table withdrawals drop constraint withdrawals_status_check`.execute(db);
  await sql`
    alter table withdrawals add constraint withdrawals_status_check
      check (status in ('PENDING', 'APPROVED', 'SENT', 'REJECTED', 'FAILED'))`.execute(db);
  await sql`alter table email_outbox drop column expires_at`.execute(db);
}
