import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type {
  DepositStatus,
  DepositsTable,
  LedgerCurrency,
  WithdrawalStatus,
  WithdrawalsTable,
} from '../wallet-tables.js';

type Executor = Kysely<Database>;

export type DepositRow = Selectable<DepositsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;

// ---- deposit addresses -------------------------------------------------------------------------

export async function findDepositAddress(db: Executor, userId: number, network: string) {
  return db
    .selectFrom('deposit_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('network', '=', network)
    .executeTakeFirst();
}

export async function findDepositAddressOwner(db: Executor, network: string, address: string) {
  return db
    .selectFrom('deposit_addresses')
    .selectAll()
    .where('network', '=', network)
    .where('address', '=', address)
    .executeTakeFirst();
}

export async function insertDepositAddress(
  db: Executor,
  row: { userId: number; network: string; address: string; path: string },
) {
  await db
    .insertInto('deposit_addresses')
    .values({ user_id: row.userId, network: row.network, address: row.address, derivation_path: row.path })
    .onConflict((oc) => oc.columns(['user_id', 'network']).doNothing())
    .execute();
}

// ---- deposits ----------------------------------------------------------------------------------

/**
 * Records a report of a deposit, or raises its confirmations if it is already known. The upsert
 * locks the row, so concurrent reports of the same deposit queue up behind each other.
 */
export async function upsertDeposit(
  db: Executor,
  row: {
    userId: number;
    network: string;
    asset: string;
    currency: LedgerCurrency;
    address: string;
    txHash: string;
    outputIndex: number;
    amount: bigint;
    confirmations: number;
    requiredConfirmations: number;
  },
): Promise<DepositRow> {
  return db
    .insertInto('deposits')
    .values({
      user_id: row.userId,
      network: row.network,
      asset: row.asset,
      currency: row.currency,
      address: row.address,
      tx_hash: row.txHash,
      output_index: row.outputIndex,
      amount_e8: row.amount,
      confirmations: row.confirmations,
      required_confirmations: row.requiredConfirmations,
      ledger_transaction_id: null,
    })
    .onConflict((oc) =>
      oc.columns(['network', 'tx_hash', 'output_index']).doUpdateSet({
        confirmations: sql`greatest(deposits.confirmations, excluded.confirmations)`,
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markDepositCredited(
  db: Executor,
  id: string,
  ledgerTransactionId: string,
  flags: string[],
): Promise<DepositRow> {
  return db
    .updateTable('deposits')
    .set({
      status: 'CREDITED',
      ledger_transaction_id: ledgerTransactionId,
      credited_at: sql`now()`,
      flags,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listDeposits(
  db: Executor,
  userId: number,
  options: { status?: DepositStatus; limit: number; beforeId?: string; offset?: number },
): Promise<DepositRow[]> {
  let query = db
    .selectFrom('deposits')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.status) query = query.where('status', '=', options.status);
  if (options.beforeId) query = query.where('id', '<', options.beforeId);
  else if (options.offset) query = query.offset(options.offset);
  return query.execute();
}

export async function countDeposits(
  db: Executor,
  userId: number,
  options: { status?: DepositStatus },
): Promise<number> {
  let query = db
    .selectFrom('deposits')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId);
  if (options.status) query = query.where('status', '=', options.status);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

// ---- withdrawals -------------------------------------------------------------------------------

export async function insertWithdrawal(
  db: Executor,
  row: {
    userId: number;
    currency: LedgerCurrency;
    asset: string;
    network: string;
    address: string;
    amount: bigint;
    fee: bigint;
  },
): Promise<WithdrawalRow> {
  return db
    .insertInto('withdrawals')
    .values({
      user_id: row.userId,
      currency: row.currency,
      asset: row.asset,
      network: row.network,
      address: row.address,
      amount_e8: row.amount,
      fee_e8: row.fee,
      txid: null,
      reason: null,
      decided_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findWithdrawal(db: Executor, id: string): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Moves a withdrawal from one of `from` to `to`; undefined when it is not in one of `from` (another
 * request got there first). The row lock makes each transition happen once.
 */
export async function transitionWithdrawal(
  db: Executor,
  id: string,
  from: WithdrawalStatus[],
  to: WithdrawalStatus,
  fields: { txid?: string; reason?: string; decidedBy?: number; txidRecordedBy?: number } = {},
): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable('withdrawals')
    .set({
      status: to,
      updated_at: sql`now()`,
      ...(fields.txid !== undefined ? { txid: fields.txid } : {}),
      ...(fields.reason !== undefined ? { reason: fields.reason } : {}),
      ...(fields.decidedBy !== undefined ? { decided_by: fields.decidedBy, decided_at: sql`now()` } : {}),
      // Approval is recorded on its own, so a later txid or failure never overwrites who approved.
      ...(to === 'APPROVED' && fields.decidedBy !== undefined
        ? { approved_by: fields.decidedBy, approved_at: sql`now()` }
        : {}),
      ...(fields.txidRecordedBy !== undefined ? { txid_recorded_by: fields.txidRecordedBy } : {}),
      ...(to === 'SENDING' ? { sending_at: sql`now()` } : {}),
      ...(to === 'SENT' ? { sent_at: sql`now()` } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
}

/** APPROVED withdrawals approved before the cutoff: their payout job may never have been queued. */
export async function listApprovedWithdrawalIds(db: Executor, approvedBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('status', '=', 'APPROVED')
    .where((eb) => eb.or([eb('approved_at', '<', approvedBefore), eb('approved_at', 'is', null)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => String(row.id));
}

/** One status, or several read as one list (an admin's "awaiting payout" is APPROVED and SENDING). */
export type WithdrawalStatusFilter = WithdrawalStatus | readonly WithdrawalStatus[];

function statusList(filter: WithdrawalStatusFilter): WithdrawalStatus[] {
  return typeof filter === 'string' ? [filter] : [...filter];
}

export async function listWithdrawals(
  db: Executor,
  options: {
    userId?: number;
    status?: WithdrawalStatusFilter;
    limit: number;
    beforeId?: string;
    oldestFirst?: boolean;
    offset?: number;
  },
): Promise<WithdrawalRow[]> {
  let query = db
    .selectFrom('withdrawals')
    .selectAll()
    .orderBy('id', options.oldestFirst ? 'asc' : 'desc')
    .limit(options.limit);
  if (options.userId !== undefined) query = query.where('user_id', '=', options.userId);
  if (options.status) query = query.where('status', 'in', statusList(options.status));
  if (options.beforeId) query = query.where('id', options.oldestFirst ? '>' : '<', options.beforeId);
  else if (options.offset) query = query.offset(options.offset);
  return query.execute();
}

export async function countWithdrawals(
  db: Executor,
  options: { userId?: number; status?: WithdrawalStatusFilter },
): Promise<number> {
  let query = db.selectFrom('withdrawals').select((eb) => eb.fn.countAll<string>().as('count'));
  if (options.userId !== undefined) query = query.where('user_id', '=', options.userId);
  if (options.status) query = query.where('status', 'in', statusList(options.status));
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** Display names (public username) and login names by user id, for staff screens. */
export async function playerNames(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, { loginName: string; publicUsername: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'login_name', 'public_username'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, { loginName: row.login_name, publicUsername: row.public_username }]));
}

/** A player by id (digits), login name or public username, case-insensitive: the staff's lookup box. */
export async function findPlayer(
  db: Executor,
  query: string,
): Promise<{ id: number; loginName: string; publicUsername: string } | undefined> {
  const lowered = query.trim().toLowerCase();
  const byName = sql<boolean>`lower(login_name) = ${lowered} or lower(public_username) = ${lowered}`;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'login_name', 'public_username'])
    .where(/^\d{1,15}$/.test(lowered) ? sql<boolean>`id = ${Number(lowered)} or ${byName}` : byName)
    .limit(3)
    .execute();
  // An id match first, then a login name, then a display name.
  const row =
    rows.find((candidate) => String(candidate.id) === lowered) ??
    rows.find((candidate) => candidate.login_name.toLowerCase() === lowered) ??
    rows[0];
  return row ? { id: row.id, loginName: row.login_name, publicUsername: row.public_username } : undefined;
}

export async function findUserIdByLoginName(db: Executor, loginName: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(login_name)`, '=', loginName.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}
