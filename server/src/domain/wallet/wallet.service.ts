import type { Db } from '../../../../db/client.js';
import { findPlayer } from '../../../../db/repositories/wallet.repo.js';
import { DomainError } from '../errors.js';
import { formatAmount, type Currency } from './amounts.js';
import type { LedgerService } from './ledger.service.js';
import { PAGE_DEFAULT } from './wallet.schemas.js';

export interface TransactionView {
  id: string;
  transactionId: string;
  kind: string;
  currency: Currency;
  amount: string;
  balanceAfter: string;
  createdAt: string;
  details: Record<string, unknown>;
}

const CSV_MAX_ROWS = 10_000;

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) || (/^[=+\-@]/.test(value) && !/^-\d/.test(value))
    ? `"${value.replace(/"/g, '""')}"`
    : value;
}

/** The player's side of the wallet: balances and the statement of their cash account. */
export class WalletService {
  constructor(private readonly deps: { ledger: LedgerService; db: Db }) {}

  async balances(userId: number): Promise<Record<Currency, string>> {
    const balances = await this.deps.ledger.balances(userId);
    return { USD: formatAmount(balances.USD), BZU: formatAmount(balances.BZU) };
  }

  /** For the user object: balance (USD cash) and bzuBalance as exact decimal strings. */
  async userBalances(userId: number): Promise<{ balance: string; bzuBalance: string }> {
    const balances = await this.balances(userId);
    return { balance: balances.USD, bzuBalance: balances.BZU };
  }

  async transactions(userId: number, input: { limit?: number; cursor?: string; currency?: Currency }) {
    const limit = input.limit ?? PAGE_DEFAULT;
    const rows = await this.deps.ledger.statement(userId, {
      limit: limit + 1,
      beforeId: input.cursor,
      currency: input.currency,
    });
    const page = rows.slice(0, limit);
    return {
      items: page.map((row): TransactionView => ({
        id: row.entryId,
        transactionId: row.transactionId,
        kind: row.kind,
        currency: row.currency,
        amount: formatAmount(row.amount),
        balanceAfter: formatAmount(row.balanceAfter),
        createdAt: row.createdAt.toISOString(),
        details: row.memo,
      })),
      nextCursor: rows.length > limit ? page[page.length - 1]!.entryId : null,
    };
  }

  /** Admin view of one user's accounts and latest entries. */
  /**
   * Staff: a player's ledger by id, login name or display name (what a support ticket quotes). 404 when nobody has
   * that id or name.
   */
  async ledgerOfPlayer(query: string) {
    const player = await findPlayer(this.deps.db, query);
    if (!player)
      throw new DomainError('NOT_FOUND', `No player with the id or name "${query.trim()}"`, {
        code: 'PLAYER_NOT_FOUND',
      });
    return { ...(await this.ledgerOf(player.id)), loginName: player.loginName, publicUsername: player.publicUsername };
  }

  async ledgerOf(userId: number) {
    const [cash, referral, transactions] = await Promise.all([
      this.deps.ledger.balances(userId),
      this.deps.ledger.balances(userId, 'referral'),
      this.transactions(userId, { limit: 100 }),
    ]);
    const format = (balances: Record<Currency, bigint>) => ({
      USD: formatAmount(balances.USD),
      BZU: formatAmount(balances.BZU),
    });
    return { userId, cash: format(cash), referral: format(referral), transactions };
  }

  /** Every ledger invariant; `ok` is false when anything is broken. */
  async check(): Promise<{ ok: boolean; problems: { check: string; detail: string }[] }> {
    const problems = await this.deps.ledger.check();
    return { ok: problems.length === 0, problems };
  }

  /** The whole statement (newest first, at most 10,000 rows) as CSV. */
  async transactionsCsv(userId: number): Promise<string> {
    const rows = await this.deps.ledger.statement(userId, { limit: CSV_MAX_ROWS });
    const lines = ['id,transaction_id,created_at,kind,currency,amount,balance_after'];
    for (const row of rows) {
      lines.push(
        [
          row.entryId,
          row.transactionId,
          row.createdAt.toISOString(),
          row.kind,
          row.currency,
          formatAmount(row.amount),
          formatAmount(row.balanceAfter),
        ]
          .map(csvCell)
          .join(','),
      );
    }
    return `${lines.join('\n')}\n`;
  }
}
