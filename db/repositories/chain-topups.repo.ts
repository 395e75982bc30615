import { sql, type Kysely, type Selectable } from 'kysely';
import type { ChainSweepAttemptsTable, ChainSweepsTable } from '../chain-tables.js';
import type { Database } from '../schema.js';

type Executor = Kysely<Database>;

export type ChainTopUpRow = Selectable<ChainSweepsTable>;
export type ChainTopUpAttemptRow = Selectable<ChainSweepAttemptsTable>;

/** A gas top-up from the hot wallet with its first signed transaction (one transaction with the nonce it took). */
export async function insertTopUp(
  db: Executor,
  row: { network: string; address: string; sender: string; nonce: bigint; value: bigint },
  attempt: { txHash: string; rawTx: string; gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
): Promise<void> {
  const { id } = await db
    .insertInto('chain_sweeps')
    .values({
      network: row.network,
      address: row.address,
      kind: 'TOPUP',
      asset: null,
      amount: String(row.value),
      tx_hash: attempt.txHash,
      sender: row.sender,
      nonce: String(row.nonce),
      mined_tx_hash: null,
      settled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertTopUpAttempt(db, { sweepId: String(id), ...attempt });
}

export async function insertTopUpAttempt(
  db: Executor,
  row: {
    sweepId: string;
    txHash: string;
    rawTx: string;
    gas: bigint;
    maxFeePerGas: bigint;
    maxPriorityFeePerGas: bigint;
  },
): Promise<void> {
  await db
    .insertInto('chain_sweep_attempts')
    .values({
      sweep_id: row.sweepId,
      tx_hash: row.txHash,
      raw_tx: row.rawTx,
      gas: String(row.gas),
      max_fee_per_gas: String(row.maxFeePerGas),
      max_priority_fee_per_gas: String(row.maxPriorityFeePerGas),
    })
    .execute();
}

/** A network's top-ups not yet seen mined, lowest nonce first. */
export async function openTopUps(db: Executor, network: string, limit: number): Promise<ChainTopUpRow[]> {
  return db
    .selectFrom('chain_sweeps')
    .selectAll()
    .where('network', '=', network)
    .where('kind', '=', 'TOPUP')
    .where('settled_at', 'is', null)
    .orderBy('nonce')
    .limit(limit)
    .execute();
}

/** Every signed attempt of these top-ups, oldest first per top-up. */
export async function topUpAttempts(db: Executor, sweepIds: string[]): Promise<ChainTopUpAttemptRow[]> {
  if (sweepIds.length === 0) return [];
  return db
    .selectFrom('chain_sweep_attempts')
    .selectAll()
    .where('sweep_id', 'in', sweepIds)
    .orderBy('sweep_id')
    .orderBy('id')
    .execute();
}

/** Closes a top-up: mined by `minedTxHash`, or null when another transaction took its nonce (never mined). */
export async function settleTopUp(db: Executor, sweepId: string, minedTxHash: string | null): Promise<void> {
  await db
    .updateTable('chain_sweeps')
    .set({ settled_at: sql`now()`, mined_tx_hash: minedTxHash })
    .where('id', '=', sweepId)
    .where('settled_at', 'is', null)
    .execute();
}
