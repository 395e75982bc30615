import { afterAll, beforeAll } from 'vitest';
import { erc20Abi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_FAUCET_KEY } from '../../server/src/infra/dev-chain-payer.js';
import { createLogger } from '../../server/src/infra/logger.js';
import { startChainWatchers } from '../../worker/src/chain-watchers.js';
import type { TestPlatform } from './platform.js';
import { deployTestTokens, devClients, mintTestTokens, type DeployedToken } from '../../chain/dev-tokens.js';
import { DEV_ACCOUNT_KEYS, startLocalNode, type LocalNode } from '../../chain/local-node.js';
import { evmNetworksSchema, type EvmNetwork } from '../../server/src/domain/chain/chain-config.js';

/**
 * One real local EVM node (Hardhat 2) for a whole test file, with the test USDT, USDC and BZU deployed. Tests mine
 * blocks on demand (every transaction is mined at once), so nothing waits on a clock.
 */
export function localChainSuite(): { node: LocalNode; tokens: DeployedToken[] } {
  const suite = {} as { node: LocalNode; tokens: DeployedToken[] };
  beforeAll(async () => {
    suite.node = await startLocalNode();
    suite.tokens = await deployTestTokens(suite.node.url, DEV_ACCOUNT_KEYS[0]);
  });
  afterAll(async () => {
    await suite.node?.stop();
  });
  return suite;
}

/** The node as a configured network (parsed by the production schema), with overrides. */
export function localNetwork(
  node: LocalNode,
  tokens: DeployedToken[],
  overrides: Partial<Record<string, unknown>> = {},
): EvmNetwork {
  return evmNetworksSchema.parse([
    {
      name: 'local',
      label: 'Local dev chain',
      chainId: 31337,
      rpcUrls: [node.url],
      confirmations: 3,
      blockTimeMs: 1_000,
      startBlock: 0,
      dev: true,
      tokens: tokens.map(({ symbol, address, decimals }) => ({ symbol, address, decimals })),
      ...overrides,
    },
  ])[0]!;
}

export function tokenOf(tokens: DeployedToken[], symbol: DeployedToken['symbol']): DeployedToken {
  return tokens.find((token) => token.symbol === symbol)!;
}

/** Pays `to` by minting (one transaction, one block); answers the block it landed in. */
export async function payByMint(
  node: LocalNode,
  token: DeployedToken,
  to: string,
  units: bigint,
): Promise<{ txHash: string; block: bigint }> {
  const txHash = await mintTestTokens(node.url, DEV_ACCOUNT_KEYS[0], token.address, to as `0x${string}`, units);
  return { txHash, block: await node.blockNumber() };
}

/** Sends native coin (ETH on the local node) from a funded development account. */
export async function sendNative(node: LocalNode, to: string, wei: bigint): Promise<void> {
  const { wallet, public: reader } = devClients(node.url, DEV_ACCOUNT_KEYS[1]);
  const hash = await wallet.sendTransaction({ to: to as `0x${string}`, value: wei });
  await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
}

/** A token balance in token units. */
export async function tokenBalance(node: LocalNode, token: DeployedToken, holder: string): Promise<bigint> {
  const { public: reader } = devClients(node.url, DEV_ACCOUNT_KEYS[0]);
  return reader.readContract({
    address: token.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [holder as `0x${string}`],
  });
}

/** Funds the development faucet account (what the deposit page's "Send test …" pays from) with every token. */
export async function fundDevFaucet(node: LocalNode, tokens: DeployedToken[]): Promise<void> {
  const faucet = privateKeyToAccount(DEV_FAUCET_KEY).address;
  for (const token of tokens) {
    await mintTestTokens(node.url, DEV_ACCOUNT_KEYS[0], token.address, faucet, 10n ** BigInt(token.decimals + 6));
  }
}

/** The worker's chain loops (watchers, and payouts/sweeps when there is a key) on a test platform, silent. */
export function startChainLoops(platform: TestPlatform) {
  return startChainWatchers({
    infra: platform.platform.infra,
    services: platform.platform.services,
    logger: createLogger('silent', 'worker'),
  });
}
