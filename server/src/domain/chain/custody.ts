import type { Db } from '../../../../db/client.js';
import {
  fundedDepositAddresses,
  markReorgReviewed,
  networkBook,
  playerLiabilities,
  unreviewedReorgedDeposits,
} from '../../../../db/repositories/chain.repo.js';
import { DomainError } from '../errors.js';
import { recordStaffAction, type StaffActor } from '../staff/audit-log.js';
import { formatAmount, type Currency } from '../wallet/amounts.js';
import { assetCurrency } from '../wallet/networks.js';
import { tokenUnitsToE8, withdrawalIdsPaidBy, type EvmNetwork } from './chain-config.js';
import type { ChainBalances } from './payout-ports.js';

/** One token on one network; amounts in decimal text (ledger units). */
export interface CustodyTokenLine {
  symbol: string;
  currency: Currency;
  /** On chain: the hot wallet, the deposit addresses, both. */
  hotWallet: string;
  depositAddresses: string;
  total: string;
  /** The ledger's side for this network and token: deposits credited on it less withdrawals paid from it. */
  deposited: string;
  withdrawn: string;
  booked: string;
  /** total - booked: below zero, tokens left this network that the ledger never paid out. */
  difference: string;
  ok: boolean;
}

export interface CustodyNetwork {
  name: string;
  label: string;
  hotWallet: string;
  addressesChecked: number;
  tokens: CustodyTokenLine[];
  /** Set when the network could not be read: its holdings are then unknown and the report cannot balance. */
  error: string | null;
  /** Read, and every token holds at least what the ledger booked to it. */
  ok: boolean;
}

/** A credited deposit whose block left the chain afterwards (flag REORGED), not yet marked reviewed. */
export interface ReorgedDeposit {
  id: string;
  userId: number;
  loginName: string;
  network: string;
  asset: string;
  currency: Currency;
  amount: string;
  txHash: string;
  logIndex: number;
  blockNumber: string | null;
  creditedAt: string | null;
}

/** The most reorged deposits one report lists (oldest first); `reorgedMore` says when there are others. */
const REORGED_LISTED = 100;

export interface CustodyReport {
  networks: CustodyNetwork[];
  /**
   * Credited deposits reorged out of the chain and not yet reviewed: the player kept a credit the chain no longer
   * holds. Each stays listed (and `custody:report` exits 1) until an operator marks it reviewed
   * (`custody:reorg-reviewed <depositId>`).
   */
  reorged: ReorgedDeposit[];
  reorgedMore: boolean;
  /** Per currency, in decimal text: held on chain (every network), owed to players, held minus owed. */
  held: Record<Currency, string>;
  owed: Record<Currency, string>;
  surplus: Record<Currency, string>;
  /**
   * True when every network was read, each network holds at least its booked amount of each token, and the chain
   * holds at least what players are owed in each currency.
   */
  ok: boolean;
}

/**
 * On-chain holdings (the hot wallet plus every deposit address that received a deposit) per network and token, each
 * against the ledger's record of that network and token (deposits credited there less withdrawals paid from there),
 * and in total per currency against what the ledger owes players (their balances plus reserved withdrawals; a
 * player's balance belongs to no network, so it is compared with the whole chain). Stablecoins count 1:1 as USD.
 */
export async function custodyReport(deps: {
  db: Db;
  networks: EvmNetwork[];
  balancesFor: (network: EvmNetwork) => ChainBalances;
  hotWallet: `0x${string}`;
}): Promise<CustodyReport> {
  const held: Record<Currency, bigint> = { USD: 0n, BZU: 0n };
  const networks: CustodyNetwork[] = [];
  for (const network of deps.networks) {
    const [addresses, book] = await Promise.all([
      fundedDepositAddresses(deps.db, network.name),
      networkBook(deps.db, network.name, withdrawalIdsPaidBy(network)),
    ]);
    const chain = deps.balancesFor(network);
    const header = {
      name: network.name,
      label: network.label,
      hotWallet: deps.hotWallet,
      addressesChecked: addresses.length,
    };
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
        const { deposited, withdrawn } = book.get(token.symbol) ?? { deposited: 0n, withdrawn: 0n };
        const booked = deposited - withdrawn;
        tokens.push({
          symbol: token.symbol,
          currency,
          hotWallet: formatAmount(hot),
          depositAddresses: formatAmount(deposits),
          total: formatAmount(hot + deposits),
          deposited: formatAmount(deposited),
          withdrawn: formatAmount(withdrawn),
          booked: formatAmount(booked),
          difference: formatAmount(hot + deposits - booked),
          ok: hot + deposits >= booked,
        });
      }
      networks.push({ ...header, tokens, error: null, ok: tokens.every((line) => line.ok) });
    } catch (error) {
      networks.push({ ...header, tokens: [], error: (error as Error).message.split('\n')[0]!, ok: false });
    }
  }
  const [liabilities, reorgedRows] = await Promise.all([
    playerLiabilities(deps.db),
    unreviewedReorgedDeposits(deps.db, REORGED_LISTED + 1),
  ]);
  const owed: Record<Currency, bigint> = { USD: liabilities.get('USD') ?? 0n, BZU: liabilities.get('BZU') ?? 0n };
  const both = (value: (currency: Currency) => bigint) => ({
    USD: formatAmount(value('USD')),
    BZU: formatAmount(value('BZU')),
  });
  const reorged = reorgedRows.slice(0, REORGED_LISTED).map((row): ReorgedDeposit => ({
    id: row.id,
    userId: row.user_id,
    loginName: row.login_name,
    network: row.network,
    asset: row.asset,
    currency: row.currency,
    amount: formatAmount(BigInt(row.amount_e8)),
    txHash: row.tx_hash,
    logIndex: row.output_index,
    blockNumber: row.block_number === null ? null : String(row.block_number),
    creditedAt: row.credited_at ? new Date(row.credited_at).toISOString() : null,
  }));
  return {
    networks,
    reorged,
    reorgedMore: reorgedRows.length > REORGED_LISTED,
    held: both((currency) => held[currency]),
    owed: both((currency) => owed[currency]),
    surplus: both((currency) => held[currency] - owed[currency]),
    ok: networks.every((network) => network.ok) && held.USD >= owed.USD && held.BZU >= owed.BZU,
  };
}

/** The custody report as a service (the CLI's custody:report and the admin console). */
export class CustodyService {
  constructor(private readonly deps: Parameters<typeof custodyReport>[0]) {}

  report(): Promise<CustodyReport> {
    return custodyReport(this.deps);
  }

  /**
   * An operator has looked at a reorged deposit (and settled it with the player): it leaves the report. The note (what
   * was decided) goes to the staff audit log with the flag, in one transaction.
   */
  async markReorgReviewed(actor: StaffActor, depositId: string, note: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await markReorgReviewed(trx, depositId))) {
        throw new DomainError('NOT_FOUND', `Deposit ${depositId} is not a reorged deposit waiting for review`, {
          code: 'NOT_REORGED',
        });
      }
      await recordStaffAction(trx, actor, {
        action: 'deposit.reorgReviewed',
        target: { type: 'deposit', id: depositId },
        after: { flag: 'REORG_REVIEWED', note },
      });
    });
  }
}
