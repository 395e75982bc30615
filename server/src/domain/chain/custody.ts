import type { Db } from '../../../../db/client.js';
import { fundedDepositAddresses, playerLiabilities } from '../../../../db/repositories/chain.repo.js';
import { formatAmount, type Currency } from '../wallet/amounts.js';
import { assetCurrency } from '../wallet/networks.js';
import { tokenUnitsToE8, type EvmNetwork } from './chain-config.js';
import type { ChainBalances } from './payout-ports.js';

export interface CustodyTokenLine {
  symbol: string;
  currency: Currency;
  /** Ledger units (1e-8), as text. */
  hotWallet: string;
  depositAddresses: string;
  total: string;
}

export interface CustodyNetwork {
  name: string;
  label: string;
  hotWallet: string;
  addressesChecked: number;
  tokens: CustodyTokenLine[];
  /** Set when the network could not be read: its holdings are then unknown and the report cannot balance. */
  error: string | null;
}

export interface CustodyReport {
  networks: CustodyNetwork[];
  /** Per currency, in decimal text: held on chain, owed to players, held minus owed. */
  held: Record<Currency, string>;
  owed: Record<Currency, string>;
  surplus: Record<Currency, string>;
  /** True when every network was read and the chain holds at least what players are owed in each currency. */
  ok: boolean;
}

/**
 * On-chain holdings (the hot wallet plus every deposit address that received a deposit, per token and network)
 * against what the ledger owes players (their balances plus reserved withdrawals). Stablecoins count 1:1 as USD.
 */
export async function custodyReport(deps: {
  db: Db;
  networks: EvmNetwork[];
  balancesFor: (network: EvmNetwork) => ChainBalances;
  hotWallet: `0x${string}`;
}): Promise<CustodyReport> {
  const held: Record<Currency, bigint> = { USD: 0n, BZU: 0n };
  const networks: CustodyNetwork[] = [];
  let readable = true;
  for (const network of deps.networks) {
    const addresses = await fundedDepositAddresses(deps.db, network.name);
    const chain = deps.balancesFor(network);
    try {
      const tokens: CustodyTokenLine[] = [];
      for (const token of network.tokens) {
        const hot = tokenUnitsToE8(await chain.tokenBalance(token.address, deps.hotWallet), token.decimals);
        let deposits = 0n;
        for (const { address } of addresses) {
          deposits += tokenUnitsToE8(await chain.tokenBalance(token.address, address as `0x${string}`), token.decimals);
        }
        const currency = assetCurrency(token.symbol);
        held[currency] += hot + deposits;
        tokens.push({
          symbol: token.symbol,
          currency,
          hotWallet: formatAmount(hot),
          depositAddresses: formatAmount(deposits),
          total: formatAmount(hot + deposits),
        });
      }
      networks.push({ ...header(network, deps.hotWallet, addresses.length), tokens, error: null });
    } catch (error) {
      readable = false;
      networks.push({
        ...header(network, deps.hotWallet, addresses.length),
        tokens: [],
        error: (error as Error).message.split('\n')[0]!,
      });
    }
  }
  const liabilities = await playerLiabilities(deps.db);
  const owed: Record<Currency, bigint> = { USD: liabilities.get('USD') ?? 0n, BZU: liabilities.get('BZU') ?? 0n };
  const both = (value: (currency: Currency) => bigint) => ({
    USD: formatAmount(value('USD')),
    BZU: formatAmount(value('BZU')),
  });
  return {
    networks,
    held: both((currency) => held[currency]),
    owed: both((currency) => owed[currency]),
    surplus: both((currency) => held[currency] - owed[currency]),
    ok: readable && held.USD >= owed.USD && held.BZU >= owed.BZU,
  };
}

function header(network: EvmNetwork, hotWallet: string, addressesChecked: number) {
  return { name: network.name, label: network.label, hotWallet, addressesChecked };
}

/** The custody report as a service (the CLI's custody:report and the admin console). */
export class CustodyService {
  constructor(private readonly deps: Parameters<typeof custodyReport>[0]) {}

  report(): Promise<CustodyReport> {
    return custodyReport(this.deps);
  }
}
