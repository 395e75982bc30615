import { sql, type Kysely } from 'kysely';

/**
 * One spelling per transaction hash (issue 23 point 9): a provider reported one EVM deposit as `0x<hex>` and as
 * `<hex>`, and the unique key (network, tx_hash, output_index) credited it twice. Hashes are now stored as
 * normalizeTxHash writes them (EVM `0x` + lower-case hex, Tron lower-case hex), and existing rows are rewritten so.
 * A row whose canonical spelling another row of the same output already has (a transaction credited twice before
 * this fix) keeps its spelling for an operator to look at (docs/operations.md), so the migration never fails.
 */
const canonical = (row: 'd' | 'o') =>
  sql.raw(
    `case when ${row}.network in ('ERC20', 'BEP20') then '0x' else '' end || lower(regexp_replace(${row}.tx_hash, '^0[xX]', ''))`,
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update deposits d set tx_hash = ${canonical('d')}
    where d.tx_hash ~* '^(0x)?[0-9a-f]{64}$' and d.tx_hash <> ${canonical('d')}
      and not exists (
        select 1 from deposits o
        where o.network = d.network and o.output_index = d.output_index and o.id <> d.id
          and ${canonical('o')} = ${canonical('d')}
      )`.execute(db);
  // New rows must be canonical (NOT VALID: the old duplicates above stay as they were).
  await sql`
    alter table deposits add constraint deposits_tx_hash_canonical
      check (case when network in ('ERC20', 'BEP20') then tx_hash ~ '^0x[0-9a-f]{64}$' else tx_hash ~ '^[0-9a-f]{64}$' end) not valid`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table deposits drop constraint deposits_tx_hash_canonical`.execute(db);
}
