import { deployTestTokens, devClients, mintTestTokens } from '../chain/dev-tokens.js';
import { DEV_ACCOUNT_KEYS, LOCAL_CHAIN_ID, startLocalNode, type LocalNode } from '../chain/local-node.js';
import { DEV_FAUCET_KEY } from '../server/src/infra/dev-chain-payer.js';
import path from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';

/** Where a running launcher leaves its dev chain's EVM_NETWORKS, for `npm run cli` beside it. */
export function devChainFile(dataDir: string): string {
  return path.join(dataDir, 'dev-chain-networks.json');
}

export interface DevChain {
  node: LocalNode;
  /** EVM_NETWORKS for the server and the worker. */
  networksJson: string;
}

/** What the embedded chain mints: plenty for the faucet account, a float for the hot wallet's payouts. */
const FAUCET_FLOAT = 1_000_000_000n;
const HOT_WALLET_FLOAT = 1_000_000n;

/**
 * `npm start` with no EVM network configured: a local EVM node (Hardhat 2), the project's test USDT, USDC and BZU
 * deployed on it, the faucet account behind the deposit page's "Send test …" buttons and the hot wallet funded, and a
 * block every `blockMs`. The chain lives in memory: each start is a new chain, so its network gets a name of its own
 * (deposits of earlier runs stay listed under theirs).
 */
export async function startDevChain(options: {
  port?: number;
  blockMs: number;
  hotWallet: `0x${string}`;
}): Promise<DevChain> {
  const node = await startLocalNode({ port: options.port });
  try {
    const tokens = await deployTestTokens(node.url, DEV_ACCOUNT_KEYS[0]);
    const faucet = privateKeyToAccount(DEV_FAUCET_KEY).address;
    for (const token of tokens) {
      const unit = 10n ** BigInt(token.decimals);
      await mintTestTokens(node.url, DEV_ACCOUNT_KEYS[0], token.address, faucet, FAUCET_FLOAT * unit);
      await mintTestTokens(node.url, DEV_ACCOUNT_KEYS[0], token.address, options.hotWallet, HOT_WALLET_FLOAT * unit);
    }
    const gasPayer = devClients(node.url, DEV_ACCOUNT_KEYS[2]);
    const funded = await gasPayer.wallet.sendTransaction({ to: options.hotWallet, value: 1_000n * 10n ** 18n });
    await gasPayer.public.waitForTransactionReceipt({ hash: funded, pollingInterval: 50 });
    // From here on blocks come on a clock, as on a real chain: a deposit confirms block by block.
    await node.rpc('evm_setAutomine', [false]);
    await node.rpc('evm_setIntervalMining', [options.blockMs]);
    const networksJson = JSON.stringify([
      {
        name: `devchain-${Date.now().toString(36)}`,
        label: 'Local dev chain',
        chainId: LOCAL_CHAIN_ID,
        rpcUrls: [node.url],
        confirmations: 3,
        blockTimeMs: options.blockMs,
        startBlock: 0,
        withdrawals: 'ERC20',
        payoutStuckAfterMs: 30_000,
        dev: true,
        tokens: tokens.map(({ symbol, address, decimals }) => ({ symbol, address, decimals })),
      },
    ]);
    return { node, networksJson };
  } catch (error) {
    await node.stop();
    throw error;
  }
}
