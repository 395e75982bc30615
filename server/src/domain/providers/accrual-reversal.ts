import { lockClaimableAccounts } from '../../../../db/repositories/economy.repo.js';
import {
  commissionReferrer,
  lockPlayerXp,
  setPlayerXp,
  takeReferralCommission,
  takeWagerEconomy,
  wagerEconomyOwner,
} from '../../../../db/repositories/providers.repo.js';
import { uncountProviderWager } from '../../../../db/repositories/bonus-stakes.repo.js';
import { rankForXp } from '../economy/ranks.js';
import { accountCode, type LedgerTx } from '../wallet/ledger.service.js';

/** What a reversal took back; `kept*` is what had already been claimed into cash and stays with its owner. */
export interface AccrualReversal {
  xp: bigint;
  rakeback: bigint;
  keptRakeback: bigint;
  commission: bigint;
  keptCommission: bigint;
}

/**
 * Undoes the accruals of a rolled-back provider wager (`provider:<provider>:<transactionId>`), inside the caller's
 * transaction: what races and an active bonus counted of it, the XP it earned (the rank follows the XP), its rakeback and its referrer's commission, each back to
 * the house account that paid it. Exact: the amounts are the ones its bet_economy and referral_commissions rows
 * recorded, and those rows are deleted as the marker, so a second reversal (or a parallel one) finds nothing.
 * Rakeback or commission already claimed into cash is not taken back (it is the player's cash now; only unclaimed
 * accruals are reversible) and is reported as kept. Locks in the order the accruals and claims take them (XP row,
 * then the claimable account, then the accrual row), so a concurrent claim or accrual waits rather than deadlocks.
 */
export async function reverseWagerAccruals(tx: LedgerTx, wagerId: string): Promise<AccrualReversal> {
  const done: AccrualReversal = { xp: 0n, rakeback: 0n, keptRakeback: 0n, commission: 0n, keptCommission: 0n };
  // First, before any account: what races and the bonus counted of it (docs/promotions.md).
  await uncountProviderWager(tx.trx, wagerId);
  const userId = await wagerEconomyOwner(tx.trx, wagerId);
  if (userId !== undefined) {
    const xpBefore = await lockPlayerXp(tx.trx, userId);
    await lockClaimableAccounts(tx.trx, accountCode({ user: userId, purpose: 'rakeback' }));
    const economy = await takeWagerEconomy(tx.trx, wagerId);
    if (economy) {
      done.xp = economy.xp;
      if (xpBefore !== undefined) {
        const xp = xpBefore > economy.xp ? xpBefore - economy.xp : 0n;
        await setPlayerXp(tx.trx, userId, xp, rankForXp(xp).id);
      }
      if (economy.claimed) done.keptRakeback = economy.rakeback;
      else if (economy.rakeback > 0n) {
        done.rakeback = economy.rakeback;
        await tx.post({
          key: `rakeback-reversal:${wagerId}`,
          kind: 'rakeback-reversal',
          userId,
          memo: { betId: wagerId, reason: 'provider rollback' },
          legs: [
            { account: { user: userId, purpose: 'rakeback' }, currency: economy.currency, amount: -economy.rakeback },
            { account: { house: 'rakeback' }, currency: economy.currency, amount: economy.rakeback },
          ],
        });
      }
    }
  }
  const sourceKey = `bet:${wagerId}`;
  const referrerId = await commissionReferrer(tx.trx, sourceKey);
  if (referrerId !== undefined) {
    await lockClaimableAccounts(tx.trx, accountCode({ user: referrerId, purpose: 'referral' }));
    const commission = await takeReferralCommission(tx.trx, sourceKey);
    if (commission?.claimed) done.keptCommission = commission.commission;
    else if (commission && commission.commission > 0n) {
      done.commission = commission.commission;
      await tx.post({
        key: `referral-reversal:${sourceKey}`,
        kind: 'referral-reversal',
        userId: referrerId,
        memo: { sourceKey, reason: 'provider rollback' },
        legs: [
          {
            account: { user: referrerId, purpose: 'referral' },
            currency: commission.currency,
            amount: -commission.commission,
          },
          { account: { house: 'referrals' }, currency: commission.currency, amount: commission.commission },
        ],
      });
    }
  }
  return done;
}
