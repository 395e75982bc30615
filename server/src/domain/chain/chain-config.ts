import { z } from 'zod';
import { normalizeAddress } from '../wallet/networks.js';

/**
 * The EVM networks the platform watches and pays on, from configuration (EVM_NETWORKS, a JSON array, or
 * EVM_NETWORKS_FILE): Ethereum, BSC, Polygon, Arbitrum and Base differ only in these values (docs/operations.md).
 */
const evmAddress = z.string().transform((value, context) => {
  const address = normalizeAddress('ERC20', value);
  if (!address) {
    context.addIssue({ code: 'custom', message: 'must be a 0x address (40 hex digits, valid EIP-55 checksum)' });
    return z.NEVER;
  }
  return address as `0x${string}`;
});

export const CHAIN_ASSETS = ['USDT', 'USDC', 'BZU'] as const;
export type ChainAsset = (typeof CHAIN_ASSETS)[number];

const tokenSchema = z.object({
  symbol: z.enum(CHAIN_ASSETS),
  address: evmAddress,
  decimals: z.number().int().min(0).max(36),
});

const networkSchema = z
  .object({
    /** The key deposits and cursors are stored under: lower case, e.g. "ethereum", "bsc", "polygon". */
    name: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/, 'lower-case letters, digits and -, 2-32 characters'),
    label: z.string().min(1).max(60),
    chainId: z.number().int().positive(),
    rpcUrls: z.array(z.url()).min(1).max(5),
    confirmations: z.number().int().min(1).max(10_000),
    blockTimeMs: z.number().int().min(100).max(600_000),
    explorerUrl: z.url().optional(),
    /**
     * Which players' addresses this chain watches: the xpub branch of the ERC20 addresses (one address for a player on
     * every EVM chain) or of the BEP20 ones (what players were shown for BSC).
     */
    addresses: z.enum(['ERC20', 'BEP20']).default('ERC20'),
    /** The first block of the first scan; unset: the head when the watcher first runs (nothing older is credited). */
    startBlock: z.number().int().min(0).optional(),
    /** Blocks one eth_getLogs covers at most (public RPCs refuse wide ranges). */
    maxBlockRange: z.number().int().min(1).max(100_000).default(500),
    /**
     * The processor network this one stands for (at most one configured network per id): players see this network
     * instead of it, and the withdrawals asked for under that id are paid here too. Every configured network pays the
     * withdrawals asked for under its own name from the hot wallet either way.
     */
    withdrawals: z.enum(['ERC20', 'BEP20']).optional(),
    /** A payout not mined after this long is signed again with higher fees (same nonce). */
    payoutStuckAfterMs: z.number().int().min(0).default(180_000),
    /** True only for the embedded development chain: enables the "Send test tokens" button. */
    dev: z.boolean().default(false),
    tokens: z.array(tokenSchema).min(1).max(10),
  })
  .refine((network) => new Set(network.tokens.map((token) => token.symbol)).size === network.tokens.length, {
    message: 'each token symbol at most once per network',
    path: ['tokens'],
  });

export const evmNetworksSchema = z
  .array(networkSchema)
  .max(20)
  .refine((networks) => new Set(networks.map((network) => network.name)).size === networks.length, {
    message: 'network names must be unique',
  })
  .refine((networks) => new Set(networks.map((network) => network.chainId)).size === networks.length, {
    message: 'chain ids must be unique',
  })
  .refine(
    (networks) => {
      const payers = networks.flatMap((network) => (network.withdrawals ? [network.withdrawals] : []));
      return new Set(payers).size === payers.length;
    },
    { message: 'each withdrawal network (withdrawals) is paid by one network at most' },
  );

export type EvmNetwork = z.infer<typeof networkSchema>;
export type EvmToken = EvmNetwork['tokens'][number];

/** Parses the JSON text of EVM_NETWORKS; throws one readable line naming the bad field. */
export function parseEvmNetworks(text: string): EvmNetwork[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`EVM_NETWORKS is not JSON: ${(error as Error).message}`);
  }
  const parsed = evmNetworksSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`EVM_NETWORKS: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}

/** Token units (10^-decimals) to ledger units (10^-8): exact, or rounded down (the dust stays on chain). */
export function tokenUnitsToE8(raw: bigint, decimals: number): bigint {
  return decimals >= 8 ? raw / 10n ** BigInt(decimals - 8) : raw * 10n ** BigInt(8 - decimals);
}

/** Ledger units to token units (exact: a token with fewer than 8 decimals refuses amounts it cannot carry). */
export function e8ToTokenUnits(amountE8: bigint, decimals: number): bigint {
  if (decimals >= 8) return amountE8 * 10n ** BigInt(decimals - 8);
  const factor = 10n ** BigInt(8 - decimals);
  if (amountE8 % factor !== 0n) throw new RangeError(`amount has more than ${decimals} decimals`);
  return amountE8 / factor;
}

/** The withdrawal network ids a configured network pays: its own name and the processor id it stands for. */
export function withdrawalIdsPaidBy(network: EvmNetwork): string[] {
  return network.withdrawals ? [network.name, network.withdrawals] : [network.name];
}

export function explorerTxUrl(network: EvmNetwork, txHash: string): string | null {
  return network.explorerUrl ? `${network.explorerUrl.replace(/\/+$/, '')}/tx/${txHash}` : null;
}
