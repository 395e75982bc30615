import { DomainError } from '../errors.js';
import { e8ToTokenUnits, type EvmNetwork } from './chain-config.js';

/** How much one press of "Send test …" pays, in ledger units (1e-8): 100 USDT / USDC, 1,000 BZU. */
const TEST_AMOUNT_E8: Record<string, bigint> = {
  USDT: 100n * 10n ** 8n,
  USDC: 100n * 10n ** 8n,
  BZU: 1_000n * 10n ** 8n,
};

export interface DevChainInfo {
  network: string;
  label: string;
  confirmations: number;
  tokens: { symbol: string; amount: string }[];
}

/**
 * The development chain's faucet: pays test tokens from a funded development account to the player's own deposit
 * address, so the deposit arrives, confirms and is credited like a real one (the watcher does the crediting). Exists
 * only for a network configured with dev: true, never under NODE_ENV=production.
 */
export class DevChainFaucet {
  constructor(
    private readonly deps: {
      network: EvmNetwork;
      /** The player's deposit address on this network (refused while self-excluded). */
      depositAddress: (userId: number) => Promise<{ address: string }>;
      /** Sends `units` of the token to `to` from the funded account; answers the transaction hash once broadcast. */
      pay: (token: `0x${string}`, to: `0x${string}`, units: bigint) => Promise<string>;
    },
  ) {}

  info(): DevChainInfo {
    const { network } = this.deps;
    return {
      network: network.name,
      label: network.label,
      confirmations: network.confirmations,
      tokens: network.tokens.map((token) => ({
        symbol: token.symbol,
        amount: String(TEST_AMOUNT_E8[token.symbol]! / 10n ** 8n),
      })),
    };
  }

  async send(userId: number, symbol: string): Promise<{ txHash: string; symbol: string; amount: string }> {
    const token = this.deps.network.tokens.find((candidate) => candidate.symbol === symbol);
    if (!token) throw new DomainError('BAD_REQUEST', `symbol: ${symbol} is not on ${this.deps.network.label}`);
    const { address } = await this.deps.depositAddress(userId);
    const amountE8 = TEST_AMOUNT_E8[token.symbol]!;
    const txHash = await this.deps.pay(
      token.address,
      address as `0x${string}`,
      e8ToTokenUnits(amountE8, token.decimals),
    );
    return { txHash, symbol: token.symbol, amount: String(amountE8 / 10n ** 8n) };
  }
}
