import { createPublicClient, fallback, http, parseAbiItem, type PublicClient } from 'viem';
import type { ChainReader, TransferLog } from '../domain/chain/chain-rpc.js';
import { normalizeAddress, normalizeTxHash } from '../domain/wallet/networks.js';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** JSON-RPC calls made, by method: the bench and the metrics read them. */
export class RpcCallCounter {
  readonly calls = new Map<string, number>();
  add(method: string): void {
    this.calls.set(method, (this.calls.get(method) ?? 0) + 1);
  }
  get total(): number {
    let sum = 0;
    for (const count of this.calls.values()) sum += count;
    return sum;
  }
}

export function createEvmClient(rpcUrls: string[], options: { timeoutMs?: number } = {}): PublicClient {
  // The next URL when one fails; viem's own retries stay low: the watcher's loop backs off between ticks.
  const transports = rpcUrls.map((url) => http(url, { timeout: options.timeoutMs ?? 10_000, retryCount: 1 }));
  return createPublicClient({ transport: transports.length === 1 ? transports[0]! : fallback(transports) });
}

/** The watcher's reads over viem; answers checked before use (a chain is hostile input). */
export class EvmChainReader implements ChainReader {
  constructor(
    private readonly client: PublicClient,
    readonly counter = new RpcCallCounter(),
  ) {}

  async blockNumber(): Promise<bigint> {
    this.counter.add('eth_blockNumber');
    return this.client.getBlockNumber({ cacheTime: 0 });
  }

  async blockHash(height: bigint): Promise<string | null> {
    this.counter.add('eth_getBlockByNumber');
    try {
      const block = await this.client.getBlock({ blockNumber: height, includeTransactions: false });
      return block.hash ? block.hash.toLowerCase() : null;
    } catch (error) {
      if ((error as Error).name === 'BlockNotFoundError') return null;
      throw error;
    }
  }

  async transferLogs(token: `0x${string}`, fromBlock: bigint, toBlock: bigint): Promise<TransferLog[]> {
    this.counter.add('eth_getLogs');
    const logs = await this.client.getLogs({ address: token, event: TRANSFER, fromBlock, toBlock, strict: true });
    const out: TransferLog[] = [];
    for (const log of logs) {
      if (log.removed || log.blockNumber === null || log.blockHash === null || log.transactionHash === null) continue;
      const to = normalizeAddress('ERC20', log.args.to);
      const from = normalizeAddress('ERC20', log.args.from);
      const txHash = normalizeTxHash('ERC20', log.transactionHash);
      const contract = normalizeAddress('ERC20', log.address);
      if (!to || !from || !txHash || !contract || typeof log.logIndex !== 'number') continue;
      out.push({
        token: contract as `0x${string}`,
        from,
        to,
        value: log.args.value,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash.toLowerCase(),
        txHash,
        logIndex: log.logIndex,
      });
    }
    return out;
  }
}
