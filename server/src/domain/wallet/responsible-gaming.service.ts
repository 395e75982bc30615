import type { Db } from '../../../../db/client.js';
import { insertAudit } from '../../../../db/repositories/responsible-gaming-audit.repo.js';
import {
  clearPendingLimit,
  creditedDepositsSince,
  exclusionEnd,
  findActiveExclusion,
  findClosure,
  scheduleReopening,
  timeOutEnd,
  type ActiveExclusion,
  type ExclusionKind,
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

export type { ExclusionKind, ExclusionPeriod, LimitPeriod };

export interface ExclusionView {
  active: boolean;
  /** What is in force: a self-exclusion, a time-out or the account's closure (null when none). */
  kind: ExclusionKind | null;
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

/** A time-out lasts from one day to six weeks (UKGC LCCP SR 3.5.3); longer is a self-exclusion. */
export const TIME_OUT_MAX_DAYS = 42;
/** Reopening a closed account waits this long after the request. */
export const REOPEN_DELAY_HOURS = 24;

export interface ClosureView {
  closed: boolean;
  closedAt: string | null;
  /** Set once a reopening was requested: the account reopens by itself then. */
  reopensAt: string | null;
}

/** The refusal's words for what is in force; the code stays SELF_EXCLUDED, which every client already handles. */
function exclusionMessage(active: ActiveExclusion): string {
  if (active.kind === 'closure') return 'Your account is closed';
  if (active.kind === 'time-out') return `You are taking a break until ${active.endsAt!.toISOString()}`;
  return SELF_EXCLUDED_MESSAGE;
}

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
    if (!active) return { active: false, kind: null, permanent: false, startsAt: null, endsAt: null };
    return {
      active: true,
      kind: active.kind,
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
      throw new DomainError('FORBIDDEN', exclusionMessage(active), {
        code: 'SELF_EXCLUDED',
        details: { endsAt: active.endsAt?.toISOString() ?? null, kind: active.kind },
      });
    }
  }

  async selfExclude(
    userId: number,
    period: ExclusionPeriod,
    confirm: { password?: string; otp?: string } = {},
  ): Promise<ExclusionView> {
    if (STEP_UP_PERIODS.includes(period)) await this.deps.stepUp?.(userId, confirm.password, confirm.otp);
    await this.exclude(userId, 'self-exclusion', (trx) => exclusionEnd(trx, period), { period });
    return this.exclusion(userId);
  }

  /**
   * A time-out: a break of 1 to 42 days with the effect of a self-exclusion while it runs (the same rows and checks),
   * ending by itself. Like an exclusion it starts at once and cannot end one early; a month or more needs step-up.
   */
  async takeTimeOut(
    userId: number,
    days: number,
    confirm: { password?: string; otp?: string } = {},
  ): Promise<ExclusionView> {
    if (!Number.isInteger(days) || days < 1 || days > TIME_OUT_MAX_DAYS) {
      throw new DomainError('BAD_REQUEST', `A time-out lasts from 1 to ${TIME_OUT_MAX_DAYS} days`, {
        code: 'BAD_REQUEST',
      });
    }
    if (days >= 30) await this.deps.stepUp?.(userId, confirm.password, confirm.otp);
    await this.exclude(userId, 'time-out', (trx) => timeOutEnd(trx, days), { days });
    return this.exclusion(userId);
  }

  async closure(userId: number, db: Db = this.deps.db): Promise<ClosureView> {
    const closure = await findClosure(db, userId);
    return {
      closed: closure !== undefined,
      closedAt: closure?.closedAt.toISOString() ?? null,
      reopensAt: closure?.reopensAt?.toISOString() ?? null,
    };
  }

  /**
   * Closes the account (step-up: password, and the 2FA code when on): play and deposits stop at once through the
   * exclusion rule, the balance can still be withdrawn. It stays closed until a reopening is requested, then 24 hours.
   */
  async closeAccount(userId: number, confirm: { password?: string; otp?: string } = {}): Promise<ClosureView> {
    await this.deps.stepUp?.(userId, confirm.password, confirm.otp);
    await this.deps.db.transaction().execute(async (trx) => {
      await lockUser(trx, userId, 'self-exclusion');
      const open = await findClosure(trx, userId);
      if (open && open.reopensAt === null) {
        throw new DomainError('CONFLICT', 'Your account is already closed', { code: 'ACCOUNT_CLOSED' });
      }
      await insertExclusion(trx, userId, null, 'closure');
      await insertAudit(trx, { userId, actorId: userId, action: 'account-closed', detail: {} });
    });
    return this.closure(userId);
  }

  /** Asks to reopen a closed account: it reopens by itself 24 hours later (asking again changes nothing). */
  async requestReopening(userId: number): Promise<ClosureView> {
    await this.deps.db.transaction().execute(async (trx) => {
      await lockUser(trx, userId, 'self-exclusion');
      const closure = await findClosure(trx, userId);
      if (!closure) throw new DomainError('CONFLICT', 'Your account is not closed', { code: 'ACCOUNT_NOT_CLOSED' });
      if (closure.reopensAt !== null) return;
      const reopensAt = await scheduleReopening(trx, userId, REOPEN_DELAY_HOURS);
      await insertAudit(trx, {
        userId,
        actorId: userId,
        action: 'reopening-requested',
        detail: { reopensAt: reopensAt?.toISOString() ?? null },
      });
    });
    return this.closure(userId);
  }

  /** Adds an exclusion row of `kind` under the user's lock; one that would end before what is in force is refused. */
  private async exclude(
    userId: number,
    kind: ExclusionKind,
    end: (trx: Db) => Promise<Date | null>,
    detail: Record<string, unknown>,
  ): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await lockUser(trx, userId, 'self-exclusion');
      const active = await findActiveExclusion(trx, userId);
      const endsAt = await end(trx);
      if (active) {
        if (active.endsAt === null && active.kind === 'closure') {
          throw new DomainError('CONFLICT', 'Your account is closed', { code: 'ACCOUNT_CLOSED' });
        }
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
      await insertExclusion(trx, userId, endsAt, kind);
      await insertAudit(trx, {
        userId,
        actorId: userId,
        action: kind === 'time-out' ? 'time-out' : 'self-exclusion',
        detail: { ...detail, endsAt: endsAt?.toISOString() ?? null },
      });
    });
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
