/** A token Transfer log as the watcher needs it (addresses checksummed, hashes 0x + lower-case hex). */
export interface TransferLog {
  token: `0x${string}`;
  from: string;
  to: string;
  value: bigint;
  blockNumber: bigint;
  blockHash: string;
  txHash: string;
  logIndex: number;
}

/**
 * What the watcher asks a chain (server/src/infra/evm-rpc.ts answers over JSON-RPC). Every answer is hostile input:
 * the implementation checks its shape.
 */
export interface ChainReader {
  blockNumber(): Promise<bigint>;
  /** The hash of the canonical block at a height; null when the chain is not that long (any more). */
  blockHash(height: bigint): Promise<string | null>;
  /** One eth_getLogs: every Transfer of one token contract in [fromBlock, toBlock]. */
  transferLogs(token: `0x${string}`, fromBlock: bigint, toBlock: bigint): Promise<TransferLog[]>;
}
