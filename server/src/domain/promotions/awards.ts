import type { Db } from '../../../../db/client.js';
import {
  insertAward,
  markAwardPaid,
  promotionBarrier,
  type PromotionRow,
} from '../../../../db/repositories/promotions.repo.js';
import { DomainError } from '../errors.js';
import type { LedgerTx } from '../wallet/ledger.service.js';

/** Ledger kinds of promotion payouts, by what paid them. */
export const PROMOTION_KINDS = {
  race: 'promotion-race-prize',
  code: 'promotion-code',
  reload: 'promotion-reload',
  bonus: 'promotion-bonus',
} as const;

/**
 * Refuses a player who may not be offered promotions: an exclusion in force (self-exclusion, time-out, closed account)
 * or an opt-out in settings. The one gate of every grant.
 */
export async function assertMayTakePart(db: Db, userId: number): Promise<void> {
  const barrier = await promotionBarrier(db, userId);
  if (barrier === 'excluded')
    throw new DomainError('FORBIDDEN', 'Promotions are not available while your account is excluded or closed', {
      code: 'PROMOTIONS_EXCLUDED',
    });
  if (barrier === 'opted-out')
    throw new DomainError('FORBIDDEN', 'You opted out of promotions; turn them back on in your settings', {
      code: 'PROMOTIONS_OPTED_OUT',
    });
}

/** The award key (and its ledger transaction's key) of a promotion's grant. */
export const awardKey = {
  place: (raceId: string, place: number) => `promotion:${raceId}:place:${place}`,
  code: (codeId: string, userId: number) => `promotion:${codeId}:user:${userId}`,
  reload: (reloadId: string, userId: number, windowStart: Date) =>
    `promotion:${reloadId}:user:${userId}:${windowStart.toISOString()}`,
};

/**
 * Posts one award: house:promotions -> the player's cash, under the award's key, and marks it paid in the same
 * transaction. A key posted before means another run paid it: refused, so nothing is marked twice.
 */
export async function payAward(
  tx: LedgerTx,
  promotion: Pick<PromotionRow, 'id' | 'kind'>,
  award: { id: string; key: string; userId: number; currency: 'USD' | 'BZU'; amountE8: bigint },
): Promise<string> {
  const posted = await tx.post({
    key: award.key,
    kind: PROMOTION_KINDS[promotion.kind],
    userId: award.userId,
    memo: { promotionId: promotion.id },
    legs: [
      { account: { house: 'promotions' }, currency: award.currency, amount: -award.amountE8 },
      { account: { user: award.userId }, currency: award.currency, amount: award.amountE8 },
    ],
  });
  if (!posted.posted || !posted.transactionId)
    throw new DomainError('CONFLICT', 'This award was paid already', { code: 'PROMOTION_ALREADY_PAID' });
  await markAwardPaid(tx.trx, award.id, posted.transactionId);
  return posted.transactionId;
}

/**
 * Records and pays a grant to one player in the caller's transaction; `refusal` when its key exists (claimed before,
 * or by a concurrent request that committed first: the unique key makes the second wait, then find it).
 */
export async function grantOnce(
  tx: LedgerTx,
  promotion: Pick<PromotionRow, 'id' | 'kind' | 'currency'>,
  grant: { userId: number; amountE8: bigint; key: string },
  refusal: () => DomainError,
): Promise<string> {
  const id = await insertAward(tx.trx, {
    promotionId: promotion.id,
    userId: grant.userId,
    currency: promotion.currency,
    amountE8: grant.amountE8,
    key: grant.key,
  });
  if (id === undefined) throw refusal();
  return payAward(tx, promotion, {
    id,
    key: grant.key,
    userId: grant.userId,
    currency: promotion.currency,
    amountE8: grant.amountE8,
  });
}
