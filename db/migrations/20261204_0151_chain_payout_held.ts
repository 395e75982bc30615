import { sql, type Kysely } from 'kysely';

/**
 * A payout whose nonce another transaction took (the hot wallet's mined nonce passed it while none of its own signed
 * transactions was mined) is HELD: the sender stops signing it again, and an operator decides, after looking at the
 * transaction that took the nonce, whether the player was paid or is refunded (payout-sender.ts, docs/operations.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chain_payouts drop constraint chain_payouts_status_check`.execute(db);
  await sql`
    alter table chain_payouts add constraint chain_payouts_status_check
      check (status in ('BROADCAST', 'MINED', 'CONFIRMED', 'FAILED', 'HELD'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update chain_payouts set status = 'BROADCAST' where status = 'HELD'`.execute(db);
  await sql`alter table chain_payouts drop constraint chain_payouts_status_check`.execute(db);
  await sql`
    alter table chain_payouts add constraint chain_payouts_status_check
      check (status in ('BROADCAST', 'MINED', 'CONFIRMED', 'FAILED'))`.execute(db);
}
