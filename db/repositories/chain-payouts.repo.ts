import { sql, type Kysely, type Selectable } from 'kysely';
import type { ChainPayoutAttemptsTable, ChainPayoutsTable, ChainPayoutStatus } from '../chain-tables.js';
import type { Database } from '../schema.js';
import type { WithdrawalRow } from './wallet.repo.js';

type Executor = Kysely<Database>;

export type ChainPayoutRow = Selectable<ChainPayoutsTable>;
export type ChainPayoutAttemptRow = Selectable<ChainPayoutAttemptsTable>;

/** APPROVED withdrawals of the given withdrawal networks, oldest first. */
export async function approvedWithdrawalsFor(
  db: Executor,
  networkIds: string[],
  limit: number,
): Promise<WithdrawalRow[]> {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('status', '=', 'APPROVED')
    .where('network', 'in', networkIds)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Takes the sender's next nonce under a row lock (so two senders can never take the same one), starting at the
 * chain's count when the stored one is behind it.
 */
export async function takeNonce(db: Executor, network: string, sender: string, chainCount: bigint): Promise<bigint> {
  await db
    .insertInto('chain_nonces')
    .values({ network, sender, next_nonce: String(chainCount) })
    .onConflict((oc) => oc.columns(['network', 'sender']).doNothing())
    .execute();
  const row = await db
    .selectFrom('chain_nonces')
    .select('next_nonce')
    .where('network', '=', network)
    .where('sender', '=', sender)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const stored = BigInt(row.next_nonce);
  const nonce = stored > chainCount ? stored : chainCount;
  await db
    .updateTable('chain_nonces')
    .set({ next_nonce: String(nonce + 1n) })
    .where('network', '=', network)
    .where('sender', '=', sender)
    .execute();
  return nonce;
}

export async function insertChainPayout(
  db: Executor,
  row: { withdrawalId: string; network: string; sender: string; nonce: bigint },
): Promise<void> {
  await db
    .insertInto('chain_payouts')
    .values({ withdrawal_id: row.withdrawalId, network: row.network, sender: row.sender, nonce: String(row.nonce) })
    .execute();
}

export async function insertPayoutAttempt(
  db: Executor,
  row: {
    withdrawalId: string;
    txHash: string;
    rawTx: string;
    gas: bigint;
    maxFeePerGas: bigint;
    maxPriorityFeePerGas: bigint;
  },
): Promise<void> {
  await db
    .insertInto('chain_payout_attempts')
    .values({
      withdrawal_id: row.withdrawalId,
      tx_hash: row.txHash,
      raw_tx: row.rawTx,
      gas: String(row.gas),
      max_fee_per_gas: String(row.maxFeePerGas),
      max_priority_fee_per_gas: String(row.maxPriorityFeePerGas),
    })
    .execute();
}

/** A network's payouts not yet final (broadcast or mined short of the confirmations), lowest nonce first. */
export async function openChainPayouts(db: Executor, network: string, limit: number): Promise<ChainPayoutRow[]> {
  return db
    .selectFrom('chain_payouts')
    .selectAll()
    .where('network', '=', network)
    .where('status', 'in', ['BROADCAST', 'MINED'])
    .orderBy('nonce')
    .limit(limit)
    .execute();
}

/** Every signed attempt of these payouts, oldest first per payout. */
export async function payoutAttempts(db: Executor, withdrawalIds: string[]): Promise<ChainPayoutAttemptRow[]> {
  if (withdrawalIds.length === 0) return [];
  return db
    .selectFrom('chain_payout_attempts')
    .selectAll()
    .where('withdrawal_id', 'in', withdrawalIds)
    .orderBy('withdrawal_id')
    .orderBy('id')
    .execute();
}

export async function setChainPayoutStatus(
  db: Executor,
  withdrawalId: string,
  status: ChainPayoutStatus,
  mined?: { txHash: string; block: bigint } | null,
): Promise<void> {
  await db
    .updateTable('chain_payouts')
    .set({
      status,
      updated_at: sql`now()`,
      ...(mined !== undefined
        ? { mined_tx_hash: mined?.txHash ?? null, mined_block: mined ? String(mined.block) : null }
        : {}),
    })
    .where('withdrawal_id', '=', withdrawalId)
    .execute();
}

/** The transaction a SENT withdrawal shows the player: the attempt that is current (or was mined). */
export async function setWithdrawalTxid(db: Executor, withdrawalId: string, txid: string): Promise<void> {
  await db
    .updateTable('withdrawals')
    .set({ txid, updated_at: sql`now()` })
    .where('id', '=', withdrawalId)
    .where('status', 'in', ['SENDING', 'SENT'])
    .execute();
}

/** SENT -> CONFIRMED; undefined when it was not SENT. */
export async function confirmWithdrawal(db: Executor, withdrawalId: string): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable('withdrawals')
    .set({ status: 'CONFIRMED', confirmed_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', withdrawalId)
    .where('status', '=', 'SENT')
    .returningAll()
    .executeTakeFirst();
}

export interface HeldPayoutRow {
  withdrawal_id: string;
  network: string;
  sender: string;
  nonce: string;
  updated_at: Date;
  status: string;
  user_id: number;
  asset: string;
  amount_e8: string;
  address: string;
  txid: string | null;
}

/** Payouts held because another transaction took their nonce, oldest first, with their withdrawal. */
export async function heldChainPayouts(db: Executor, limit: number, withdrawalId?: string): Promise<HeldPayoutRow[]> {
  let query = db
    .selectFrom('chain_payouts')
    .innerJoin('withdrawals', 'withdrawals.id', 'chain_payouts.withdrawal_id')
    .select([
      'chain_payouts.withdrawal_id',
      'chain_payouts.network',
      'chain_payouts.sender',
      'chain_payouts.nonce',
      'chain_payouts.updated_at',
      'withdrawals.status',
      'withdrawals.user_id',
      'withdrawals.asset',
      'withdrawals.amount_e8',
      'withdrawals.address',
      'withdrawals.txid',
    ])
    .where('chain_payouts.status', '=', 'HELD');
  if (withdrawalId !== undefined) query = query.where('chain_payouts.withdrawal_id', '=', withdrawalId);
  return query.orderBy('chain_payouts.withdrawal_id').limit(limit).execute() as Promise<HeldPayoutRow[]>;
}

/** Moves a HELD payout on (FAILED or CONFIRMED); false when it is not held (resolved already, or never held). */
export async function closeHeldPayout(
  db: Executor,
  withdrawalId: string,
  status: 'FAILED' | 'CONFIRMED',
  minedTxHash: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('chain_payouts')
    .set({ status, mined_tx_hash: minedTxHash, updated_at: sql`now()` })
    .where('withdrawal_id', '=', withdrawalId)
    .where('status', '=', 'HELD')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
