import type { Db } from '../../../../db/client.js';
import {
  insertRiskReview,
  withdrawalRiskFacts,
  type WithdrawalRiskFacts,
} from '../../../../db/repositories/withdrawal-risk.repo.js';
import { DomainError } from '../errors.js';
import { formatAmount } from '../wallet/amounts.js';
import { recordStaffAction, type StaffActor } from './audit-log.js';

const DAY_MS = 86_400_000;

export interface RiskCheck {
  check:
    | 'wagered-less-than-deposits'
    | 'new-address'
    | 'withdrawals-last-day'
    | 'young-account'
    | 'shared-address'
    | 'shared-device';
  flagged: boolean;
  /** Points this check adds when flagged. */
  weight: number;
  detail: string;
}

/**
 * A withdrawal's risk checks and score (0-100; docs/operations.md "Withdrawal risk"). Weights: money in and out
 * without play is the classic laundering and bonus-abuse shape, so it weighs most; a destination never used
 * before, a burst of withdrawals, a days-old account, and other accounts behind the same IP address or payout
 * address or on the same device (multi-accounting) each add to it. A shared IP address alone weighs less than a
 * shared device: households, offices and mobile carriers put many honest players behind one address, but the same
 * address with the same browser is one machine.
 */
export function riskChecks(facts: WithdrawalRiskFacts, now: Date): { score: number; checks: RiskCheck[] } {
  const ageDays = (now.getTime() - facts.accountCreatedAt.getTime()) / DAY_MS;
  const checks: RiskCheck[] = [
    {
      check: 'wagered-less-than-deposits',
      flagged: BigInt(facts.wageredE8) < BigInt(facts.depositedE8),
      weight: 35,
      detail: `wagered ${formatAmount(BigInt(facts.wageredE8))} ${facts.currency} against deposits of ${formatAmount(
        BigInt(facts.depositedE8),
      )} ${facts.currency}`,
    },
    {
      check: 'new-address',
      flagged: facts.earlierToAddress === 0,
      weight: 20,
      detail: facts.earlierToAddress === 0 ? 'first withdrawal to this address' : `${facts.earlierToAddress} earlier`,
    },
    {
      check: 'withdrawals-last-day',
      flagged: facts.lastDay >= 2,
      weight: 15,
      detail: `${facts.lastDay} other withdrawal(s) in the 24 hours before`,
    },
    {
      check: 'young-account',
      flagged: ageDays < 7,
      weight: 15,
      detail: `account ${Math.floor(ageDays)} day(s) old`,
    },
    {
      check: 'shared-address',
      flagged: facts.sharedAddressWith.length > 0,
      weight: 20,
      detail:
        facts.sharedAddressWith.length > 0
          ? `IP or payout address shared with account(s) ${facts.sharedAddressWith.join(', ')}`
          : 'no other account seen at its addresses',
    },
    {
      check: 'shared-device',
      flagged: facts.sharedDeviceWith.length > 0,
      weight: 25,
      detail:
        facts.sharedDeviceWith.length > 0
          ? `same IP address and browser as account(s) ${facts.sharedDeviceWith.join(', ')}`
          : 'no other account seen on its devices',
    },
  ];
  const score = Math.min(
    100,
    checks.reduce((sum, check) => sum + (check.flagged ? check.weight : 0), 0),
  );
  return { score, checks };
}

/** Risk checks on pending withdrawals, the `risk` review and the gate in front of a `finance` approval. */
export class WithdrawalRiskService {
  constructor(
    private readonly db: Db,
    /** Above this score a withdrawal needs a review before approval (WITHDRAWAL_RISK_REVIEW_SCORE). */
    private readonly reviewAbove: number,
  ) {}

  async assess(withdrawalId: string, now = new Date()) {
    const facts = await withdrawalRiskFacts(this.db, withdrawalId);
    if (!facts) throw new DomainError('NOT_FOUND', 'Withdrawal not found', { code: 'WITHDRAWAL_NOT_FOUND' });
    const { score, checks } = riskChecks(facts, now);
    return {
      withdrawalId,
      score,
      checks,
      reviewAbove: this.reviewAbove,
      needsReview: score > this.reviewAbove && facts.review === null,
      review: facts.review && { ...facts.review, createdAt: facts.review.createdAt.toISOString() },
    };
  }

  /** Refuses an approval while the withdrawal's score asks for a review nobody gave yet. */
  async requireClearance(withdrawalId: string): Promise<void> {
    const assessment = await this.assess(withdrawalId);
    if (assessment.needsReview)
      throw new DomainError(
        'CONFLICT',
        `Risk score ${assessment.score} is above ${this.reviewAbove}: a risk review must clear it first`,
        { code: 'RISK_REVIEW_REQUIRED', details: { score: assessment.score } },
      );
  }

  /** A `risk` review clearing the withdrawal for approval; once per withdrawal, with its audit line. */
  async review(actor: StaffActor & { id: number }, withdrawalId: string, note: string) {
    const assessment = await this.assess(withdrawalId);
    return this.db.transaction().execute(async (trx) => {
      const saved = await insertRiskReview(trx, {
        withdrawalId,
        reviewerId: actor.id,
        score: assessment.score,
        note,
      });
      if (!saved)
        throw new DomainError('CONFLICT', 'This withdrawal was already reviewed', { code: 'ALREADY_REVIEWED' });
      await recordStaffAction(trx, actor, {
        action: 'withdrawal.riskReview',
        target: { type: 'withdrawal', id: withdrawalId },
        before: { score: assessment.score, review: null },
        after: { score: assessment.score, review: { reviewerId: actor.id, note } },
      });
      return { withdrawalId, score: assessment.score, cleared: true };
    });
  }
}
