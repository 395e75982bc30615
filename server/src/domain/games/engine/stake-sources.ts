/**
 * Where a bet's stake comes from and where its payout goes while the player holds a bonus (docs/promotions.md,
 * "Staking a bonus"). The rules are the promotion's (domain/promotions/bonus-stakes.ts); this module turns them into
 * the bet's postings and its recorded split. A player without an active bonus in the bet's currency bets as before:
 * one indexed read more, the same postings, nothing recorded.
 *
 * The bonus part of a stake goes from the player's bonus account straight to house:games, and a payout's bonus share
 * straight back, not via house:promotions: house:promotions then holds exactly what promotions granted and took back
 * (the cost report and ledger:check read only its `bonus:<id>:*` and `promotion:*` keys), and house:games stays the
 * games' result whichever balance was staked.
 */
import { accountBalance } from '../../../../../db/repositories/ledger.repo.js';
import { bonusStakeOf, bonusStakesOf, recordBonusStake } from '../../../../../db/repositories/bonus-stakes.repo.js';
import { bonusShareOf, CASH_ONLY, planBonusStake, type StakeSplit } from '../../promotions/bonus-stakes.js';
import type { Currency } from '../../wallet/amounts.js';
import {
  accountCode,
  type AccountRef,
  type LedgerTx,
  type PostInput,
  type PostResult,
} from '../../wallet/ledger.service.js';
import { betPosting } from './bet-rows.js';

export { CASH_ONLY, type StakeSplit } from '../../promotions/bonus-stakes.js';

/**
 * A new stake of `amount` (a bet, or a raise that brings the bet to `total`): refused over a bonus's maximum stake.
 * `bonused` false (the bet's nonce read that the player holds no active bonus) skips the bonus read: cash only.
 */
export function planStake(
  tx: LedgerTx,
  userId: number,
  currency: Currency,
  amount: bigint,
  { total = amount, bonused = true }: { total?: bigint; bonused?: boolean } = {},
): Promise<StakeSplit> {
  return bonused ? planBonusStake(tx.trx, { userId, currency, amount, total }) : Promise.resolve(CASH_ONLY);
}

/** Moves `part` of the player's cash leg of a bet posting to `account` (same sign); a zero cash leg is dropped. */
function shiftCashLeg(posting: PostInput, userId: number, part: bigint, account: AccountRef): PostInput {
  const legs = posting.legs.flatMap((leg) => {
    if (!('user' in leg.account) || leg.account.user !== userId || (leg.account.purpose ?? 'cash') !== 'cash')
      return [leg];
    const signed = leg.amount < 0n ? -part : part;
    const rest = leg.amount - signed;
    return [...(rest !== 0n ? [{ ...leg, amount: rest }] : []), { account, currency: leg.currency, amount: signed }];
  });
  return { ...posting, legs, memo: { ...posting.memo, bonusPart: String(part) } };
}

/** A stake (or raise) posting: the split's bonus part from the bonus account, the rest from cash, all to house:games. */
export function stakePosting(
  userId: number,
  betId: string,
  game: string,
  currency: Currency,
  amount: bigint,
  split: StakeSplit,
  raisedTo?: bigint,
): PostInput {
  const posting = betPosting('stake', userId, betId, game, currency, amount, raisedTo);
  return split.bonus > 0n ? shiftCashLeg(posting, userId, split.bonus, { user: userId, purpose: 'bonus' }) : posting;
}

/** Records a bet's (or a raise's) bonus part, so its settlement splits the payout; a cash-only stake writes nothing. */
export async function recordSplit(tx: LedgerTx, betId: string, split: StakeSplit): Promise<void> {
  if (split.bonus > 0n && split.bonusId) await recordBonusStake(tx.trx, betId, split.bonusId, split.bonus);
}

/**
 * A bet's payout posting, split as its stake was (bonusShareOf): the bonus share to the bonus balance while the
 * bonus is active, to cash once it converted (it is cash now), back to house:promotions once it expired, was
 * forfeited or spent; the rest to cash. `placed` is the split of a bet settled in the transaction that staked it
 * (its bonus is active: the stake's own debit would have been refused otherwise); without it the recorded split is
 * read, its bonus row share-locked so the bonus cannot end between the read and the posting.
 */
export async function payoutPosting(
  tx: LedgerTx,
  bet: { id: string; userId: number; game: string; currency: Currency; amount: bigint },
  payout: bigint,
  placed?: StakeSplit,
): Promise<PostInput> {
  const posting = betPosting('payout', bet.userId, bet.id, bet.game, bet.currency, payout);
  const stake = placed
    ? placed.bonus > 0n
      ? { bonusE8: placed.bonus, status: 'active' as const }
      : undefined
    : await bonusStakeOf(tx.trx, bet.id);
  return splitPayout(posting, bet, payout, stake);
}

/** The recorded bonus parts of many open bets (a round's winners) in one read, for payoutPostingOf. */
export const recordedStakes = (tx: LedgerTx, betIds: readonly string[]) => bonusStakesOf(tx.trx, betIds);

/** payoutPosting for a bet whose recorded split was read already (recordedStakes; none: staked from cash alone). */
export function payoutPostingOf(
  bet: { id: string; userId: number; game: string; currency: Currency; amount: bigint },
  payout: bigint,
  stake: { bonusE8: bigint; status: string } | undefined,
): PostInput {
  return splitPayout(betPosting('payout', bet.userId, bet.id, bet.game, bet.currency, payout), bet, payout, stake);
}

function splitPayout(
  posting: PostInput,
  bet: { userId: number; amount: bigint },
  payout: bigint,
  stake: { bonusE8: bigint; status: string } | undefined,
): PostInput {
  if (!stake || stake.status === 'converted') return posting;
  const share = bonusShareOf(payout, bet.amount, stake.bonusE8);
  if (share === 0n) return posting;
  const to: AccountRef = stake.status === 'active' ? { user: bet.userId, purpose: 'bonus' } : { house: 'promotions' };
  return shiftCashLeg(posting, bet.userId, share, to);
}

/**
 * The player's cash balance after a bet's postings: the last one that moved cash says it; a bet staked and paid
 * wholly from the bonus moved none, so it is read.
 */
export async function cashAfter(tx: LedgerTx, posted: PostResult[], userId: number, currency: Currency) {
  for (let index = posted.length - 1; index >= 0; index -= 1) {
    const change = posted[index]!.balances?.find((b) => b.userId === userId && b.currency === currency);
    if (change) return change.balance;
  }
  return accountBalance(tx.trx, accountCode({ user: userId }), currency);
}
