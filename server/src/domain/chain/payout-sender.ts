import type { Db } from '../../../../db/client.js';
import {
  approvedWithdrawalsFor,
  insertChainPayout,
  insertPayoutAttempt,
  openChainPayouts,
  payoutAttempts,
  setChainPayoutStatus,
  setWithdrawalTxid,
  takeNonce,
  type ChainPayoutAttemptRow,
  type ChainPayoutRow,
} from '../../../../db/repositories/chain-payouts.repo.js';
import { findWithdrawal, transitionWithdrawal, type WithdrawalRow } from '../../../../db/repositories/wallet.repo.js';
import { e8ToTokenUnits, withdrawalIdsPaidBy, type EvmNetwork } from './chain-config.js';
import type { WatcherLog } from './deposit-watcher.js';
import { NonceFollower } from './nonce-follower.js';
import { TransferWouldFail, type Eip1559Fees, type PayoutChain, type PayoutSigner } from './payout-ports.js';

/** What the sender needs of the withdrawal state machine (WithdrawalService). */
export interface WithdrawalSettlement {
  recordTxid(id: string, txid: string): Promise<unknown>;
  confirmSent(id: string): Promise<unknown>;
  failSent(id: string, reason: string): Promise<unknown>;
  fail(id: string, reason: string): Promise<unknown>;
}

export interface PayoutTickResult {
  sent: number;
  rebroadcast: number;
  bumped: number;
  confirmed: number;
  failed: number;
  /** Payouts whose nonce another transaction took: held for the operator. */
  held: number;
}

/** Gas above the estimate, in percent: a token transfer's cost can move a little between estimate and inclusion. */
const GAS_MARGIN_PERCENT = 125n;

/**
 * Pays approved withdrawals from the hot wallet on one network (one sender per network: it runs under a lease, and
 * the nonce is taken under a row lock besides).
 *
 * A payout's life: in one Postgres transaction the withdrawal goes APPROVED -> SENDING, takes the next nonce and its
 * signed EIP-1559 transaction is stored; then it is broadcast, and the withdrawal becomes SENT (settled in the ledger)
 * with its hash. Each tick then follows the open payouts: a transaction the node does not know is broadcast again
 * (a crash before or after a broadcast is recovered from these rows and the chain, never by signing a new payment);
 * one not mined after payoutStuckAfterMs is signed again with the same nonce and higher fees (NonceFollower, as gas
 * top-ups are); a mined one becomes
 * CONFIRMED at the network's confirmations, and a reverted one is refunded.
 */
export class PayoutSender {
  constructor(
    private readonly deps: {
      db: Db;
      chain: PayoutChain;
      signer: PayoutSigner;
      withdrawals: WithdrawalSettlement;
      log: WatcherLog;
      now?: () => number;
      /** Test hook: runs right after a broadcast, before anything is recorded (a crash there must not pay twice). */
      afterBroadcast?: (withdrawalId: string) => Promise<void>;
    },
    readonly network: EvmNetwork,
    private readonly options = { batch: 50 },
  ) {
    this.follower = new NonceFollower(
      { chain: deps.chain, broadcast: (raw) => this.broadcast(raw), now: () => this.now() },
      network.payoutStuckAfterMs,
    );
  }

  private readonly follower: NonceFollower;

  async tick(): Promise<PayoutTickResult> {
    const result: PayoutTickResult = { sent: 0, rebroadcast: 0, bumped: 0, confirmed: 0, failed: 0, held: 0 };
    await this.follow(result);
    await this.sendApproved(result);
    return result;
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  // ---- new payouts -------------------------------------------------------------------------------

  private async sendApproved(result: PayoutTickResult): Promise<void> {
    const approved = await approvedWithdrawalsFor(this.deps.db, withdrawalIdsPaidBy(this.network), this.options.batch);
    if (approved.length === 0) return;
    const fees = await this.deps.chain.fees();
    for (const withdrawal of approved) {
      if (await this.send(withdrawal, fees)) result.sent += 1;
    }
  }

  private async send(withdrawal: WithdrawalRow, fees: Eip1559Fees): Promise<boolean> {
    const id = String(withdrawal.id);
    const token = this.network.tokens.find((candidate) => candidate.symbol === withdrawal.asset);
    let amount: bigint;
    try {
      if (!token) throw new RangeError(`${withdrawal.asset} is not configured on ${this.network.name}`);
      amount = e8ToTokenUnits(BigInt(withdrawal.amount_e8), token.decimals);
    } catch (error) {
      // It can never be sent as asked: refunded.
      await this.deps.withdrawals.fail(id, `Cannot be paid on ${this.network.label}: ${(error as Error).message}`);
      return false;
    }
    const to = withdrawal.address as `0x${string}`;
    let gas: bigint;
    try {
      gas = await this.deps.chain.estimateTransferGas(this.deps.signer.address, token.address, to, amount);
    } catch (error) {
      if (!(error instanceof TransferWouldFail)) throw error;
      // Most likely the hot wallet is short of tokens or gas: it stays APPROVED until the operator tops it up.
      this.deps.log.error(
        { network: this.network.name, withdrawalId: id, err: error, alert: true },
        'chain: payout would fail (hot wallet short of tokens or gas?); left APPROVED',
      );
      return false;
    }
    gas = (gas * GAS_MARGIN_PERCENT) / 100n;
    const chainCount = await this.deps.chain.pendingNonce(this.deps.signer.address);
    const signed = await this.deps.db.transaction().execute(async (trx) => {
      const sending = await transitionWithdrawal(trx, id, ['APPROVED'], 'SENDING');
      if (!sending) return undefined; // taken by another sender, an admin or the payout job meanwhile
      const nonce = await takeNonce(trx, this.network.name, this.deps.signer.address, chainCount);
      const tx = await this.deps.signer.signTransfer({
        chainId: this.network.chainId,
        token: token.address,
        to,
        amount,
        nonce,
        gas,
        fees,
      });
      await insertChainPayout(trx, {
        withdrawalId: id,
        network: this.network.name,
        sender: this.deps.signer.address,
        nonce,
      });
      await insertPayoutAttempt(trx, { withdrawalId: id, txHash: tx.hash, rawTx: tx.raw, gas, ...fees });
      return tx;
    });
    if (!signed) return false;
    await this.broadcast(signed.raw);
    await this.deps.afterBroadcast?.(id);
    await this.deps.withdrawals.recordTxid(id, signed.hash);
    return true;
  }

  /** A rejection (nonce used, underpriced, node down) is left to the next tick's follow-up, which knows more. */
  private async broadcast(raw: `0x${string}`): Promise<void> {
    try {
      await this.deps.chain.broadcast(raw);
    } catch (error) {
      this.deps.log.warn(
        { network: this.network.name, err: error },
        'chain: broadcast refused; the next tick looks again',
      );
    }
  }

  // ---- following the open payouts ---------------------------------------------------------------

  private async follow(result: PayoutTickResult): Promise<void> {
    const open = await openChainPayouts(this.deps.db, this.network.name, this.options.batch * 4);
    if (open.length === 0) return;
    const attempts = await payoutAttempts(
      this.deps.db,
      open.map((payout) => String(payout.withdrawal_id)),
    );
    const head = await this.deps.chain.blockNumber();
    for (const payout of open) {
      const mine = attempts.filter((attempt) => String(attempt.withdrawal_id) === String(payout.withdrawal_id));
      if (mine.length === 0) continue;
      await this.followOne(payout, mine, head, result);
    }
  }

  private async followOne(
    payout: ChainPayoutRow,
    attempts: ChainPayoutAttemptRow[],
    head: bigint,
    result: PayoutTickResult,
  ): Promise<void> {
    const id = String(payout.withdrawal_id);
    const mined = await this.follower.mined(attempts);
    if (mined) {
      const { attempt, receipt } = mined;
      const withdrawal = await findWithdrawal(this.deps.db, id);
      // Broadcast, then the process died before recording it: the chain says it went out.
      if (withdrawal?.status === 'SENDING') await this.deps.withdrawals.recordTxid(id, attempt.tx_hash);
      if (withdrawal?.txid !== attempt.tx_hash) await setWithdrawalTxid(this.deps.db, id, attempt.tx_hash);
      if (receipt.status === 'reverted') {
        await setChainPayoutStatus(this.deps.db, id, 'FAILED', { txHash: attempt.tx_hash, block: receipt.blockNumber });
        await this.deps.withdrawals.failSent(id, `The transaction ${attempt.tx_hash} failed on chain`);
        this.deps.log.error(
          { network: this.network.name, withdrawalId: id, txHash: attempt.tx_hash, alert: true },
          'chain: payout reverted on chain; refunded',
        );
        result.failed += 1;
        return;
      }
      const confirmations = head - receipt.blockNumber + 1n;
      if (confirmations >= BigInt(this.network.confirmations)) {
        await setChainPayoutStatus(this.deps.db, id, 'CONFIRMED', {
          txHash: attempt.tx_hash,
          block: receipt.blockNumber,
        });
        await this.deps.withdrawals.confirmSent(id);
        result.confirmed += 1;
      } else if (payout.status !== 'MINED' || payout.mined_tx_hash !== attempt.tx_hash) {
        await setChainPayoutStatus(this.deps.db, id, 'MINED', { txHash: attempt.tx_hash, block: receipt.blockNumber });
      }
      return;
    }
    // None mined (or a reorg took it out again).
    if (await this.follower.nonceTaken(this.deps.signer.address, BigInt(payout.nonce), attempts)) {
      // Another transaction signed with the hot wallet's key (a payment by hand, another deployment sharing the key)
      // took this nonce. It may have paid this very withdrawal, so refunding now could pay the player twice: the
      // payout is held, never signed again, until an operator looks at that transaction and settles it
      // (`npm run cli -- payouts:resolve-held`).
      await setChainPayoutStatus(this.deps.db, id, 'HELD', null);
      this.deps.log.error(
        {
          network: this.network.name,
          withdrawalId: id,
          nonce: String(payout.nonce),
          sender: this.deps.signer.address,
          attempts: attempts.map((attempt) => attempt.tx_hash),
          alert: true,
        },
        'chain: payout nonce taken by another transaction; held for the operator (payouts:resolve-held)',
      );
      result.held += 1;
      return;
    }
    if (payout.status === 'MINED') await setChainPayoutStatus(this.deps.db, id, 'BROADCAST', null);
    const latest = attempts[attempts.length - 1]!;
    const withdrawal = (await findWithdrawal(this.deps.db, id))!;
    const token = this.network.tokens.find((candidate) => candidate.symbol === withdrawal.asset)!;
    const outcome = await this.follower.nudge(latest, {
      sign: (fees, gas) =>
        this.deps.signer.signTransfer({
          chainId: this.network.chainId,
          token: token.address,
          to: withdrawal.address as `0x${string}`,
          amount: e8ToTokenUnits(BigInt(withdrawal.amount_e8), token.decimals),
          nonce: BigInt(payout.nonce),
          gas,
          fees,
        }),
      record: (tx, fees, gas) =>
        insertPayoutAttempt(this.deps.db, { withdrawalId: id, txHash: tx.hash, rawTx: tx.raw, gas, ...fees }),
    });
    if (outcome.kind === 'rebroadcast') result.rebroadcast += 1;
    const current = outcome.kind === 'replaced' ? outcome.tx.hash : latest.tx_hash;
    if (withdrawal.status === 'SENDING') await this.deps.withdrawals.recordTxid(id, current);
    else if (withdrawal.txid !== current) await setWithdrawalTxid(this.deps.db, id, current);
    if (outcome.kind === 'replaced') {
      result.bumped += 1;
      this.deps.log.warn(
        {
          network: this.network.name,
          withdrawalId: id,
          nonce: String(payout.nonce),
          replaced: outcome.replaced,
          by: current,
        },
        'chain: payout stuck; replaced with higher fees',
      );
    }
  }
}
