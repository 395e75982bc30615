import type { Db } from '../../../../db/client.js';
import { takeNonce } from '../../../../db/repositories/chain-payouts.repo.js';
import { fundedDepositAddresses, insertChainSweep } from '../../../../db/repositories/chain.repo.js';
import {
  insertTopUp,
  insertTopUpAttempt,
  openTopUps,
  settleTopUp,
  topUpAttempts,
} from '../../../../db/repositories/chain-topups.repo.js';
import { NETWORKS } from '../wallet/networks.js';
import type { EvmNetwork } from './chain-config.js';
import type { WatcherLog } from './deposit-watcher.js';
import { NonceFollower } from './nonce-follower.js';
import type { ChainBalances, Eip1559Fees, PayoutChain, PayoutSigner } from './payout-ports.js';

export interface SweepTickResult {
  swept: number;
  toppedUp: number;
  /** Stuck top-ups replaced with higher fees (same nonce). */
  bumped: number;
  /** Addresses skipped because a transaction of theirs is still waiting. */
  waiting: number;
}

/** Gas of a token transfer when the node cannot estimate it (a fresh address with no coin at all). */
const FALLBACK_TRANSFER_GAS = 100_000n;
/** What a plain transfer of the native coin costs in gas, everywhere. */
const NATIVE_TRANSFER_GAS = 21_000n;

/**
 * Moves tokens from the players' deposit addresses to the hot wallet (one transaction per address in flight at a
 * time). An address without the native coin to pay the transfer's gas first gets a top-up from the hot wallet (its
 * nonce taken like a payout's, so the two never collide); one top-up per address until it is mined, and one stuck
 * past the network's stuck time is replaced with higher fees like a payout (NonceFollower), since every hot-wallet
 * transaction after its nonce waits for it. Balances are read from the chain each time, so a crash loses nothing:
 * the next run sees what is left.
 */
export class Sweeper {
  constructor(
    private readonly deps: {
      db: Db;
      chain: PayoutChain & ChainBalances;
      hotWallet: PayoutSigner;
      /** The signer of a player's deposit address on this network (keys derived from WALLET_XPRV). */
      depositSigner: (userId: number) => PayoutSigner;
      log: WatcherLog;
      now?: () => number;
    },
    readonly network: EvmNetwork,
    /** Smallest balance worth a sweep, per token symbol, in token units (default: anything). */
    private readonly minimum: Partial<Record<string, bigint>> = {},
  ) {
    this.follower = new NonceFollower(
      {
        chain: deps.chain,
        broadcast: (raw) => this.broadcast(raw),
        now: () => this.deps.now?.() ?? Date.now(),
      },
      network.payoutStuckAfterMs,
    );
  }

  private readonly follower: NonceFollower;

  async tick(): Promise<SweepTickResult> {
    const result: SweepTickResult = { swept: 0, toppedUp: 0, bumped: 0, waiting: 0 };
    const waitingForGas = await this.followTopUps(result);
    const addresses = await fundedDepositAddresses(this.deps.db, this.network.name);
    if (addresses.length === 0) return result;
    const fees = await this.deps.chain.fees();
    for (const { address, userId } of addresses) {
      const holder = address as `0x${string}`;
      if (waitingForGas.has(address)) {
        result.waiting += 1;
        continue;
      }
      if ((await this.deps.chain.pendingNonce(holder)) > (await this.deps.chain.minedNonce(holder))) {
        result.waiting += 1;
        continue;
      }
      for (const token of this.network.tokens) {
        const balance = await this.deps.chain.tokenBalance(token.address, holder);
        if (balance === 0n || balance < (this.minimum[token.symbol] ?? 1n)) continue;
        const gas =
          ((await this.deps.chain
            .estimateTransferGas(holder, token.address, this.deps.hotWallet.address, balance)
            .catch(() => FALLBACK_TRANSFER_GAS)) *
            125n) /
          100n;
        const cost = gas * fees.maxFeePerGas;
        const native = await this.deps.chain.nativeBalance(holder);
        if (native < cost) {
          await this.topUp(holder, cost * 2n - native, fees);
          result.toppedUp += 1;
          break;
        }
        const signer = this.deps.depositSigner(userId);
        if (signer.address !== address) throw new Error(`the key of user ${userId} does not match ${address}`);
        const tx = await signer.signTransfer({
          chainId: this.network.chainId,
          token: token.address,
          to: this.deps.hotWallet.address,
          amount: balance,
          nonce: await this.deps.chain.pendingNonce(holder),
          gas,
          fees,
        });
        await insertChainSweep(this.deps.db, {
          network: this.network.name,
          address,
          asset: token.symbol,
          amount: balance,
          txHash: tx.hash,
        });
        await this.deps.chain.broadcast(tx.raw);
        result.swept += 1;
        // One transaction per address at a time: its other tokens go on the next run.
        break;
      }
    }
    return result;
  }

  /**
   * Follows the top-ups still waiting: a mined one is settled (its address can pay its sweep now), a stuck one is
   * replaced with higher fees. Answers the addresses whose top-up still waits.
   */
  private async followTopUps(result: SweepTickResult): Promise<Set<string>> {
    const waiting = new Set<string>();
    const open = await openTopUps(this.deps.db, this.network.name, 200);
    if (open.length === 0) return waiting;
    const attempts = await topUpAttempts(
      this.deps.db,
      open.map((topUp) => String(topUp.id)),
    );
    for (const topUp of open) {
      const id = String(topUp.id);
      const mine = attempts.filter((attempt) => String(attempt.sweep_id) === id);
      if (mine.length === 0) continue;
      const mined = await this.follower.mined(mine);
      if (mined) {
        await settleTopUp(this.deps.db, id, mined.attempt.tx_hash);
        continue;
      }
      if (await this.follower.nonceTaken(this.deps.hotWallet.address, BigInt(topUp.nonce!), mine)) {
        // Another transaction took its nonce: this top-up can never be mined. Only our own gas is at stake, so it is
        // closed unpaid (settled, no mined hash) and the next run tops the address up again if it still needs it.
        await settleTopUp(this.deps.db, id, null);
        this.deps.log.error(
          { network: this.network.name, address: topUp.address, nonce: String(topUp.nonce), alert: true },
          'chain: gas top-up nonce taken by another transaction; closed unpaid',
        );
        continue;
      }
      waiting.add(topUp.address);
      const outcome = await this.follower.nudge(mine[mine.length - 1]!, {
        sign: (fees) =>
          this.deps.hotWallet.signNative({
            chainId: this.network.chainId,
            to: topUp.address as `0x${string}`,
            value: BigInt(topUp.amount),
            nonce: BigInt(topUp.nonce!),
            fees,
          }),
        record: (tx, fees, gas) =>
          insertTopUpAttempt(this.deps.db, { sweepId: id, txHash: tx.hash, rawTx: tx.raw, gas, ...fees }),
      });
      if (outcome.kind === 'replaced') {
        result.bumped += 1;
        this.deps.log.warn(
          {
            network: this.network.name,
            address: topUp.address,
            nonce: String(topUp.nonce),
            replaced: outcome.replaced,
            by: outcome.tx.hash,
          },
          'chain: gas top-up stuck; replaced with higher fees',
        );
      }
    }
    return waiting;
  }

  /** The nonce is taken and the signed transaction stored in one transaction, then it is broadcast. */
  private async topUp(holder: `0x${string}`, value: bigint, fees: Eip1559Fees): Promise<void> {
    const hot = this.deps.hotWallet;
    const chainCount = await this.deps.chain.pendingNonce(hot.address);
    const tx = await this.deps.db.transaction().execute(async (trx) => {
      const nonce = await takeNonce(trx, this.network.name, hot.address, chainCount);
      const signed = await hot.signNative({ chainId: this.network.chainId, to: holder, value, nonce, fees });
      await insertTopUp(
        trx,
        { network: this.network.name, address: holder, sender: hot.address, nonce, value },
        { txHash: signed.hash, rawTx: signed.raw, gas: NATIVE_TRANSFER_GAS, ...fees },
      );
      return signed;
    });
    await this.broadcast(tx.raw);
    this.deps.log.info({ network: this.network.name, address: holder, wei: String(value) }, 'chain: gas top-up sent');
  }

  /** A refused broadcast is left to the next run's follow-up (rebroadcast, or a replacement once stuck). */
  private async broadcast(raw: `0x${string}`): Promise<void> {
    try {
      await this.deps.chain.broadcast(raw);
    } catch (error) {
      this.deps.log.warn(
        { network: this.network.name, err: error },
        'chain: broadcast refused; the next run looks again',
      );
    }
  }
}

/** The xpub branch whose keys sign this network's deposit addresses. */
export function depositBranch(network: EvmNetwork): number {
  return NETWORKS[network.addresses].branch;
}
