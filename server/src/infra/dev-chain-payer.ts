import { createWalletClient, erc20Abi, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { localChain } from '../../../chain/dev-tokens.js';
import { DEV_ACCOUNT_KEYS } from '../../../chain/local-node.js';

/** The development account that holds the test tokens (npm start funds it when it deploys them). */
export const DEV_FAUCET_KEY = DEV_ACCOUNT_KEYS[1];

/**
 * Pays test tokens from the funded development account. One payment at a time: the account's nonce is taken from
 * the node's pending count, which two payments at once would both read.
 */
export function devChainPayer(rpcUrl: string, chainId: number) {
  const account = privateKeyToAccount(DEV_FAUCET_KEY);
  const wallet = createWalletClient({
    account,
    chain: { ...localChain(rpcUrl), id: chainId },
    transport: http(rpcUrl),
  });
  let queue: Promise<unknown> = Promise.resolve();
  return (token: `0x${string}`, to: `0x${string}`, units: bigint): Promise<string> => {
    const next = queue.then(() =>
      wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [to, units] }),
    );
    queue = next.catch(() => undefined);
    return next;
  };
}
