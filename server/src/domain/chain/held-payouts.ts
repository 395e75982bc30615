import type { Db } from '../../../../db/client.js';
import {
  closeHeldPayout,
  heldChainPayouts,
  setWithdrawalTxid,
} from '../../../../db/repositories/chain-payouts.repo.js';
import { findWithdrawal } from '../../../../db/repositories/wallet.repo.js';
import { DomainError } from '../errors.js';
import { recordStaffAction, type StaffActor } from '../staff/audit-log.js';
import { formatAmount } from '../wallet/amounts.js';
import type { WithdrawalSettlement } from './payout-sender.js';

export interface HeldPayout {
  withdrawalId: string;
  network: string;
  sender: string;
  nonce: string;
  withdrawalStatus: string;
  userId: number;
  asset: string;
  amount: string;
  address: string;
  heldSince: string;
}

const TX_HASH = /^0x[0-9a-f]{64}$/;

/**
 * Payouts the sender held because another transaction took their nonce (payout-sender.ts). Only an operator can tell
 * whether that transaction paid the player (a payment by hand with the hot wallet's key) or not; each resolution is
 * applied once and written to the staff audit log:
 * - refund: the withdrawal is refunded through the withdrawal service's own refund (FAILED; SENT ones reverse their
 *   settlement), whose state transition and ledger key make a second refund impossible;
 * - paid: the transaction that paid it is recorded and the withdrawal CONFIRMED.
 */
export class HeldPayouts {
  constructor(private readonly deps: { db: Db; withdrawals: WithdrawalSettlement }) {}

  async list(limit = 100, withdrawalId?: string): Promise<HeldPayout[]> {
    const rows = await heldChainPayouts(this.deps.db, limit, withdrawalId);
    return rows.map((row) => ({
      withdrawalId: String(row.withdrawal_id),
      network: row.network,
      sender: row.sender,
      nonce: String(row.nonce),
      withdrawalStatus: row.status,
      userId: row.user_id,
      asset: row.asset,
      amount: formatAmount(BigInt(row.amount_e8)),
      address: row.address,
      heldSince: new Date(row.updated_at).toISOString(),
    }));
  }

  async refund(actor: StaffActor, withdrawalId: string, note: string): Promise<void> {
    const withdrawal = await this.held(withdrawalId);
    const reason = `Not paid: the payout's nonce was taken by another transaction (${note})`;
    // A refund that committed before a crash is not repeated: the payout is only closed then.
    if (withdrawal.status === 'SENT') await this.deps.withdrawals.failSent(withdrawalId, reason);
    else if (withdrawal.status === 'SENDING') await this.deps.withdrawals.fail(withdrawalId, reason);
    await this.close(actor, withdrawalId, 'FAILED', null, { resolution: 'refund', note });
  }

  async paid(actor: StaffActor, withdrawalId: string, txHash: string, note: string): Promise<void> {
    if (!TX_HASH.test(txHash)) {
      throw new DomainError('BAD_REQUEST', 'txHash: a transaction hash is 0x and 64 lowercase hex digits', {
        code: 'BAD_TX_HASH',
      });
    }
    const withdrawal = await this.held(withdrawalId);
    if (withdrawal.status === 'SENDING') await this.deps.withdrawals.recordTxid(withdrawalId, txHash);
    else if (withdrawal.status === 'SENT') await setWithdrawalTxid(this.deps.db, withdrawalId, txHash);
    await this.deps.withdrawals.confirmSent(withdrawalId);
    await this.close(actor, withdrawalId, 'CONFIRMED', txHash, { resolution: 'paid', txHash, note });
  }

  private async held(withdrawalId: string) {
    const [payout] = await this.list(1, withdrawalId);
    const withdrawal = payout ? await findWithdrawal(this.deps.db, withdrawalId) : undefined;
    if (!withdrawal) {
      throw new DomainError('NOT_FOUND', `Withdrawal ${withdrawalId} has no held payout`, { code: 'NOT_HELD' });
    }
    return withdrawal;
  }

  private async close(
    actor: StaffActor,
    withdrawalId: string,
    status: 'FAILED' | 'CONFIRMED',
    txHash: string | null,
    after: object,
  ): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await closeHeldPayout(trx, withdrawalId, status, txHash))) {
        throw new DomainError('CONFLICT', `Withdrawal ${withdrawalId}'s payout was resolved meanwhile`, {
          code: 'NOT_HELD',
        });
      }
      await recordStaffAction(trx, actor, {
        action: 'withdrawal.resolveHeldPayout',
        target: { type: 'withdrawal', id: withdrawalId },
        after,
      });
    });
  }
}
