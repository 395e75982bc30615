import type { Db } from '../../../../db/client.js';
import {
  activeBonus,
  countBonusWager,
  dueBonusIds,
  insertPlayerBonus,
  latestDeposit,
  lockBonus,
  offersTaken,
  settledBet,
  termsOf,
  type BonusTerms,
  type PlayerBonusRow,
} from '../../../../db/repositories/bonuses.repo.js';
import { providerWager } from '../../../../db/repositories/bonus-stakes.repo.js';
import { findPromotion, listPromotions } from '../../../../db/repositories/promotions.repo.js';
import { DomainError } from '../errors.js';
import { formatAmount } from '../wallet/amounts.js';
import { accountCode, type LedgerService } from '../wallet/ledger.service.js';
import { accountBalance } from '../../../../db/repositories/ledger.repo.js';
import { assertMayTakePart } from './awards.js';
import { endIfSpent, postBonusGrant, settleBonusBalance } from './bonus-ledger.js';
import { bonusAmount, providerFamilies, weightedStake } from './bonus-rules.js';
import { bonusTermsText, type ActiveBonusView, type BonusOfferView } from './bonus.views.js';

const HOUR_MS = 3_600_000;

/**
 * Bonuses with a wagering requirement. A bonus is credited to the player's `bonus` account (never withdrawable); each
 * settled bet in its currency counts towards the requirement by its game's weight, once per bet, and not at all
 * above the maximum stake; reaching it turns the bonus balance into cash in one transaction. Expiry (the worker) and a
 * withdrawal request (forfeitBonusOnWithdrawal) send it back to house:promotions in one. At most one active bonus.
 * The bet engine stakes the bonus balance and splits payouts by the terms (bonus-stakes.ts, engine/stake-sources.ts).
 */
export class BonusService {
  private readonly now: () => Date;

  constructor(private readonly deps: { db: Db; ledger: LedgerService; now?: () => Date }) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Claims a bonus offer: a fixed amount, or a match of the player's latest deposit in the offer's window. */
  async claim(userId: number, offerId: string): Promise<ActiveBonusView> {
    await assertMayTakePart(this.deps.db, userId);
    await this.deps.ledger.transact(async (tx) => {
      const offer = await findPromotion(tx.trx, offerId, { lock: 'share' });
      if (!offer || offer.kind !== 'bonus')
        throw new DomainError('NOT_FOUND', `No bonus offer #${offerId}`, { code: 'BONUS_NOT_FOUND' });
      const now = this.now();
      if (offer.status !== 'active' || now < offer.startsAt || now >= offer.endsAt)
        throw new DomainError('CONFLICT', 'This offer is not open now', { code: 'PROMOTION_NOT_OPEN' });
      const terms = (await termsOf(tx.trx, [offerId])).get(offerId)!;
      const deposit =
        terms.kind === 'deposit-match'
          ? await latestDeposit(tx.trx, userId, offer.currency, offer.startsAt)
          : undefined;
      if (terms.kind === 'deposit-match' && !deposit)
        throw new DomainError('CONFLICT', 'Make a deposit first: this offer matches your deposit', {
          code: 'BONUS_NO_DEPOSIT',
        });
      const amount = bonusAmount(terms, deposit?.amountE8 ?? 0n);
      if (await activeBonus(tx.trx, userId))
        throw new DomainError('CONFLICT', 'You already have an active bonus', { code: 'BONUS_ACTIVE' });
      const id = await insertPlayerBonus(tx.trx, {
        promotionId: offerId,
        userId,
        currency: offer.currency,
        amountE8: amount,
        requirementE8: amount * BigInt(terms.wageringMultiple),
        depositId: deposit?.id ?? null,
        expiresAt: new Date(now.getTime() + terms.expiryHours * HOUR_MS),
      });
      // Lost to a concurrent claim (the one-active index) or taken before (one per offer).
      if (!id)
        throw new DomainError('CONFLICT', 'You already have an active bonus or took this offer', {
          code: 'BONUS_TAKEN',
        });
      await postBonusGrant(tx, { id, userId, currency: offer.currency, amountE8: amount });
    });
    return (await this.active(userId))!;
  }

  /**
   * The accrual: a settled bet (or a provider wager, keyed `provider:<provider>:<transaction>`, weighed by its game's
   * family) of a player holding a bonus counts by its weight (once per bet and bonus); completing the requirement
   * converts. A bonus staked down to nothing, short of its requirement and with no open bet staked from it, ends as
   * `spent`, so the player can take another. Players without a bonus cost one indexed read.
   */
  async onBetSettled(bet: { betId: string; userId: number }): Promise<void> {
    if (!(await activeBonus(this.deps.db, bet.userId))) return;
    const settled = await wagerToCount(this.deps.db, bet.betId);
    if (!settled) return;
    await this.deps.ledger.transact(async (tx) => {
      const bonus = await activeBonus(tx.trx, bet.userId, { lock: true });
      if (!bonus) return;
      if (bonus.currency === settled.currency && settled.createdAt >= bonus.createdAt) {
        const progress = await countBonusWager(tx.trx, bonus.id, bet.betId, weightedStake(bonus.terms, settled));
        if (progress !== undefined && progress >= bonus.requirementE8)
          return void (await settleBonusBalance(tx, bonus, 'converted'));
      }
      await endIfSpent(tx, bonus);
    });
  }

  /** The job's step: removes every active bonus past its expiry, each in one transaction under its row lock. */
  async expireDue(): Promise<string[]> {
    const expired: string[] = [];
    for (const id of await dueBonusIds(this.deps.db, this.now())) {
      const done = await this.deps.ledger.transact(async (tx) => {
        const bonus = await lockBonus(tx.trx, id);
        if (!bonus || bonus.status !== 'active' || bonus.expiresAt > this.now()) return false;
        await settleBonusBalance(tx, bonus, 'expired');
        return true;
      });
      if (done) expired.push(id);
    }
    return expired;
  }

  async active(userId: number): Promise<ActiveBonusView | null> {
    const bonus = await activeBonus(this.deps.db, userId);
    if (!bonus) return null;
    const balance = await accountBalance(this.deps.db, accountCode({ user: userId, purpose: 'bonus' }), bonus.currency);
    return activeView(bonus, balance);
  }

  /** Bonus offers open now that the player has not taken (a guest sees them all). */
  async offers(userId: number | null): Promise<BonusOfferView[]> {
    const now = this.now();
    const rows = (await listPromotions(this.deps.db, { kind: 'bonus', live: true, limit: 20 })).filter(
      (row) => row.status === 'active' && row.startsAt <= now,
    );
    const taken = userId === null ? new Set<string>() : await offersTaken(this.deps.db, userId);
    const terms = await termsOf(
      this.deps.db,
      rows.map((row) => row.id),
    );
    return rows
      .filter((row) => !taken.has(row.id))
      .map((row) => ({
        id: row.id,
        name: row.name,
        currency: row.currency,
        endsAt: row.endsAt.toISOString(),
        kind: terms.get(row.id)!.kind,
        terms: bonusTermsText(terms.get(row.id)!, row.currency),
      }));
  }
}

/** A settled bet, or a provider wager not rolled back, as the wagering counts it. */
async function wagerToCount(db: Db, key: string) {
  if (/^\d{1,19}$/.test(key)) return settledBet(db, key);
  const wager = await providerWager(db, key);
  return wager && { ...wager, game: providerFamilies(wager.category), createdAt: wager.placedAt };
}

function activeView(bonus: PlayerBonusRow, balance: bigint): ActiveBonusView {
  const progressPpm =
    bonus.wageredE8 >= bonus.requirementE8 ? 1_000_000 : Number((bonus.wageredE8 * 1_000_000n) / bonus.requirementE8);
  return {
    id: bonus.id,
    name: bonus.name,
    currency: bonus.currency,
    amount: formatAmount(bonus.amountE8),
    balance: formatAmount(balance),
    requirement: formatAmount(bonus.requirementE8),
    wagered: formatAmount(bonus.wageredE8),
    progressPercent: progressPpm / 10_000,
    expiresAt: bonus.expiresAt.toISOString(),
    terms: bonusTermsText(bonus.terms, bonus.currency),
  };
}

export type { BonusTerms };
