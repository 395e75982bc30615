import type { Db } from '../../../../db/client.js';
import { takeNonce } from '../../../../db/repositories/chain-payouts.repo.js';
import { fundedDepositAddresses, insertChainSweep, recentTopUp } from '../../../../db/repositories/chain.repo.js';
import { NETWORKS } from '../wallet/networks.js';
import type { EvmNetwork } from './chain-config.js';
import type { WatcherLog } from './deposit-watcher.js';
import type { ChainBalances, PayoutChain, PayoutSigner } from './payout-ports.js';

export interface SweepTickResult {
  swept: number;
  toppedUp: number;
  /** Addresses skipped because a transaction of theirs is still waiting. */
  waiting: number;
}

/** Gas of a token transfer when the node cannot estimate it (a fresh address with no coin at all). */
const FALLBACK_TRANSFER_GAS = 100_000n;

/**
 * Moves tokens from the players' deposit addresses to the hot wallet (one transaction per address in flight at a
 * time). An address without the native coin to pay the transfer's gas first gets a top-up from the hot wallet (its
 * nonce taken like a payout's, so the two never collide); one top-up per address until it is mined or has waited
 * past the network's stuck time. Balances are read from the chain each time, so a crash loses nothing: the next run
 * sees what is left.
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
  ) {}

  async tick(): Promise<SweepTickResult> {
    const result: SweepTickResult = { swept: 0, toppedUp: 0, waiting: 0 };
    const addresses = await fundedDepositAddresses(this.deps.db, this.network.name);
    if (addresses.length === 0) return result;
    const fees = await this.deps.chain.fees();
    for (const { address, userId } of addresses) {
      const holder = address as `0x${string}`;
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
          if (await this.topUp(holder, cost * 2n - native, fees)) result.toppedUp += 1;
          else result.waiting += 1;
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
          kind: 'SWEEP',
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

  private async topUp(
    holder: `0x${string}`,
    value: bigint,
    fees: Awaited<ReturnType<PayoutChain['fees']>>,
  ): Promise<boolean> {
    const now = this.deps.now?.() ?? Date.now();
    if (await recentTopUp(this.deps.db, this.network.name, holder, new Date(now - this.network.payoutStuckAfterMs))) {
      return false;
    }
    const hot = this.deps.hotWallet;
    const chainCount = await this.deps.chain.pendingNonce(hot.address);
    const tx = await this.deps.db.transaction().execute(async (trx) => {
      const nonce = await takeNonce(trx, this.network.name, hot.address, chainCount);
      const signed = await hot.signNative({ chainId: this.network.chainId, to: holder, value, nonce, fees });
      await insertChainSweep(trx, {
        network: this.network.name,
        address: holder,
        kind: 'TOPUP',
        asset: null,
        amount: value,
        txHash: signed.hash,
      });
      return signed;
    });
    await this.deps.chain.broadcast(tx.raw);
    this.deps.log.info({ network: this.network.name, address: holder, wei: String(value) }, 'chain: gas top-up sent');
    return true;
  }
}

/** The xpub branch whose keys sign this network's deposit addresses. */
export function depositBranch(network: EvmNetwork): number {
  return NETWORKS[network.addresses].branch;
}
