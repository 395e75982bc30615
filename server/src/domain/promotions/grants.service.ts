import type { Db } from '../../../../db/client.js';
import {
  existingAwardKeys,
  findPromotion,
  findPromotionByCode,
  listPromotions,
  takeCodeUse,
  wageredBetween,
  type PromotionRow,
} from '../../../../db/repositories/promotions.repo.js';
import { DomainError } from '../errors.js';
import { formatAmount } from '../wallet/amounts.js';
import type { LedgerService } from '../wallet/ledger.service.js';
import { assertMayTakePart, awardKey, grantOnce } from './awards.js';
import { reloadAmount, reloadWindow, ppmToPercent } from './promotion-rules.js';
import { reloadFormula, type ReloadView } from './promotions.views.js';

export interface GrantDeps {
  db: Db;
  ledger: LedgerService;
  now?: () => Date;
}

/**
 * Promo codes and reloads: grants a player takes themselves, each paid at once in the transaction that records it.
 * The award's unique key makes each happen once (per player for a code, per player and window for a reload), however
 * many requests race for it; a code's use count is taken under its row lock, so it never passes its maximum.
 */
export class GrantService {
  private readonly now: () => Date;

  constructor(private readonly deps: GrantDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async redeemCode(userId: number, code: string): Promise<{ amount: string; currency: 'USD' | 'BZU'; name: string }> {
    await assertMayTakePart(this.deps.db, userId);
    return this.deps.ledger.transact(async (tx) => {
      const promotion = await findPromotionByCode(tx.trx, code, { lock: 'update' });
      if (!promotion) throw new DomainError('NOT_FOUND', `No promo code ${code}`, { code: 'PROMO_CODE_NOT_FOUND' });
      this.assertOpen(promotion, 'This code');
      if (!(await takeCodeUse(tx.trx, promotion.id)))
        throw new DomainError('CONFLICT', 'This code has been used up', { code: 'PROMO_CODE_USED_UP' });
      await grantOnce(
        tx,
        promotion,
        { userId, amountE8: promotion.grantE8!, key: awardKey.code(promotion.id, userId) },
        () => new DomainError('CONFLICT', 'You have already redeemed this code', { code: 'PROMO_CODE_REDEEMED' }),
      );
      return { amount: formatAmount(promotion.grantE8!), currency: promotion.currency, name: promotion.name };
    });
  }

  /** The reloads open now, each with what the player may claim in the current window (empty for a guest). */
  async reloads(userId: number | null): Promise<ReloadView[]> {
    const now = this.now();
    const rows = (await listPromotions(this.deps.db, { kind: 'reload', live: true, limit: 20 })).filter(
      (row) => row.status === 'active' && row.startsAt <= now,
    );
    const figures = await Promise.all(rows.map((row) => this.figures(row, userId, now)));
    const claimed =
      userId === null
        ? new Set<string>()
        : await existingAwardKeys(
            this.deps.db,
            figures.map((entry) => entry.key),
          );
    return figures.map(({ row, window, wagered, amount, key }) => ({
      id: row.id,
      name: row.name,
      currency: row.currency,
      period: row.reloadPeriod!,
      ratePercent: ppmToPercent(row.ratePpm!),
      cap: formatAmount(row.capE8!),
      formula: reloadFormula(row),
      windowStart: window.start.toISOString(),
      windowEnd: window.end.toISOString(),
      wageredBefore: formatAmount(wagered),
      claimable: formatAmount(claimed.has(key) ? 0n : amount),
      claimed: claimed.has(key),
    }));
  }

  /** Claims the current window's reload: once per window, the amount from the previous window's wagering. */
  async claimReload(userId: number, id: string): Promise<{ amount: string; currency: 'USD' | 'BZU' }> {
    await assertMayTakePart(this.deps.db, userId);
    return this.deps.ledger.transact(async (tx) => {
      // A share lock: pausing or ending the reload waits for claims in flight, and none starts after it.
      const promotion = await findPromotion(tx.trx, id, { lock: 'share' });
      if (!promotion || promotion.kind !== 'reload')
        throw new DomainError('NOT_FOUND', `No reload #${id}`, { code: 'RELOAD_NOT_FOUND' });
      this.assertOpen(promotion, 'This reload');
      const { amount, key } = await this.figures(promotion, userId, this.now(), tx.trx);
      if (amount === 0n)
        throw new DomainError('CONFLICT', 'Nothing to claim: you did not wager in the previous period', {
          code: 'RELOAD_NOTHING_TO_CLAIM',
        });
      await grantOnce(
        tx,
        promotion,
        { userId, amountE8: amount, key },
        () =>
          new DomainError('CONFLICT', 'You have already claimed this reload; it opens again next period', {
            code: 'RELOAD_ALREADY_CLAIMED',
          }),
      );
      return { amount: formatAmount(amount), currency: promotion.currency };
    });
  }

  private async figures(row: PromotionRow, userId: number | null, now: Date, db: Db = this.deps.db) {
    const window = reloadWindow(row.reloadPeriod!, now);
    const wagered =
      userId === null ? 0n : await wageredBetween(db, userId, row.currency, window.previousStart, window.start);
    return {
      row,
      window,
      wagered,
      amount: reloadAmount(wagered, row.ratePpm!, row.capE8!),
      key: userId === null ? '' : awardKey.reload(row.id, userId, window.start),
    };
  }

  private assertOpen(promotion: PromotionRow, what: string): void {
    const now = this.now().getTime();
    if (promotion.status !== 'active' || now < promotion.startsAt.getTime() || now >= promotion.endsAt.getTime())
      throw new DomainError('CONFLICT', `${what} is not open now`, { code: 'PROMOTION_NOT_OPEN' });
  }
}
