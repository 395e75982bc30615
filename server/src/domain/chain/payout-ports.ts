export interface Eip1559Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface TransferToSign {
  chainId: number;
  token: `0x${string}`;
  to: `0x${string}`;
  amount: bigint;
  nonce: bigint;
  gas: bigint;
  fees: Eip1559Fees;
}

export interface NativeToSign {
  chainId: number;
  to: `0x${string}`;
  value: bigint;
  nonce: bigint;
  fees: Eip1559Fees;
}

/** Signs with one key (the hot wallet's, or a deposit address's for a sweep); only the worker that holds WALLET_XPRV builds one. */
export interface PayoutSigner {
  readonly address: `0x${string}`;
  signTransfer(transfer: TransferToSign): Promise<{ raw: `0x${string}`; hash: string }>;
  signNative(transfer: NativeToSign): Promise<{ raw: `0x${string}`; hash: string }>;
}

/** Balances on a chain, in the token's own units (wei for the native coin). */
export interface ChainBalances {
  tokenBalance(token: `0x${string}`, holder: `0x${string}`): Promise<bigint>;
  nativeBalance(holder: `0x${string}`): Promise<bigint>;
}

export interface PayoutReceipt {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  blockHash: string;
}

/** What the payout sender asks a chain (server/src/infra/evm-payouts.ts). */
export interface PayoutChain {
  blockNumber(): Promise<bigint>;
  /** eth_getTransactionCount(address, 'pending'). */
  pendingNonce(address: `0x${string}`): Promise<bigint>;
  /** eth_getTransactionCount(address, 'latest'): below pendingNonce while a transaction waits. */
  minedNonce(address: `0x${string}`): Promise<bigint>;
  fees(): Promise<Eip1559Fees>;
  /** Throws TransferWouldFail when the call would revert (the hot wallet lacks the tokens, ...). */
  estimateTransferGas(from: `0x${string}`, token: `0x${string}`, to: `0x${string}`, amount: bigint): Promise<bigint>;
  broadcast(raw: `0x${string}`): Promise<void>;
  /** Is the transaction known to the node (pending or mined)? */
  knows(hash: string): Promise<boolean>;
  receipt(hash: string): Promise<PayoutReceipt | null>;
}

export class TransferWouldFail extends Error {}
