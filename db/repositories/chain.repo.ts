import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { LedgerCurrency } from '../wallet-tables.js';
import type { DepositRow } from './wallet.repo.js';

type Executor = Kysely<Database>;

// ---- the scan cursor ---------------------------------------------------------------------------

export async function readChainCursor(db: Executor, network: string): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('chain_cursors')
    .select('next_block')
    .where('network', '=', network)
    .executeTakeFirst();
  return row ? BigInt(row.next_block) : undefined;
}

/** Moves the cursor; never backwards unless `allowRewind` (a reorg sends it back to rescan). */
export async function saveChainCursor(
  db: Executor,
  network: string,
  nextBlock: bigint,
  allowRewind = false,
): Promise<void> {
  await db
    .insertInto('chain_cursors')
    .values({ network, next_block: String(nextBlock) })
    .onConflict((oc) =>
      oc.column('network').doUpdateSet({
        next_block: allowRewind
          ? sql`excluded.next_block`
          : sql`greatest(chain_cursors.next_block, excluded.next_block)`,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

// ---- deposit addresses on a chain --------------------------------------------------------------

/** Owners of the given addresses among one derivation family's deposit addresses (checksummed spelling). */
export async function depositAddressOwners(
  db: Executor,
  addressNetwork: string,
  addresses: string[],
): Promise<Map<string, number>> {
  if (addresses.length === 0) return new Map();
  const rows = await db
    .selectFrom('deposit_addresses')
    .select(['address', 'user_id'])
    .where('network', '=', addressNetwork)
    .where('address', 'in', addresses)
    .execute();
  return new Map(rows.map((row) => [row.address, row.user_id]));
}

// ---- deposits seen on chain --------------------------------------------------------------------

export interface ChainDepositSighting {
  userId: number;
  network: string;
  asset: string;
  currency: LedgerCurrency;
  address: string;
  txHash: string;
  logIndex: number;
  amount: bigint;
  blockNumber: bigint;
  blockHash: string;
  confirmations: number;
  requiredConfirmations: number;
}

/**
 * Records a transfer seen in a block, or updates where it was seen. A DROPPED one seen again (the transaction came
 * back in another block) is PENDING again; a CREDITED one is left alone. Answers nothing for a sighting that clashes
 * with what is stored (another amount or recipient under the same key): the caller logs it.
 */
export async function recordChainDeposit(db: Executor, row: ChainDepositSighting): Promise<DepositRow> {
  return db
    .insertInto('deposits')
    .values({
      user_id: row.userId,
      network: row.network,
      asset: row.asset,
      currency: row.currency,
      address: row.address,
      tx_hash: row.txHash,
      output_index: row.logIndex,
      amount_e8: row.amount,
      confirmations: row.confirmations,
      required_confirmations: row.requiredConfirmations,
      block_number: String(row.blockNumber),
      block_hash: row.blockHash,
      ledger_transaction_id: null,
    })
    .onConflict((oc) =>
      oc.columns(['network', 'tx_hash', 'output_index']).doUpdateSet({
        block_number: sql`case when deposits.status = 'CREDITED' then deposits.block_number else excluded.block_number end`,
        block_hash: sql`case when deposits.status = 'CREDITED' then deposits.block_hash else excluded.block_hash end`,
        confirmations: sql`case when deposits.status = 'CREDITED' then deposits.confirmations else excluded.confirmations end`,
        status: sql`case when deposits.status = 'DROPPED' then 'PENDING' else deposits.status end`,
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A network's deposits waiting for confirmations, oldest block first. */
export async function pendingChainDeposits(db: Executor, network: string, limit: number): Promise<DepositRow[]> {
  return db
    .selectFrom('deposits')
    .selectAll()
    .where('network', '=', network)
    .where('status', '=', 'PENDING')
    .where('block_number', 'is not', null)
    .orderBy('block_number')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Credited deposits in blocks from `fromBlock` on, not yet flagged as reorged: the ones still worth re-checking. */
export async function recentCreditedChainDeposits(
  db: Executor,
  network: string,
  fromBlock: bigint,
  limit: number,
): Promise<DepositRow[]> {
  return db
    .selectFrom('deposits')
    .selectAll()
    .where('network', '=', network)
    .where('status', '=', 'CREDITED')
    .where('block_number', '>=', String(fromBlock))
    .where(sql<boolean>`not ('REORGED' = any(flags))`)
    .orderBy('block_number')
    .limit(limit)
    .execute();
}

export async function setDepositConfirmations(db: Executor, ids: string[], confirmations: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('deposits')
    .set({ confirmations, updated_at: sql`now()` })
    .where('id', 'in', ids)
    .where('status', '=', 'PENDING')
    .execute();
}

/** Pending deposits whose block left the canonical chain: never credited (unless seen again). */
export async function dropPendingDeposits(db: Executor, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('deposits')
    .set({ status: 'DROPPED', updated_at: sql`now()` })
    .where('id', 'in', ids)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function flagDeposit(db: Executor, id: string, flag: string): Promise<void> {
  await db
    .updateTable('deposits')
    .set({ flags: sql`array_append(flags, ${flag})`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where(sql<boolean>`not (${flag} = any(flags))`)
    .execute();
}

/** Locks a pending deposit for its credit; undefined when it is not (or no longer) PENDING. */
export async function lockPendingDeposit(db: Executor, id: string): Promise<DepositRow | undefined> {
  return db
    .selectFrom('deposits')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .forUpdate()
    .executeTakeFirst();
}

// ---- sweeps and custody ------------------------------------------------------------------------

/** Deposit addresses that received a credited deposit on a network: the ones that may hold tokens. */
export async function fundedDepositAddresses(
  db: Executor,
  network: string,
): Promise<{ address: string; userId: number }[]> {
  const rows = await db
    .selectFrom('deposits')
    .select(['address', 'user_id'])
    .distinct()
    .where('network', '=', network)
    .where('status', '=', 'CREDITED')
    .orderBy('user_id')
    .execute();
  return rows.map((row) => ({ address: row.address, userId: row.user_id }));
}

/** A sweep (a deposit address's tokens to the hot wallet), signed by the address's own key. */
export async function insertChainSweep(
  db: Executor,
  row: { network: string; address: string; asset: string; amount: bigint; txHash: string },
): Promise<void> {
  await db
    .insertInto('chain_sweeps')
    .values({
      network: row.network,
      address: row.address,
      kind: 'SWEEP',
      asset: row.asset,
      amount: String(row.amount),
      tx_hash: row.txHash,
      sender: null,
      nonce: null,
      mined_tx_hash: null,
      settled_at: sql`now()`,
    })
    .execute();
}

/**
 * What the platform owes its players per currency: every player's balances plus the withdrawals reserved but not yet
 * paid (house:withdrawals-pending).
 */
export async function playerLiabilities(db: Executor): Promise<Map<LedgerCurrency, bigint>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['currency', (eb) => eb.fn.sum<string>('balance_e8').as('total')])
    .where((eb) => eb.or([eb('kind', '=', 'user'), eb('code', '=', 'house:withdrawals-pending')]))
    .groupBy('currency')
    .execute();
  return new Map(rows.map((row) => [row.currency, BigInt(row.total ?? '0')]));
}

/**
 * What the ledger says one network should hold, per asset (ledger units): the deposits credited on it less the
 * withdrawals paid from it (SENDING counts as paid: it may be on chain before it is recorded).
 */
export async function networkBook(
  db: Executor,
  network: string,
  withdrawalIds: string[],
): Promise<Map<string, { deposited: bigint; withdrawn: bigint }>> {
  const [deposited, withdrawn] = await Promise.all([
    db
      .selectFrom('deposits')
      .select(['asset', (eb) => eb.fn.sum<string>('amount_e8').as('total')])
      .where('network', '=', network)
      .where('status', '=', 'CREDITED')
      .groupBy('asset')
      .execute(),
    db
      .selectFrom('withdrawals')
      .select(['asset', (eb) => eb.fn.sum<string>('amount_e8').as('total')])
      .where('network', 'in', withdrawalIds)
      .where('status', 'in', ['SENDING', 'SENT', 'CONFIRMED'])
      .groupBy('asset')
      .execute(),
  ]);
  const book = new Map<string, { deposited: bigint; withdrawn: bigint }>();
  const line = (asset: string) => book.get(asset) ?? book.set(asset, { deposited: 0n, withdrawn: 0n }).get(asset)!;
  for (const row of deposited) line(row.asset).deposited = BigInt(row.total ?? '0');
  for (const row of withdrawn) line(row.asset).withdrawn = BigInt(row.total ?? '0');
  return book;
}

// ---- credited deposits reorged out (custody report) ---------------------------------------------

export interface ReorgedDepositRow {
  id: string;
  user_id: number;
  login_name: string;
  network: string;
  asset: string;
  currency: LedgerCurrency;
  amount_e8: string;
  tx_hash: string;
  output_index: number;
  block_number: string | null;
  credited_at: Date | null;
}

/** Credited deposits flagged REORGED that no operator has marked reviewed yet (deposits_reorged_idx), oldest first. */
export async function unreviewedReorgedDeposits(db: Executor, limit: number): Promise<ReorgedDepositRow[]> {
  return db
    .selectFrom('deposits')
    .innerJoin('users', 'users.id', 'deposits.user_id')
    .select([
      'deposits.id',
      'deposits.user_id',
      'users.login_name',
      'deposits.network',
      'deposits.asset',
      'deposits.currency',
      'deposits.amount_e8',
      'deposits.tx_hash',
      'deposits.output_index',
      'deposits.block_number',
      'deposits.credited_at',
    ])
    .where(sql<boolean>`'REORGED' = any(deposits.flags)`)
    .where(sql<boolean>`not ('REORG_REVIEWED' = any(deposits.flags))`)
    .orderBy('deposits.id')
    .limit(limit)
    .execute();
}

/** Marks a REORGED deposit reviewed; false when there is no such deposit or it was reviewed already. */
export async function markReorgReviewed(db: Executor, id: string): Promise<boolean> {
  const result = await db
    .updateTable('deposits')
    .set({ flags: sql`array_append(flags, 'REORG_REVIEWED')`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where(sql<boolean>`'REORGED' = any(flags)`)
    .where(sql<boolean>`not ('REORG_REVIEWED' = any(flags))`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
