import { createWalletClient, createPublicClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { defineChain } from 'viem';
import { testTokenArtifact } from './artifacts.js';
import { LOCAL_CHAIN_ID } from './local-node.js';

export const localChain = (url: string) =>
  defineChain({
    id: LOCAL_CHAIN_ID,
    name: 'Local dev chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });

/** The test tokens the dev chain carries: the project's TestToken deployed three times. */
export const DEV_TOKENS = [
  { symbol: 'USDT', name: 'Test Tether USD', decimals: 6 },
  { symbol: 'USDC', name: 'Test USD Coin', decimals: 6 },
  { symbol: 'BZU', name: 'Test BZU', decimals: 18 },
] as const;

export type DevTokenSymbol = (typeof DEV_TOKENS)[number]['symbol'];
export interface DeployedToken {
  symbol: DevTokenSymbol;
  address: `0x${string}`;
  decimals: number;
}

export function devClients(url: string, key: Hex) {
  const chain = localChain(url);
  const account = privateKeyToAccount(key);
  return {
    account,
    wallet: createWalletClient({ account, chain, transport: http(url) }),
    public: createPublicClient({ chain, transport: http(url) }),
  };
}

/** Deploys USDT, USDC and BZU from `deployerKey` (who alone may mint them) and waits for each receipt. */
export async function deployTestTokens(url: string, deployerKey: Hex): Promise<DeployedToken[]> {
  const { wallet, public: reader } = devClients(url, deployerKey);
  const artifact = testTokenArtifact();
  const deployed: DeployedToken[] = [];
  for (const token of DEV_TOKENS) {
    const hash = await wallet.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args: [token.name, token.symbol, token.decimals],
    });
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (!receipt.contractAddress) throw new Error(`${token.symbol} was not deployed`);
    deployed.push({ symbol: token.symbol, address: receipt.contractAddress, decimals: token.decimals });
  }
  return deployed;
}

/** Mints `amount` token units to `to` (the deployer only); answers the transaction hash once mined. */
export async function mintTestTokens(
  url: string,
  deployerKey: Hex,
  token: `0x${string}`,
  to: `0x${string}`,
  amount: bigint,
): Promise<Hex> {
  const { wallet, public: reader } = devClients(url, deployerKey);
  const hash = await wallet.writeContract({
    address: token,
    abi: testTokenArtifact().abi,
    functionName: 'mint',
    args: [to, amount],
  });
  await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}
