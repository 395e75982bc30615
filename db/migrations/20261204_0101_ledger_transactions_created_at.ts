import { sql, type Kysely } from 'kysely';

/**
 * The house's games revenue over a period (the raffle's live pool, the buy-and-burn) is read from the ledger
 * transactions of that period. Without an index on their time it was a scan of every house entry ever written:
 * 3.3 s on a year of play (4.26M entries), every 3 s while a raffle is open. The key only grows, so each insert
 * lands on the index's rightmost page: a small price per bet for a read bounded by the period.
 * The partial NGR index of 20261202_0501 covers three kinds only and stays for its own reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists ledger_transactions_created_at_idx on ledger_transactions (created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists ledger_transactions_created_at_idx`.execute(db);
}
