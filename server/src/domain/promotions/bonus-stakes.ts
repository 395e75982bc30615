/**
 * The bonus terms as the bet engine applies them (docs/promotions.md, "Staking a bonus"): where a stake comes from,
 * the maximum stake while wagering, and how a payout is split between the bonus and cash. The engine calls these
 * from games/engine/stake-sources.ts; the rules themselves are the promotion's.
 */
import { activeBonus, type BonusTerms } from '../../../../db/repositories/bonuses.repo.js';
import { accountBalance } from '../../../../db/repositories/ledger.repo.js';
import type { Db } from '../../../../db/client.js';
import { DomainError } from '../errors.js';
import { formatAmount, type Currency } from '../wallet/amounts.js';
import { accountCode } from '../wallet/ledger.service.js';

/** Where a stake (or a raise) comes from: `bonus` of it from the bonus `bonusId`'s balance, the rest from cash. */
export interface StakeSplit {
  bonusId: string | null;
  bonus: bigint;
}

export const CASH_ONLY: StakeSplit = { bonusId: null, bonus: 0n };

/**
 * The bonus part of a stake: cash-first takes from the bonus only what cash lacks; bonus-first takes what the bonus
 * holds, up to the stake. Either part may be more than its balance holds: the ledger then refuses the bet
 * (INSUFFICIENT_FUNDS), never overdraws.
 */
export function bonusPartOf(order: BonusTerms['stakeOrder'], amount: bigint, cash: bigint, bonus: bigint): bigint {
  if (order === 'bonus-first') return bonus >= amount ? amount : bonus > 0n ? bonus : 0n;
  return cash >= amount ? 0n : amount - (cash > 0n ? cash : 0n);
}

/**
 * The bonus's share of a payout: in proportion to the stake's split, floored to the unit (the unit of rounding goes
 * to cash). A refund (payout = stake) gives each part back exactly.
 */
export function bonusShareOf(payout: bigint, stake: bigint, bonusStake: bigint): bigint {
  if (bonusStake <= 0n || payout <= 0n) return 0n;
  return (payout * bonusStake) / stake;
}

/** A stake above the active bonus's maximum is refused (not merely left uncounted). */
export function assertWithinMaxStake(terms: Pick<BonusTerms, 'maxStakeE8'>, total: bigint, currency: Currency): void {
  if (total <= terms.maxStakeE8) return;
  const max = formatAmount(terms.maxStakeE8);
  throw new DomainError('BAD_REQUEST', `While your bonus is active the maximum stake is ${max} ${currency}`, {
    code: 'BONUS_MAX_STAKE',
    details: { maxStake: max },
  });
}

/**
 * Plans a new stake of `amount` (a bet, or a raise bringing the bet to `total`) inside the bet's transaction: without
 * an active bonus in this currency it is all cash (one indexed read). With one, the maximum stake applies to the
 * bet's total, and the split follows the offer's stake order. Balances are read, not locked: the bet's postings are
 * what the ledger guards, so a stale read can only get the bet refused (INSUFFICIENT_FUNDS).
 */
export async function planBonusStake(
  trx: Db,
  stake: { userId: number; currency: Currency; amount: bigint; total: bigint },
): Promise<StakeSplit> {
  // Share-locked: a conversion, expiry or forfeiture waits for this bet (see bonuses.repo.ts, LOCKS).
  const bonus = await activeBonus(trx, stake.userId, { lock: 'share' });
  if (!bonus || bonus.currency !== stake.currency) return CASH_ONLY;
  assertWithinMaxStake(bonus.terms, stake.total, stake.currency);
  const order = bonus.terms.stakeOrder;
  const [cash, held] =
    order === 'cash-first'
      ? [await accountBalance(trx, accountCode({ user: stake.userId }), stake.currency), 0n]
      : [0n, await accountBalance(trx, accountCode({ user: stake.userId, purpose: 'bonus' }), stake.currency)];
  const part = bonusPartOf(order, stake.amount, cash, held);
  return part > 0n ? { bonusId: bonus.id, bonus: part } : CASH_ONLY;
}
