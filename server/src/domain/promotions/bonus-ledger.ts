import { lockClaimableAccounts } from '../../../../db/repositories/economy.repo.js';
import { activeBonus, settleBonus, type PlayerBonusRow } from '../../../../db/repositories/bonuses.repo.js';
import { hasOpenBonusBets } from '../../../../db/repositories/bonus-stakes.repo.js';
import { DomainError } from '../errors.js';
import { accountCode, type LedgerTx } from '../wallet/ledger.service.js';

/** Ledger kinds of a bonus's movements. */
export const BONUS_KINDS = {
  grant: 'bonus-grant',
  convert: 'bonus-convert',
  forfeited: 'bonus-forfeit',
  expired: 'bonus-expire',
  spent: 'bonus-spent',
} as const;

/** The player's bonus account balance in the bonus's currency, locked for the caller's transaction. */
async function lockedBonusBalance(tx: LedgerTx, bonus: PlayerBonusRow): Promise<bigint> {
  const accounts = await lockClaimableAccounts(tx.trx, accountCode({ user: bonus.userId, purpose: 'bonus' }));
  return accounts.find((account) => account.currency === bonus.currency)?.balance ?? 0n;
}

/** Credits a new bonus: house:promotions -> the player's bonus account, in one transaction keyed by the bonus. */
export async function postBonusGrant(
  tx: LedgerTx,
  bonus: { id: string; userId: number; currency: 'USD' | 'BZU'; amountE8: bigint },
) {
  const posted = await tx.post({
    key: `bonus:${bonus.id}:grant`,
    kind: BONUS_KINDS.grant,
    userId: bonus.userId,
    memo: { bonusId: bonus.id },
    legs: [
      { account: { house: 'promotions' }, currency: bonus.currency, amount: -bonus.amountE8 },
      { account: { user: bonus.userId, purpose: 'bonus' }, currency: bonus.currency, amount: bonus.amountE8 },
    ],
  });
  if (!posted.posted) throw new DomainError('CONFLICT', 'This bonus was granted already', { code: 'BONUS_GRANTED' });
}

/**
 * Ends an active bonus whose row the caller locked: converted, the whole bonus balance goes to cash; forfeited or
 * expired, it goes back to house:promotions. One ledger transaction (none when the balance is zero) and the status
 * change, together.
 */
export async function settleBonusBalance(
  tx: LedgerTx,
  bonus: PlayerBonusRow,
  outcome: 'converted' | 'forfeited' | 'expired' | 'spent',
): Promise<bigint> {
  const balance = await lockedBonusBalance(tx, bonus);
  if (balance > 0n) {
    const to = outcome === 'converted' ? { user: bonus.userId } : { house: 'promotions' as const };
    await tx.post({
      key: `bonus:${bonus.id}:${outcome === 'converted' ? 'convert' : outcome}`,
      kind: outcome === 'converted' ? BONUS_KINDS.convert : BONUS_KINDS[outcome],
      userId: bonus.userId,
      memo: { bonusId: bonus.id },
      legs: [
        { account: { user: bonus.userId, purpose: 'bonus' }, currency: bonus.currency, amount: -balance },
        { account: to, currency: bonus.currency, amount: balance },
      ],
    });
  }
  await settleBonus(tx.trx, bonus.id, outcome, balance);
  return balance;
}

/**
 * Ends a locked active bonus that has nothing left to wager with: its balance is zero (staked and lost), its
 * requirement unmet, and no open bet is staked from it (whose payout could still bring some back). The balance is
 * read under the account's lock first, then the open bets, so a payout being posted either shows in the balance or
 * leaves its bet open. Nothing to post: it ends with a zero balance.
 */
export async function endIfSpent(tx: LedgerTx, bonus: PlayerBonusRow): Promise<boolean> {
  if (bonus.wageredE8 >= bonus.requirementE8 || (await lockedBonusBalance(tx, bonus)) > 0n) return false;
  if (await hasOpenBonusBets(tx.trx, bonus.id)) return false;
  await settleBonusBalance(tx, bonus, 'spent');
  return true;
}

/**
 * A withdrawal request forfeits the player's active bonus, in the request's own transaction (the wallet calls this
 * before it reserves the amount): the bonus terms say so, and the bonus balance was never withdrawable.
 */
export async function forfeitBonusOnWithdrawal(tx: LedgerTx, userId: number): Promise<void> {
  const bonus = await activeBonus(tx.trx, userId, { lock: true });
  if (bonus) await settleBonusBalance(tx, bonus, 'forfeited');
}
