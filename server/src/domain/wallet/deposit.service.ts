import type { Db } from '../../../../db/client.js';
import type { DepositStatus } from '../../../../db/wallet-tables.js';
import {
  findDepositAddress,
  findDepositAddressOwner,
  findUserIdByLoginName,
  insertDepositAddress,
  countDeposits,
  listDeposits,
  markDepositCredited,
  upsertDeposit,
  type DepositRow,
} from '../../../../db/repositories/wallet.repo.js';
import { lockPendingDeposit } from '../../../../db/repositories/chain.repo.js';
import { DomainError } from '../errors.js';
import type { CashierNetworks } from './cashier-networks.js';
import { formatAmount } from './amounts.js';
import type { LedgerService, LedgerTx } from './ledger.service.js';
import {
  assetCurrency,
  NETWORKS,
  normalizeAddress,
  normalizeTxHash,
  type AddressDeriver,
  type Asset,
  type NetworkId,
} from './networks.js';
import type { ResponsibleGamingService } from './responsible-gaming.service.js';
import { depositWebhookSchema, PAGE_DEFAULT, type DepositWebhook } from './wallet.schemas.js';
import { verifyWebhookSignature } from './webhook-signature.js';

export interface DepositConfig {
  webhookSecret: string;
  webhookToleranceSeconds: number;
  confirmations: Record<NetworkId, number>;
}

export interface DepositView {
  id: string;
  network: string;
  asset: string;
  currency: string;
  address: string;
  txHash: string;
  amount: string;
  confirmations: number;
  requiredConfirmations: number;
  status: DepositStatus;
  flags: string[];
  createdAt: string;
  creditedAt: string | null;
}

export interface WebhookResult {
  depositId: string;
  status: 'PENDING' | 'CREDITED';
  /** True only for the one delivery that credited the deposit. */
  credited: boolean;
  flags: string[];
}

export function toDepositView(row: DepositRow): DepositView {
  return {
    id: String(row.id),
    network: row.network,
    asset: row.asset,
    currency: row.currency,
    address: row.address,
    txHash: row.tx_hash,
    amount: formatAmount(BigInt(row.amount_e8)),
    confirmations: row.confirmations,
    requiredConfirmations: row.required_confirmations,
    status: row.status,
    flags: row.flags,
    createdAt: new Date(row.created_at).toISOString(),
    creditedAt: row.credited_at ? new Date(row.credited_at).toISOString() : null,
  };
}

/**
 * Deposits: one watch-only address per player and network, and the provider's signed reports. A
 * deposit is credited exactly once, when its confirmations reach the network's threshold; a deposit
 * that arrives while the player is self-excluded or over a deposit limit is still credited (the
 * coins are on chain) and flagged for review.
 */
export class DepositService {
  constructor(
    private readonly deps: {
      db: Db;
      ledger: LedgerService;
      responsibleGaming: ResponsibleGamingService;
      deriver: AddressDeriver;
      /** The networks offered to players (configured EVM networks and processor networks). */
      networks: CashierNetworks;
      now?: () => Date;
    },
    private readonly config: DepositConfig,
  ) {}

  /** The player's deposit address on a network; refused while self-excluded. */
  async address(userId: number, network: string) {
    await this.deps.responsibleGaming.assertCanPlay(userId);
    return this.ensureAddress(userId, network);
  }

  /**
   * Derives (once) and returns the address, without the self-exclusion check (operator tools). One address serves
   * every network of an address family (all EVM chains share the ERC20 branch's), so it is stored per family; the
   * confirmations are the named network's own.
   */
  async ensureAddress(
    userId: number,
    networkId: string,
  ): Promise<{ network: string; address: string; assets: readonly Asset[]; requiredConfirmations: number }> {
    const network = this.deps.networks.require(networkId);
    const family = network.addresses;
    let row = await findDepositAddress(this.deps.db, userId, family);
    if (!row) {
      const derived = this.deps.deriver.derive(family, userId);
      await insertDepositAddress(this.deps.db, {
        userId,
        network: family,
        address: derived.address,
        path: derived.path,
      });
      row = await findDepositAddress(this.deps.db, userId, family);
    }
    return {
      network: network.id,
      address: row!.address,
      assets: network.assets,
      requiredConfirmations: network.confirmations,
    };
  }

  async addressForLogin(loginName: string, network: string) {
    const userId = await findUserIdByLoginName(this.deps.db, loginName);
    if (userId === undefined) throw new DomainError('NOT_FOUND', `No user with login name ${loginName}`);
    return { userId, ...(await this.ensureAddress(userId, network)) };
  }

  /** Verifies the signature over the raw body first: a refused delivery stores nothing. */
  async receiveWebhook(input: { rawBody: string; timestamp?: string; signature?: string }): Promise<WebhookResult> {
    const verdict = verifyWebhookSignature({
      secret: this.config.webhookSecret,
      rawBody: input.rawBody,
      timestamp: input.timestamp,
      signature: input.signature,
      nowSeconds: Math.floor((this.deps.now?.() ?? new Date()).getTime() / 1000),
      toleranceSeconds: this.config.webhookToleranceSeconds,
    });
    if (verdict !== 'ok') {
      const message =
        verdict === 'stale' ? 'Webhook timestamp is outside the allowed window' : 'Invalid webhook signature';
      throw new DomainError('UNAUTHORIZED', message, {
        code: verdict === 'stale' ? 'WEBHOOK_STALE' : 'WEBHOOK_SIGNATURE',
      });
    }
    let body: unknown;
    try {
      body = JSON.parse(input.rawBody);
    } catch {
      throw new DomainError('BAD_REQUEST', 'Malformed JSON body');
    }
    const parsed = depositWebhookSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new DomainError('BAD_REQUEST', `${issue?.path.join('.') ?? 'body'}: ${issue?.message ?? 'invalid'}`);
    }
    return this.report(parsed.data);
  }

  /** One report of a deposit (already authenticated). */
  async report(input: DepositWebhook): Promise<WebhookResult> {
    const network = input.network;
    const txHash = normalizeTxHash(network, input.txHash);
    if (!txHash) throw new DomainError('BAD_REQUEST', `txHash: not a ${network} transaction hash (32 bytes of hex)`);
    const report = { ...input, txHash };
    const address = normalizeAddress(network, report.address);
    if (!address) throw new DomainError('BAD_REQUEST', `address: not a valid ${network} address`);
    if (!NETWORKS[network].assets.includes(report.asset)) {
      throw new DomainError('BAD_REQUEST', `asset: ${report.asset} is not accepted on ${network}`);
    }
    const owner = await findDepositAddressOwner(this.deps.db, network, address);
    if (!owner) throw new DomainError('NOT_FOUND', 'Unknown deposit address', { code: 'UNKNOWN_ADDRESS' });
    const currency = assetCurrency(report.asset);

    return this.deps.ledger.transact(async (tx) => {
      const row = await upsertDeposit(tx.trx, {
        userId: owner.user_id,
        network,
        asset: report.asset,
        currency,
        address,
        txHash: report.txHash,
        outputIndex: report.outputIndex,
        amount: report.amount,
        confirmations: report.confirmations,
        requiredConfirmations: this.config.confirmations[network],
      });
      if (BigInt(row.amount_e8) !== report.amount || row.asset !== report.asset || row.address !== address) {
        throw new DomainError('CONFLICT', 'This deposit was reported before with other details', {
          code: 'DEPOSIT_MISMATCH',
        });
      }
      if (row.status === 'DROPPED') {
        throw new DomainError('CONFLICT', 'This deposit left the chain in a reorg', { code: 'DEPOSIT_DROPPED' });
      }
      if (row.status === 'CREDITED' || row.confirmations < row.required_confirmations) {
        return { depositId: String(row.id), status: row.status, credited: false, flags: row.flags };
      }
      const credited = await this.credit(tx, row);
      return { depositId: String(credited.id), status: 'CREDITED', credited: true, flags: credited.flags };
    });
  }

  /**
   * Credits a deposit the chain watcher saw reach its threshold (the same posting as a processor's report). False when
   * it is no longer PENDING: credited already, or dropped by a reorg.
   */
  async creditConfirmed(depositId: string): Promise<boolean> {
    return this.deps.ledger.transact(async (tx) => {
      const row = await lockPendingDeposit(tx.trx, depositId);
      if (!row || row.confirmations < row.required_confirmations) return false;
      await this.credit(tx, row);
      return true;
    });
  }

  /**
   * The one way a deposit reaches a balance: still credited while the player is self-excluded or over a deposit limit
   * (the coins are on chain), flagged for review.
   */
  private async credit(tx: LedgerTx, row: DepositRow): Promise<DepositRow> {
    const amount = BigInt(row.amount_e8);
    const flags: string[] = [...row.flags];
    if (await this.deps.responsibleGaming.isExcluded(row.user_id, tx.trx)) flags.push('SELF_EXCLUDED');
    if (
      row.currency === 'USD' &&
      (await this.deps.responsibleGaming.exceedsDepositLimit(row.user_id, amount, tx.trx))
    ) {
      flags.push('OVER_LIMIT');
    }
    const posted = await tx.post({
      key: `deposit:${row.id}`,
      kind: 'deposit',
      userId: row.user_id,
      memo: { depositId: String(row.id), network: row.network, asset: row.asset, txHash: row.tx_hash },
      legs: [
        { account: { house: 'deposits' }, currency: row.currency, amount: -amount },
        { account: { user: row.user_id }, currency: row.currency, amount },
      ],
    });
    if (!posted.posted)
      throw new DomainError('CONFLICT', 'Deposit already credited', { code: 'DEPOSIT_ALREADY_CREDITED' });
    return markDepositCredited(tx.trx, String(row.id), posted.transactionId!, flags);
  }

  /** One page (by cursor, or by number), with the total the filter matches. */
  async list(
    userId: number,
    input: { status: 'ALL' | 'PENDING' | 'CREDITED'; limit?: number; cursor?: string; page?: number },
  ) {
    const limit = input.limit ?? PAGE_DEFAULT;
    const status = input.status === 'ALL' ? undefined : input.status;
    const [rows, total] = await Promise.all([
      listDeposits(this.deps.db, userId, {
        status,
        limit: limit + 1,
        beforeId: input.cursor,
        offset: input.page ? (input.page - 1) * limit : undefined,
      }),
      countDeposits(this.deps.db, userId, { status }),
    ]);
    const page = rows.slice(0, limit);
    return {
      items: page.map(toDepositView),
      nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
      total,
    };
  }
}
