import type { Db } from '../../../../db/client.js';
import {
  depositAddressOwners,
  dropPendingDeposits,
  flagDeposit,
  pendingChainDeposits,
  readChainCursor,
  recentCreditedChainDeposits,
  recordChainDeposit,
  saveChainCursor,
  setDepositConfirmations,
} from '../../../../db/repositories/chain.repo.js';
import type { DepositRow } from '../../../../db/repositories/wallet.repo.js';
import { assetCurrency } from '../wallet/networks.js';
import { tokenUnitsToE8, type EvmNetwork } from './chain-config.js';
import type { ChainReader, TransferLog } from './chain-rpc.js';

/** The largest amount a ledger row holds (bigint column); a transfer above it is refused and logged. */
const MAX_E8 = 2n ** 63n - 1n;

export interface WatcherLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface WatcherOptions {
  /** Ranges scanned at most in one tick, so a tick stays well inside the lease. */
  maxRangesPerTick: number;
  /** Pending deposits re-checked at most in one tick. */
  maxPendingPerTick: number;
}

export interface TickResult {
  head: bigint;
  scannedTo: bigint;
  seen: number;
  credited: number;
  dropped: number;
  reorgedAfterCredit: number;
}

/**
 * Watches one EVM network for token transfers to players' deposit addresses and credits them through the deposit
 * path once they have the network's confirmations (the block holding the transfer counts as the first).
 *
 * Each tick:
 * 1. scans from its cursor (kept in Postgres) to the head, in ranges of at most maxBlockRange blocks, one eth_getLogs
 *    per range and token; the transfers to known addresses and the new cursor are written in one transaction, so a
 *    process killed mid-range rescans that range and the unique key (network, tx hash, log index) absorbs the repeat;
 *    the last `confirmations` blocks are always scanned again, so a transfer that a reorg moves into a block the
 *    cursor had passed is still seen;
 * 2. checks each pending deposit's block against the canonical block at its height: gone, the deposit is DROPPED
 *    (never credited; seen again in a later block, it is PENDING again); there, its confirmations are updated and at
 *    the threshold it is credited, once (DepositService.creditConfirmed locks the row);
 * 3. re-checks credited deposits of the recent blocks: one reorged out after its credit keeps the credit (the player
 *    may have played it already) and is flagged REORGED with an error log for the operator.
 */
export class DepositWatcher {
  constructor(
    private readonly deps: {
      db: Db;
      chain: ChainReader;
      credit: (depositId: string) => Promise<boolean>;
      log: WatcherLog;
      /** Test hook: runs inside a range's transaction, its deposits and cursor written but not committed. */
      beforeRangeCommit?: (from: bigint, to: bigint) => Promise<void>;
    },
    readonly network: EvmNetwork,
    private readonly options: WatcherOptions = { maxRangesPerTick: 20, maxPendingPerTick: 2_000 },
  ) {}

  async tick(): Promise<TickResult> {
    const { db, chain } = this.deps;
    const network = this.network;
    const head = await chain.blockNumber();
    const stored = await readChainCursor(db, network.name);
    const cursor = stored ?? BigInt(network.startBlock ?? head);
    const window = BigInt(network.confirmations);
    // Rescan the unconfirmed tail too (see the class comment), never below where watching began.
    const floor = stored === undefined ? cursor : BigInt(network.startBlock ?? 0);
    let from = minBig(cursor, head + 1n - window);
    if (from < floor) from = floor;
    const result: TickResult = { head, scannedTo: from - 1n, seen: 0, credited: 0, dropped: 0, reorgedAfterCredit: 0 };

    for (let ranges = 0; from <= head && ranges < this.options.maxRangesPerTick; ranges += 1) {
      const to = minBig(from + BigInt(network.maxBlockRange) - 1n, head);
      result.seen += await this.scanRange(from, to, head);
      result.scannedTo = to;
      from = to + 1n;
    }

    await this.confirmPending(head, result);
    await this.recheckCredited(head, result);
    return result;
  }

  private async scanRange(from: bigint, to: bigint, head: bigint): Promise<number> {
    const network = this.network;
    const logs: { log: TransferLog; symbol: EvmNetwork['tokens'][number]['symbol']; decimals: number }[] = [];
    for (const token of network.tokens) {
      const found = await this.deps.chain.transferLogs(token.address, from, to);
      for (const log of found) {
        // The reader asked for this contract and range; anything else in the answer is not to be trusted.
        if (log.token !== token.address || log.blockNumber < from || log.blockNumber > to) continue;
        logs.push({ log, symbol: token.symbol, decimals: token.decimals });
      }
    }
    const owners = await depositAddressOwners(this.deps.db, network.addresses, [
      ...new Set(logs.map(({ log }) => log.to)),
    ]);
    let seen = 0;
    await this.deps.db.transaction().execute(async (trx) => {
      for (const { log, symbol, decimals } of logs) {
        const userId = owners.get(log.to);
        if (userId === undefined) continue;
        const amount = tokenUnitsToE8(log.value, decimals);
        if (amount <= 0n) continue; // dust below 1e-8: nothing to credit
        if (amount > MAX_E8) {
          this.deps.log.error(
            { network: network.name, txHash: log.txHash, value: String(log.value) },
            'chain: transfer too large to credit; ignored',
          );
          continue;
        }
        const row = await recordChainDeposit(trx, {
          userId,
          network: network.name,
          asset: symbol,
          currency: assetCurrency(symbol),
          address: log.to,
          txHash: log.txHash,
          logIndex: log.logIndex,
          amount,
          blockNumber: log.blockNumber,
          blockHash: log.blockHash,
          confirmations: Number(head - log.blockNumber + 1n),
          requiredConfirmations: network.confirmations,
        });
        if (BigInt(row.amount_e8) !== amount || row.address !== log.to || row.asset !== symbol) {
          this.deps.log.error(
            { network: network.name, txHash: log.txHash, depositId: String(row.id) },
            'chain: a transfer clashes with the deposit stored under its key',
          );
        }
        seen += 1;
      }
      await saveChainCursor(trx, network.name, to + 1n);
      await this.deps.beforeRangeCommit?.(from, to);
    });
    return seen;
  }

  private async confirmPending(head: bigint, result: TickResult): Promise<void> {
    const pending = await pendingChainDeposits(this.deps.db, this.network.name, this.options.maxPendingPerTick);
    const canonical = await this.canonicalHashes(pending, head);
    const dropped: DepositRow[] = [];
    const byConfirmations = new Map<number, string[]>();
    const due: DepositRow[] = [];
    for (const row of pending) {
      const height = BigInt(row.block_number!);
      if (canonical.get(height) !== row.block_hash) {
        dropped.push(row);
        continue;
      }
      const confirmations = Number(head - height + 1n);
      byConfirmations.set(confirmations, [...(byConfirmations.get(confirmations) ?? []), String(row.id)]);
      if (confirmations >= row.required_confirmations) due.push(row);
    }
    for (const [confirmations, ids] of byConfirmations) await setDepositConfirmations(this.deps.db, ids, confirmations);
    if (dropped.length > 0) {
      result.dropped += await dropPendingDeposits(
        this.deps.db,
        dropped.map((row) => String(row.id)),
      );
      // Rescan from the lowest dropped block: the transfer may be in the new chain, in another block.
      const lowest = dropped.reduce((low, row) => minBig(low, BigInt(row.block_number!)), head + 1n);
      await saveChainCursor(this.deps.db, this.network.name, lowest, true);
      this.deps.log.warn(
        { network: this.network.name, deposits: dropped.map((row) => String(row.id)), fromBlock: String(lowest) },
        'chain: reorg dropped pending deposits before their threshold',
      );
    }
    for (const row of due) {
      if (await this.deps.credit(String(row.id))) result.credited += 1;
    }
  }

  private async recheckCredited(head: bigint, result: TickResult): Promise<void> {
    // Twice the threshold back: a reorg deeper than that is beyond what the threshold is meant to cover anyway.
    const depth = BigInt(this.network.confirmations) * 2n;
    const credited = await recentCreditedChainDeposits(
      this.deps.db,
      this.network.name,
      head > depth ? head - depth : 0n,
      this.options.maxPendingPerTick,
    );
    const canonical = await this.canonicalHashes(credited, head);
    for (const row of credited) {
      if (canonical.get(BigInt(row.block_number!)) === row.block_hash) continue;
      await flagDeposit(this.deps.db, String(row.id), 'REORGED');
      result.reorgedAfterCredit += 1;
      this.deps.log.error(
        {
          network: this.network.name,
          depositId: String(row.id),
          txHash: row.tx_hash,
          userId: row.user_id,
          alert: true,
        },
        'chain: a CREDITED deposit was reorged out of the chain; review it (flag REORGED)',
      );
    }
  }

  /** One block lookup per distinct height of the rows. */
  private async canonicalHashes(rows: DepositRow[], head: bigint): Promise<Map<bigint, string | null>> {
    const heights = [...new Set(rows.map((row) => BigInt(row.block_number!)))];
    const hashes = new Map<bigint, string | null>();
    for (const height of heights) hashes.set(height, height > head ? null : await this.deps.chain.blockHash(height));
    return hashes;
  }
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
