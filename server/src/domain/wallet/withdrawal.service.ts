import type { Db } from '../../../../db/client.js';
import type { WithdrawalStatus } from '../../../../db/wallet-tables.js';
import {
  findWithdrawal,
  insertWithdrawal,
  listApprovedWithdrawalIds,
  countWithdrawals,
  listWithdrawals,
  playerNames,
  transitionWithdrawal,
  type WithdrawalRow,
  type WithdrawalStatusFilter,
} from '../../../../db/repositories/wallet.repo.js';
import { confirmWithdrawal } from '../../../../db/repositories/chain-payouts.repo.js';
import { DomainError } from '../errors.js';
import { moneyRequest, oncePerRequest } from './money-requests.js';
import { formatAmount, type Currency } from './amounts.js';
import type { Leg, LedgerService, LedgerTx } from './ledger.service.js';
import type { CashierNetworks } from './cashier-networks.js';
import { assetCurrency, normalizeAddress, type Asset } from './networks.js';
import { PAGE_DEFAULT } from './wallet.schemas.js';

export interface WithdrawalConfig {
  minimum: Record<Currency, bigint>;
  fee: Record<Currency, bigint>;
}

/** Re-checks the account password; throws a DomainError when it is wrong. */
export type PasswordConfirmer = (userId: number, password: string) => Promise<void>;
/**
 * The two-factor check: called after the password with whatever code the client sent (`otp`);
 * server/src/composition/index.ts plugs in TwoFactorService.requireCode (no-op for accounts without 2FA).
 */
export type SecondFactorCheck = (userId: number, code: string | undefined) => Promise<void>;

export type PayoutOutcome = { kind: 'sent'; txid: string } | { kind: 'manual' };

/** Sends an approved withdrawal on chain. Throw PayoutFailure when it can never succeed (funds get refunded). */
export interface PayoutAdapter {
  send(withdrawal: WithdrawalView): Promise<PayoutOutcome>;
}

export class PayoutFailure extends Error {}

/** The default adapter: nothing is sent automatically; an admin pays out and records the txid. */
export const manualPayoutAdapter: PayoutAdapter = {
  send: async () => ({ kind: 'manual' }),
};

export interface WithdrawalView {
  id: string;
  userId: number;
  currency: string;
  asset: string;
  network: string;
  address: string;
  amount: string;
  fee: string;
  total: string;
  status: WithdrawalStatus;
  txid: string | null;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
  sentAt: string | null;
  /** The admin who approved it, and the admin who recorded its txid (null: the payout adapter). */
  approvedBy: number | null;
  txidRecordedBy: number | null;
  /** The transaction on the paying network's explorer (hot-wallet payouts on a network with an explorer). */
  explorerUrl?: string | null;
}

export interface WithdrawalTerms {
  minimum: Record<Currency, string>;
  fee: Record<Currency, string>;
  networks: { id: string; name: string; family: 'evm' | 'tron'; assets: Asset[]; confirmations: number }[];
}

export function toWithdrawalView(row: WithdrawalRow): WithdrawalView {
  const amount = BigInt(row.amount_e8);
  const fee = BigInt(row.fee_e8);
  return {
    id: String(row.id),
    userId: row.user_id,
    currency: row.currency,
    asset: row.asset,
    network: row.network,
    address: row.address,
    amount: formatAmount(amount),
    fee: formatAmount(fee),
    total: formatAmount(amount + fee),
    status: row.status,
    txid: row.txid,
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    approvedBy: row.approved_by,
    txidRecordedBy: row.txid_recorded_by,
  };
}

const notFound = () => new DomainError('NOT_FOUND', 'Withdrawal not found');
/** An admin may not decide on their own withdrawal (four eyes). */
function refuseOwn(row: WithdrawalRow, adminId: number, action: string): void {
  if (row.user_id === adminId) {
    throw new DomainError('FORBIDDEN', `You cannot ${action} your own withdrawal; another admin must`, {
      code: 'OWN_WITHDRAWAL',
    });
  }
}

const wrongState = (row: WithdrawalRow | undefined, action: string) =>
  new DomainError('CONFLICT', row ? `Cannot ${action} a ${row.status} withdrawal` : 'Withdrawal not found', {
    code: 'WITHDRAWAL_STATE',
  });

/**
 * Withdrawals in two phases: the amount plus fee is reserved (moved to the house's pending account)
 * when the player asks; an admin approves or rejects; the worker sends approved ones through the
 * payout adapter; rejection or failure refunds the whole reservation.
 */
export class WithdrawalService {
  constructor(
    private readonly deps: {
      db: Db;
      ledger: LedgerService;
      confirmPassword: PasswordConfirmer;
      secondFactor: SecondFactorCheck;
      payoutQueue: { enqueue(withdrawalId: string): Promise<void> };
      payout: PayoutAdapter;
      /** The networks offered to players: what a withdrawal may name, and the explorer of the one that paid it. */
      networks: CashierNetworks;
      /** Told when an approval's payout job could not be queued (housekeeping queues it later). */
      onQueueError?: (error: unknown, withdrawalId: string) => void;
      /** In the request's transaction, before the reservation: a withdrawal forfeits an active bonus (promotions). */
      onWithdrawal?: (tx: LedgerTx, userId: number) => Promise<void>;
    },
    private readonly config: WithdrawalConfig,
  ) {}

  /** What the withdrawal form shows before a request: minimum and fee per currency, and the networks with their assets. */
  terms(): WithdrawalTerms {
    const both = (values: Record<Currency, bigint>) => ({
      USD: formatAmount(values.USD),
      BZU: formatAmount(values.BZU),
    });
    return {
      minimum: both(this.config.minimum),
      fee: both(this.config.fee),
      networks: this.deps.networks.list().map((network) => ({
        id: network.id,
        name: network.name,
        family: network.family,
        assets: [...network.assets],
        confirmations: network.confirmations,
      })),
    };
  }

  async request(
    userId: number,
    input: {
      amount: bigint;
      asset: Asset;
      network: string;
      address: string;
      password: string;
      otp?: string;
      requestId?: string;
    },
  ): Promise<WithdrawalView> {
    const network = this.deps.networks.require(input.network);
    if (!network.assets.includes(input.asset))
      throw new DomainError('BAD_REQUEST', `asset: ${input.asset} is not available on ${network.id}`);
    const address = normalizeAddress(network.addresses, input.address);
    if (!address)
      throw new DomainError('BAD_REQUEST', `address: not a valid ${network.id} address (check its checksum)`, {
        code: 'INVALID_ADDRESS',
      });
    const currency = assetCurrency(input.asset);
    const minimum = this.config.minimum[currency];
    if (input.amount < minimum) {
      throw new DomainError('BAD_REQUEST', `amount: the minimum withdrawal is ${formatAmount(minimum)} ${currency}`, {
        code: 'BELOW_MINIMUM',
      });
    }
    const fee = this.config.fee[currency];
    const request = moneyRequest('withdrawal', input.requestId, {
      amount: String(input.amount),
      asset: input.asset,
      network: network.id,
      address,
    });
    const { answer } = await oncePerRequest(this.deps, userId, request, {
      checks: async () => {
        await this.deps.confirmPassword(userId, input.password);
        await this.deps.secondFactor(userId, input.otp);
      },
      move: async (tx) => {
        await this.deps.onWithdrawal?.(tx, userId);
        const created = await insertWithdrawal(tx.trx, {
          userId,
          currency,
          asset: input.asset,
          network: network.id,
          address,
          amount: input.amount,
          fee,
        });
        await tx.post({
          key: `withdrawal:${created.id}:reserve`,
          kind: 'withdrawal-reserve',
          userId,
          memo: { withdrawalId: String(created.id) },
          legs: [
            { account: { user: userId }, currency, amount: -(input.amount + fee) },
            { account: { house: 'withdrawals-pending' }, currency, amount: input.amount + fee },
          ],
        });
        return toWithdrawalView(created);
      },
    });
    return answer;
  }

  /** One page (by cursor, or by number), with the total the filter matches. */
  async list(
    userId: number | undefined,
    input: { status: 'ALL' | WithdrawalStatusFilter; limit?: number; cursor?: string; page?: number },
  ) {
    const limit = input.limit ?? PAGE_DEFAULT;
    const status = input.status === 'ALL' ? undefined : input.status;
    const [rows, total] = await Promise.all([
      listWithdrawals(this.deps.db, {
        userId,
        status,
        limit: limit + 1,
        beforeId: input.cursor,
        offset: input.page ? (input.page - 1) * limit : undefined,
      }),
      countWithdrawals(this.deps.db, { userId, status }),
    ]);
    const page = rows.slice(0, limit);
    return {
      items: page.map((row) => {
        const view = toWithdrawalView(row);
        return {
          ...view,
          explorerUrl: view.txid ? this.deps.networks.explorerTxUrl(view.network, view.txid) : null,
        };
      }),
      nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
      total,
    };
  }

  /** Every player's withdrawals for the staff's lists, each with the player's names (an id alone says nothing to staff). */
  async listForStaff(input: { status: WithdrawalStatusFilter; limit?: number; cursor?: string; page?: number }) {
    const list = await this.list(undefined, input);
    const names = await playerNames(
      this.deps.db,
      list.items.map((item) => item.userId),
    );
    return {
      ...list,
      items: list.items.map((item) => ({
        ...item,
        playerName: names.get(item.userId)?.publicUsername ?? null,
        loginName: names.get(item.userId)?.loginName ?? null,
      })),
    };
  }

  async approve(adminId: number, id: string): Promise<WithdrawalView> {
    const current = await findWithdrawal(this.deps.db, id);
    if (!current) throw notFound();
    refuseOwn(current, adminId, 'approve');
    const row = await transitionWithdrawal(this.deps.db, id, ['PENDING'], 'APPROVED', { decidedBy: adminId });
    if (!row) throw wrongState(await findWithdrawal(this.deps.db, id), 'approve');
    // The approval stands even when the queue is away: housekeeping queues approved withdrawals
    // that have no job (requeueApproved); the job id makes that idempotent.
    await this.deps.payoutQueue
      .enqueue(String(row.id))
      .catch((error: unknown) => this.deps.onQueueError?.(error, String(row.id)));
    return toWithdrawalView(row);
  }

  /** Housekeeping: queues the payout job of withdrawals approved more than `olderThanMs` ago. */
  async requeueApproved(olderThanMs = 60_000, limit = 100): Promise<number> {
    const ids = await listApprovedWithdrawalIds(this.deps.db, new Date(Date.now() - olderThanMs), limit);
    for (const id of ids) await this.deps.payoutQueue.enqueue(id);
    return ids.length;
  }

  async reject(adminId: number, id: string, reason: string): Promise<WithdrawalView> {
    return this.refund(id, ['PENDING'], 'REJECTED', { reason, decidedBy: adminId }, 'reject');
  }

  /**
   * An approved withdrawal that could not be sent: refunded in full. For a SENDING one this is the
   * operator's decision after checking the chain that nothing went out.
   */
  async fail(id: string, reason: string, adminId?: number): Promise<WithdrawalView> {
    return this.refund(id, ['APPROVED', 'SENDING'], 'FAILED', { reason, decidedBy: adminId }, 'fail');
  }

  /**
   * Records the chain transaction of an approved (or SENDING) withdrawal and settles the
   * reservation. `adminId` is who recorded it (kept apart from who approved); none: the adapter.
   */
  async recordTxid(id: string, txid: string, adminId?: number): Promise<WithdrawalView> {
    if (adminId !== undefined) {
      const current = await findWithdrawal(this.deps.db, id);
      if (current) refuseOwn(current, adminId, 'record a transaction for');
    }
    const row = await this.deps.ledger.transact(async (tx) => {
      const sent = await transitionWithdrawal(tx.trx, id, ['APPROVED', 'SENDING'], 'SENT', {
        txid,
        txidRecordedBy: adminId,
      });
      if (!sent) return undefined;
      await this.settle(tx, sent);
      return sent;
    });
    if (!row) throw wrongState(await findWithdrawal(this.deps.db, id), 'record a transaction for');
    return toWithdrawalView(row);
  }

  /**
   * The worker's job: hand an approved withdrawal to the payout adapter. SENDING is recorded
   * before the adapter is called, so a crash between sending and recording the txid leaves it
   * SENDING, and no retry or restart sends it again: an operator checks the chain and records the
   * txid or fails it (admin.withdrawals.sending lists them). Safe to run twice.
   */
  async processPayout(id: string): Promise<WithdrawalView | undefined> {
    const row = await findWithdrawal(this.deps.db, id);
    if (!row) throw notFound();
    if (row.status !== 'APPROVED') return toWithdrawalView(row);
    const sending = await transitionWithdrawal(this.deps.db, id, ['APPROVED'], 'SENDING');
    // Another job (or an admin) moved it on in the meantime.
    if (!sending) return toWithdrawalView((await findWithdrawal(this.deps.db, id))!);
    let outcome: PayoutOutcome;
    try {
      outcome = await this.deps.payout.send(toWithdrawalView(sending));
    } catch (error) {
      // A definite "never sent" refunds; anything else may have gone out, so it stays SENDING.
      if (error instanceof PayoutFailure) return this.fail(id, error.message);
      throw error;
    }
    if (outcome.kind === 'sent') return this.recordTxid(id, outcome.txid);
    // Nothing was sent (manual adapter): back to APPROVED for an admin to pay out and record.
    const back = await transitionWithdrawal(this.deps.db, id, ['SENDING'], 'APPROVED');
    return toWithdrawalView(back ?? sending);
  }

  /** A SENT payout whose transaction reached the network's confirmations (the hot-wallet sender). */
  async confirmSent(id: string): Promise<WithdrawalView | undefined> {
    const row = await confirmWithdrawal(this.deps.db, id);
    return row ? toWithdrawalView(row) : undefined;
  }

  /**
   * A SENT payout whose transaction failed on chain for good (reverted): the settlement is reversed and the player
   * gets the whole reservation back.
   */
  async failSent(id: string, reason: string): Promise<WithdrawalView> {
    const row = await this.deps.ledger.transact(async (tx) => {
      const failed = await transitionWithdrawal(tx.trx, id, ['SENT'], 'FAILED', { reason });
      if (!failed) return undefined;
      const amount = BigInt(failed.amount_e8);
      const fee = BigInt(failed.fee_e8);
      const legs: Leg[] = [
        { account: { house: 'payouts' }, currency: failed.currency, amount: -amount },
        { account: { user: failed.user_id }, currency: failed.currency, amount: amount + fee },
      ];
      if (fee > 0n) legs.push({ account: { house: 'fees' }, currency: failed.currency, amount: -fee });
      await tx.post({
        key: `withdrawal:${failed.id}:chain-refund`,
        kind: 'withdrawal-refund',
        userId: failed.user_id,
        memo: { withdrawalId: String(failed.id), status: 'FAILED', txid: failed.txid },
        legs,
      });
      return failed;
    });
    if (!row) throw wrongState(await findWithdrawal(this.deps.db, id), 'fail');
    return toWithdrawalView(row);
  }

  private async refund(
    id: string,
    from: WithdrawalStatus[],
    to: 'REJECTED' | 'FAILED',
    fields: { reason: string; decidedBy?: number },
    action: string,
  ): Promise<WithdrawalView> {
    const row = await this.deps.ledger.transact(async (tx) => {
      const changed = await transitionWithdrawal(tx.trx, id, from, to, fields);
      if (!changed) return undefined;
      const total = BigInt(changed.amount_e8) + BigInt(changed.fee_e8);
      await tx.post({
        key: `withdrawal:${changed.id}:refund`,
        kind: 'withdrawal-refund',
        userId: changed.user_id,
        memo: { withdrawalId: String(changed.id), status: to },
        legs: [
          { account: { house: 'withdrawals-pending' }, currency: changed.currency, amount: -total },
          { account: { user: changed.user_id }, currency: changed.currency, amount: total },
        ],
      });
      return changed;
    });
    if (!row) throw wrongState(await findWithdrawal(this.deps.db, id), action);
    return toWithdrawalView(row);
  }

  private async settle(tx: LedgerTx, row: WithdrawalRow): Promise<void> {
    const amount = BigInt(row.amount_e8);
    const fee = BigInt(row.fee_e8);
    const legs: Leg[] = [
      { account: { house: 'withdrawals-pending' }, currency: row.currency, amount: -(amount + fee) },
      { account: { house: 'payouts' }, currency: row.currency, amount },
    ];
    if (fee > 0n) legs.push({ account: { house: 'fees' }, currency: row.currency, amount: fee });
    await tx.post({
      key: `withdrawal:${row.id}:settle`,
      kind: 'withdrawal-settle',
      userId: row.user_id,
      memo: { withdrawalId: String(row.id) },
      legs,
    });
  }
}
