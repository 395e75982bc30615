import { randomUUID } from 'node:crypto';
import type { Db } from '../../../../db/client.js';
import { DomainError } from '../errors.js';
import { formatAmount, type Currency } from '../wallet/amounts.js';
import { accountCode, type LedgerService } from '../wallet/ledger.service.js';
import { moneyRequest, oncePerRequest } from '../wallet/money-requests.js';
import type { PasswordConfirmer, SecondFactorCheck } from '../wallet/withdrawal.service.js';

export interface VaultBalances {
  vault: Record<Currency, string>;
  cash: Record<Currency, string>;
}

export interface VaultMove {
  id: string;
  direction: 'deposit' | 'withdraw';
  currency: Currency;
  amount: string;
  createdAt: string;
}

/**
 * The vault: a per-user ledger account (purpose 'vault') beside cash. Bets and tips debit only the
 * cash account, so vault funds cannot be played or tipped. Putting funds in is free; taking them
 * out re-checks the password and, when 2FA is on, the code (like a withdrawal).
 */
export class VaultService {
  constructor(
    private readonly deps: {
      db: Db;
      ledger: LedgerService;
      confirmPassword: PasswordConfirmer;
      secondFactor: SecondFactorCheck;
    },
  ) {}

  async balances(userId: number, db: Db = this.deps.db): Promise<VaultBalances> {
    const [vault, cash] = await Promise.all([
      this.deps.ledger.balances(userId, 'vault', db),
      this.deps.ledger.balances(userId, 'cash', db),
    ]);
    return {
      vault: { USD: formatAmount(vault.USD), BZU: formatAmount(vault.BZU) },
      cash: { USD: formatAmount(cash.USD), BZU: formatAmount(cash.BZU) },
    };
  }

  async deposit(
    userId: number,
    input: { currency: Currency; amount: bigint; requestId?: string },
  ): Promise<VaultBalances> {
    return this.move(userId, 'deposit', input);
  }

  async withdraw(
    userId: number,
    input: { currency: Currency; amount: bigint; password: string; otp?: string; requestId?: string },
  ): Promise<VaultBalances> {
    return this.move(userId, 'withdraw', input, async () => {
      await this.deps.confirmPassword(userId, input.password);
      await this.deps.secondFactor(userId, input.otp);
    });
  }

  async history(
    userId: number,
    options: { limit: number; cursor?: string },
  ): Promise<{ moves: VaultMove[]; nextCursor: string | null }> {
    const rows = await this.deps.ledger.accountStatement(accountCode({ user: userId, purpose: 'vault' }), {
      limit: options.limit,
      beforeId: options.cursor,
    });
    return {
      moves: rows.map((row) => ({
        id: row.entryId,
        direction: row.amount > 0n ? 'deposit' : 'withdraw',
        currency: row.currency,
        amount: formatAmount(row.amount < 0n ? -row.amount : row.amount),
        createdAt: row.createdAt.toISOString(),
      })),
      nextCursor: rows.length === options.limit ? rows[rows.length - 1]!.entryId : null,
    };
  }

  /**
   * One ledger transaction; a retried requestId moves once and answers the balances right after the first move.
   * Insufficient funds: 409 and nothing moves.
   */
  private async move(
    userId: number,
    direction: 'deposit' | 'withdraw',
    input: { currency: Currency; amount: bigint; requestId?: string },
    checks?: () => Promise<void>,
  ): Promise<VaultBalances> {
    if (input.amount <= 0n)
      throw new DomainError('BAD_REQUEST', 'The amount must be greater than zero', { code: 'BAD_REQUEST' });
    const sign = direction === 'deposit' ? 1n : -1n;
    const kind = direction === 'deposit' ? 'vault-deposit' : 'vault-withdraw';
    const request = moneyRequest(kind, input.requestId, { currency: input.currency, amount: String(input.amount) });
    const { answer } = await oncePerRequest(this.deps, userId, request, {
      checks,
      move: async ({ trx, post }) => {
        await post({
          key: `vault:${userId}:${randomUUID()}`,
          kind,
          userId,
          memo: { direction },
          legs: [
            { account: { user: userId }, currency: input.currency, amount: -sign * input.amount },
            { account: { user: userId, purpose: 'vault' }, currency: input.currency, amount: sign * input.amount },
          ],
        });
        return this.balances(userId, trx);
      },
    });
    return answer;
  }
}
