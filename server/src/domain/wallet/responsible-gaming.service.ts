import type { Db } from '../../../../db/client.js';
import {
  clearPendingLimit,
  creditedDepositsSince,
  exclusionEnd,
  findActiveExclusion,
  findLimits,
  insertExclusion,
  lockUser,
  scheduleLimit,
  setLimitNow,
  type ExclusionPeriod,
  type LimitPeriod,
} from '../../../../db/repositories/responsible-gaming.repo.js';
import { DomainError } from '../errors.js';
import { formatAmount } from './amounts.js';

export type { ExclusionPeriod, LimitPeriod };

export interface ExclusionView {
  active: boolean;
  permanent: boolean;
  startsAt: string | null;
  endsAt: string | null;
}

export interface DepositLimitView {
  period: LimitPeriod;
  amount: string | null;
  pendingAmount: string | null;
  pendingRemoval: boolean;
  pendingEffectiveAt: string | null;
  usedAmount: string;
}

const LIMIT_INCREASE_DELAY_HOURS = 24;

export const SELF_EXCLUDED_MESSAGE = 'Your account is self-excluded';

/**
 * Self-exclusion and deposit limits. An exclusion starts at once and can only be extended; while it
 * runs the player cannot play, deposit, chat or tip, but can still log in and withdraw.
 * A lower deposit limit applies at once, a higher one (or removing it) after 24 hours.
 */
/** Periods long enough that a stolen session must not be able to impose them: they need step-up. */
export const STEP_UP_PERIODS: readonly ExclusionPeriod[] = ['30d', '6m', 'permanent'];

export class ResponsibleGamingService {
  constructor(
    private readonly deps: {
      db: Db;
      /** Password, then the 2FA code when on (AuthService.confirmStepUp); throws a DomainError when wrong. */
      stepUp?: (userId: number, password: string | undefined, otp: string | undefined) => Promise<void>;
    },
  ) {}

  async exclusion(userId: number, db: Db = this.deps.db): Promise<ExclusionView> {
    const active = await findActiveExclusion(db, userId);
    if (!active) return { active: false, permanent: false, startsAt: null, endsAt: null };
    return {
      active: true,
      permanent: active.endsAt === null,
      startsAt: active.startsAt.toISOString(),
      endsAt: active.endsAt?.toISOString() ?? null,
    };
  }

  async isExcluded(userId: number, db: Db = this.deps.db): Promise<boolean> {
    return (await findActiveExclusion(db, userId)) !== undefined;
  }

  /** The one check games, tips and chat call before letting a player act. */
  async assertCanPlay(userId: number, db: Db = this.deps.db): Promise<void> {
    const active = await findActiveExclusion(db, userId);
    if (active) {
      throw new DomainError('FORBIDDEN', SELF_EXCLUDED_MESSAGE, {
        code: 'SELF_EXCLUDED',
        details: { endsAt: active.endsAt?.toISOString() ?? null },
      });
    }
  }

  async selfExclude(
    userId: number,
    period: ExclusionPeriod,
    confirm: { password?: string; otp?: string } = {},
  ): Promise<ExclusionView> {
    if (STEP_UP_PERIODS.includes(period)) await this.deps.stepUp?.(userId, confirm.password, confirm.otp);
    await this.deps.db.transaction().execute(async (trx) => {
      await lockUser(trx, userId, 'self-exclusion');
      const active = await findActiveExclusion(trx, userId);
      const endsAt = await exclusionEnd(trx, period);
      if (active) {
        if (active.endsAt === null) {
          throw new DomainError('CONFLICT', 'Your self-exclusion is permanent and cannot be changed', {
            code: 'EXCLUSION_PERMANENT',
          });
        }
        if (endsAt !== null && endsAt.getTime() <= active.endsAt.getTime()) {
          throw new DomainError(
            'CONFLICT',
            'A self-exclusion cannot be shortened or lifted early; choose a longer period to extend it',
            {
              code: 'EXCLUSION_CANNOT_SHORTEN',
            },
          );
        }
      }
      await insertExclusion(trx, userId, endsAt);
    });
    return this.exclusion(userId);
  }

  async depositLimits(userId: number): Promise<DepositLimitView[]> {
    const rows = await findLimits(this.deps.db, userId);
    return Promise.all(
      rows.map(async (row) => ({
        period: row.period,
        amount: row.amount === null ? null : formatAmount(row.amount),
        pendingAmount: row.pendingAmount === null ? null : formatAmount(row.pendingAmount),
        pendingRemoval: row.pendingRemoval,
        pendingEffectiveAt: row.pendingEffectiveAt?.toISOString() ?? null,
        usedAmount: formatAmount(await creditedDepositsSince(this.deps.db, userId, row.period)),
      })),
    );
  }

  /** amount null removes the limit (an increase: after 24 h). */
  async setDepositLimit(userId: number, period: LimitPeriod, amount: bigint | null): Promise<DepositLimitView[]> {
    await this.deps.db.transaction().execute(async (trx) => {
      await lockUser(trx, userId, 'deposit-limits');
      const current = (await findLimits(trx, userId)).find((row) => row.period === period);
      const currentAmount = current?.amount ?? null;
      if (amount !== null && (currentAmount === null || amount < currentAmount)) {
        await setLimitNow(trx, userId, period, amount);
      } else if (amount === currentAmount) {
        await clearPendingLimit(trx, userId, period);
      } else {
        await scheduleLimit(trx, userId, period, amount, LIMIT_INCREASE_DELAY_HOURS);
      }
    });
    return this.depositLimits(userId);
  }

  /** True when crediting `amount` USD now would take the user past any deposit limit in force. */
  async exceedsDepositLimit(userId: number, amount: bigint, db: Db = this.deps.db): Promise<boolean> {
    const rows = await findLimits(db, userId);
    for (const row of rows) {
      if (row.amount === null) continue;
      const used = await creditedDepositsSince(db, userId, row.period);
      if (used + amount > row.amount) return true;
    }
    return false;
  }
}
