import { DomainError } from '../errors.js';
import { explorerTxUrl, type EvmNetwork } from '../chain/chain-config.js';
import { NETWORK_IDS, NETWORKS, type Asset, type NetworkId } from './networks.js';

/**
 * A network a player deposits on and withdraws to, as the cashier offers it: every configured EVM network
 * (EVM_NETWORKS: watched by the worker, paid from the hot wallet), then the processor networks (ERC20, BEP20, TRC20:
 * deposits reported by the payment processor's webhook, withdrawals paid by hand) that no configured network stands
 * for.
 */
export interface CashierNetwork {
  /** What deposits and withdrawals store: a configured network's name ("polygon"), or a processor id ("TRC20"). */
  id: string;
  name: string;
  /** How its addresses look and which xpub branch derives a player's deposit address there. */
  addresses: NetworkId;
  family: 'evm' | 'tron';
  assets: Asset[];
  /** Confirmations a deposit waits for: the configured network's own, or DEPOSIT_CONFIRMATIONS for a processor's. */
  confirmations: number;
  /** The configured EVM network (null: a processor network). */
  chain: EvmNetwork | null;
}

export class CashierNetworks {
  private readonly offered: CashierNetwork[];
  /** Ids players may name: every offered id, plus each processor id a configured network stands for. */
  private readonly byId = new Map<string, CashierNetwork>();

  constructor(evm: EvmNetwork[], processorConfirmations: Record<NetworkId, number>) {
    const configured = evm.map((chain): CashierNetwork => ({
      id: chain.name,
      name: chain.label,
      addresses: chain.addresses,
      family: 'evm',
      assets: chain.tokens.map((token) => token.symbol),
      confirmations: chain.confirmations,
      chain,
    }));
    // `withdrawals: "ERC20"` on a configured network: it is what players knew as ERC20 (and what was asked for under
    // that id is paid there), so the processor's ERC20 is not offered beside it.
    const standIns = new Map<string, string>(
      evm.flatMap((chain) => (chain.withdrawals ? [[chain.withdrawals, chain.name] as const] : [])),
    );
    const processors = NETWORK_IDS.filter((id) => !standIns.has(id)).map((id): CashierNetwork => ({
      id,
      name: NETWORKS[id].name,
      addresses: id,
      family: NETWORKS[id].family,
      assets: [...NETWORKS[id].assets],
      confirmations: processorConfirmations[id],
      chain: null,
    }));
    this.offered = [...configured, ...processors];
    for (const network of this.offered) this.byId.set(network.id, network);
    for (const [processorId, name] of standIns) this.byId.set(processorId, this.byId.get(name)!);
  }

  list(): CashierNetwork[] {
    return this.offered;
  }

  get(id: string): CashierNetwork | undefined {
    return this.byId.get(id);
  }

  /** The network a player named; a 400 naming the ones there are otherwise. */
  require(id: string): CashierNetwork {
    const network = this.get(id);
    if (!network) {
      throw new DomainError(
        'BAD_REQUEST',
        `network: ${id} is not offered here (${this.offered.map((item) => item.id).join(', ')})`,
        { code: 'UNKNOWN_NETWORK' },
      );
    }
    return network;
  }

  /** A payout's transaction on its network's explorer, when a configured network with an explorer paid it. */
  explorerTxUrl(id: string, txid: string): string | null {
    const chain = this.get(id)?.chain;
    return chain ? explorerTxUrl(chain, txid) : null;
  }
}
