import { randomUUID } from 'node:crypto';
import type { Db } from '../../../../db/client.js';
import {
  displayName,
  insertTip,
  lockTipSender,
  tipsOf,
  tipsSentSince,
  userByDisplayName,
} from '../../../../db/repositories/economy.repo.js';
import { accountBalance } from '../../../../db/repositories/ledger.repo.js';
import { DomainError } from '../errors.js';
import type { EventOutbox, OutboxEntry } from '../events/event-outbox.js';
import { formatAmount, type Currency } from '../wallet/amounts.js';
import { accountCode, type LedgerService } from '../wallet/ledger.service.js';
import { moneyRequest, oncePerRequest } from '../wallet/money-requests.js';
import type { SecondFactorCheck } from '../wallet/withdrawal.service.js';
import type { ChatLines, ExclusionCheck } from './economy.ports.js';

export interface TipConfig {
  minimum: Record<Currency, bigint>;
  /** Most one sender may tip per rolling 24 hours, per currency. */
  dailyCap: Record<Currency, bigint>;
  /** A tip above this needs the 2FA code (when the sender has 2FA on). */
  twoFactorAbove: Record<Currency, bigint>;
}

export interface TipView {
  id: string;
  senderId: number;
  senderName: string;
  recipientId: number;
  recipientName: string;
  currency: Currency;
  amount: string;
  private: boolean;
  createdAt: string;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Tips: cash from one player's cash account to another's, by display name. One ledger transaction
 * per tip; the sender's tips are serialised (advisory lock) so the daily cap holds under parallel
 * requests, and the guarded balance update refuses what the balance cannot cover.
 */
export class TipsService {
  constructor(
    private readonly deps: {
      db: Db;
      ledger: LedgerService;
      /** The recipient's tip-received notice is written with the tip (outbox) and published after the commit. */
      outbox: EventOutbox;
      isExcluded: ExclusionCheck;
      secondFactor: SecondFactorCheck;
      chat: ChatLines;
      onLineError?: (error: unknown) => void;
    },
    private readonly config: TipConfig,
  ) {}

  terms() {
    const format = (values: Record<Currency, bigint>) => ({
      USD: formatAmount(values.USD),
      BZU: formatAmount(values.BZU),
    });
    return {
      minimum: format(this.config.minimum),
      dailyCap: format(this.config.dailyCap),
      twoFactorAbove: format(this.config.twoFactorAbove),
    };
  }

  async send(
    senderId: number,
    input: {
      recipient: string;
      amount: bigint;
      currency: Currency;
      private?: boolean;
      otp?: string;
      requestId?: string;
    },
  ): Promise<{ tip: TipView; balance: string }> {
    const { currency, amount } = input;
    const minimum = this.config.minimum[currency];
    if (amount < minimum)
      throw new DomainError('BAD_REQUEST', `The minimum tip is ${formatAmount(minimum)} ${currency}`, {
        code: 'BAD_REQUEST',
      });
    const recipient = await userByDisplayName(this.deps.db, input.recipient);
    if (!recipient)
      throw new DomainError('NOT_FOUND', `No player named ${input.recipient}`, { code: 'USER_NOT_FOUND' });
    if (recipient.id === senderId)
      throw new DomainError('BAD_REQUEST', 'You cannot tip yourself', { code: 'BAD_REQUEST' });
    const request = moneyRequest('tip', input.requestId, {
      recipientId: String(recipient.id),
      amount: String(amount),
      currency,
      private: input.private ?? false,
    });

    // Written with the tip, published after the commit; a replayed answer has none (the first attempt sent it).
    let notice: OutboxEntry | undefined;
    const { answer, fresh } = await oncePerRequest(this.deps, senderId, request, {
      checks: async () => {
        const [senderExcluded, recipientExcluded] = await Promise.all([
          this.deps.isExcluded(senderId),
          this.deps.isExcluded(recipient.id),
        ]);
        if (senderExcluded)
          throw new DomainError('FORBIDDEN', 'Your account is self-excluded, so you cannot send tips', {
            code: 'SELF_EXCLUDED',
          });
        if (recipientExcluded)
          throw new DomainError('FORBIDDEN', 'That player cannot receive tips right now', { code: 'SELF_EXCLUDED' });
        if (amount > this.config.twoFactorAbove[currency]) await this.deps.secondFactor(senderId, input.otp);
      },
      move: async ({ trx, post }) => {
        await lockTipSender(trx, senderId);
        const sent = await tipsSentSince(trx, senderId, currency, new Date(Date.now() - DAY_MS));
        const cap = this.config.dailyCap[currency];
        if (sent + amount > cap) {
          throw new DomainError(
            'CONFLICT',
            `Tips are limited to ${formatAmount(cap)} ${currency} per 24 hours; ${formatAmount(cap - sent > 0n ? cap - sent : 0n)} ${currency} left`,
            {
              code: 'TIP_LIMIT',
            },
          );
        }
        const posted = await post({
          key: `tip:${senderId}:${randomUUID()}`,
          kind: 'tip',
          userId: senderId,
          memo: { recipientId: recipient.id },
          legs: [
            { account: { user: senderId }, currency, amount: -amount },
            { account: { user: recipient.id }, currency, amount },
          ],
        });
        const row = await insertTip(trx, {
          senderId,
          recipientId: recipient.id,
          currency,
          amountE8: amount,
          private: input.private ?? false,
          transactionId: posted.transactionId!,
        });
        const senderName = await displayName(trx, senderId);
        notice = await this.deps.outbox.write(trx, 'tip-received', {
          userId: String(recipient.id),
          tipId: String(row.id),
          senderName,
          amount: formatAmount(amount),
          currency,
          private: input.private ?? false,
        });
        const tip: TipView = {
          id: row.id,
          senderId,
          senderName,
          recipientId: recipient.id,
          recipientName: recipient.name,
          currency,
          amount: formatAmount(amount),
          private: input.private ?? false,
          createdAt: row.createdAt.toISOString(),
        };
        return { tip, balance: formatAmount(await accountBalance(trx, accountCode({ user: senderId }), currency)) };
      },
    });
    // Durable in the outbox: the answer does not wait for Redis (the sweep publishes it if this publish fails).
    if (notice) this.deps.outbox.publishSoon([notice]);
    if (fresh && !answer.tip.private) {
      await this.deps.chat
        .post({ kind: 'tip', userId: senderId, message: `tipped ${recipient.name} ${answer.tip.amount} ${currency}` })
        .catch((error: unknown) => this.deps.onLineError?.(error));
    }
    return answer;
  }

  async history(userId: number, limit: number): Promise<TipView[]> {
    const rows = await tipsOf(this.deps.db, userId, limit);
    return rows.map(({ amountE8, createdAt, ...row }) => ({
      ...row,
      amount: formatAmount(amountE8),
      createdAt: createdAt.toISOString(),
    }));
  }
}
