import {
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  erc20Abi,
  keccak256,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  TransferWouldFail,
  type ChainBalances,
  type Eip1559Fees,
  type NativeToSign,
  type PayoutChain,
  type PayoutReceipt,
  type PayoutSigner,
  type TransferToSign,
} from '../domain/chain/payout-ports.js';
import { RpcCallCounter } from './evm-rpc.js';

/** The hot wallet's signer from its private key (derived from WALLET_XPRV by server/src/infra/wallet-signing-keys.ts). */
export function privateKeySigner(privateKey: `0x${string}`): PayoutSigner {
  const account = privateKeyToAccount(privateKey);
  return {
    address: account.address,
    async signTransfer(transfer: TransferToSign) {
      const raw = await account.signTransaction({
        type: 'eip1559',
        chainId: transfer.chainId,
        nonce: Number(transfer.nonce),
        to: transfer.token,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [transfer.to, transfer.amount] }),
        gas: transfer.gas,
        maxFeePerGas: transfer.fees.maxFeePerGas,
        maxPriorityFeePerGas: transfer.fees.maxPriorityFeePerGas,
      });
      return { raw, hash: keccak256(raw).toLowerCase() };
    },
    async signNative(transfer: NativeToSign) {
      const raw = await account.signTransaction({
        type: 'eip1559',
        chainId: transfer.chainId,
        nonce: Number(transfer.nonce),
        to: transfer.to,
        value: transfer.value,
        gas: 21_000n,
        maxFeePerGas: transfer.fees.maxFeePerGas,
        maxPriorityFeePerGas: transfer.fees.maxPriorityFeePerGas,
      });
      return { raw, hash: keccak256(raw).toLowerCase() };
    },
  };
}

/** The payout sender's chain calls over viem. */
export class EvmPayoutChain implements PayoutChain, ChainBalances {
  constructor(
    private readonly client: PublicClient,
    readonly counter = new RpcCallCounter(),
  ) {}

  async blockNumber(): Promise<bigint> {
    this.counter.add('eth_blockNumber');
    return this.client.getBlockNumber({ cacheTime: 0 });
  }

  async pendingNonce(address: `0x${string}`): Promise<bigint> {
    this.counter.add('eth_getTransactionCount');
    return BigInt(await this.client.getTransactionCount({ address, blockTag: 'pending' }));
  }

  async minedNonce(address: `0x${string}`): Promise<bigint> {
    this.counter.add('eth_getTransactionCount');
    return BigInt(await this.client.getTransactionCount({ address, blockTag: 'latest' }));
  }

  async tokenBalance(token: `0x${string}`, holder: `0x${string}`): Promise<bigint> {
    this.counter.add('eth_call');
    return this.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] });
  }

  async nativeBalance(holder: `0x${string}`): Promise<bigint> {
    this.counter.add('eth_getBalance');
    return this.client.getBalance({ address: holder });
  }

  async fees(): Promise<Eip1559Fees> {
    this.counter.add('eth_feeHistory');
    const { maxFeePerGas, maxPriorityFeePerGas } = await this.client.estimateFeesPerGas({
      type: 'eip1559',
      chain: null,
    });
    return { maxFeePerGas, maxPriorityFeePerGas };
  }

  async estimateTransferGas(
    from: `0x${string}`,
    token: `0x${string}`,
    to: `0x${string}`,
    amount: bigint,
  ): Promise<bigint> {
    this.counter.add('eth_estimateGas');
    try {
      return await this.client.estimateContractGas({
        account: from,
        address: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, amount],
      });
    } catch (error) {
      const reverted =
        error instanceof BaseError &&
        (error.walk((cause) => cause instanceof ContractFunctionRevertedError) !== null ||
          /revert|insufficient funds/i.test(error.message));
      if (reverted) throw new TransferWouldFail((error as Error).message.split('\n')[0]);
      throw error;
    }
  }

  async broadcast(raw: `0x${string}`): Promise<void> {
    this.counter.add('eth_sendRawTransaction');
    await this.client.sendRawTransaction({ serializedTransaction: raw });
  }

  async knows(hash: string): Promise<boolean> {
    this.counter.add('eth_getTransactionByHash');
    try {
      await this.client.getTransaction({ hash: hash as `0x${string}` });
      return true;
    } catch (error) {
      if ((error as Error).name === 'TransactionNotFoundError') return false;
      throw error;
    }
  }

  async receipt(hash: string): Promise<PayoutReceipt | null> {
    this.counter.add('eth_getTransactionReceipt');
    try {
      const receipt = await this.client.getTransactionReceipt({ hash: hash as `0x${string}` });
      return { status: receipt.status, blockNumber: receipt.blockNumber, blockHash: receipt.blockHash.toLowerCase() };
    } catch (error) {
      if ((error as Error).name === 'TransactionReceiptNotFoundError') return null;
      throw error;
    }
  }
}
