import type { Db } from '../../../../db/client.js';
import {
  applyDuePlayLimits,
  applyDueSessionTimeLimit,
  scheduleSessionTimeLimit,
  sessionTimeLimit,
  setSessionTimeLimitNow,
  startPlaySession,
  chargeStake,
  type ChargeResult,
  clearPendingPlayLimit,
  creditPayout,
  lockPlayLimits,
  playLimitStates,
  schedulePlayLimit,
  setPlayLimitNow,
  type PlayLimitKind,
  type PlayLimitPeriod,
  type PlayLimitState,
} from '../../../../db/repositories/play-limits.repo.js';
import { auditOf, insertAudit, type AuditEntry } from '../../../../db/repositories/responsible-gaming-audit.repo.js';
import { DomainError } from '../errors.js';
import { formatAmount, type Currency } from '../wallet/amounts.js';
import { systemClock, type Clock } from './clock.js';

export type { PlayLimitKind, PlayLimitPeriod };

/** A raise or a removal waits this long; a lower limit applies at once. */
export const LIMIT_RAISE_DELAY_MS = 24 * 3_600_000;

export const PLAY_LIMIT_REACHED = 'PLAY_LIMIT_REACHED';
export const SESSION_TIME_LIMIT = 'SESSION_TIME_LIMIT';
const MINUTE_MS = 60_000;

export interface SessionLimitView {
  minutes: number | null;
  cooldownMinutes: number | null;
  pendingMinutes: number | null;
  pendingCooldownMinutes: number | null;
  pendingRemoval: boolean;
  pendingEffectiveAt: string | null;
  /** The current or last session: when it began and ends (or ended), and when the next may start after it. */
  sessionStartedAt: string | null;
  sessionEndsAt: string | null;
  nextSessionFrom: string | null;
}

export interface PlayLimitView {
  kind: PlayLimitKind;
  period: PlayLimitPeriod;
  /** USD in force now (null: none yet, only a pending change). */
  amount: string | null;
  pendingAmount: string | null;
  pendingRemoval: boolean;
  pendingEffectiveAt: string | null;
  /** Net loss (loss) or total staked (wager) in the current window, USD. */
  used: string;
  left: string | null;
  resetsAt: string;
}

/** What a refused stake tells the player: which limit, what is left of it, when it resets. */
export interface LimitRefusalDetails {
  kind: PlayLimitKind;
  period: PlayLimitPeriod;
  limit: string;
  left: string;
  resetsAt: string;
}

const PERIOD_WORDS: Record<PlayLimitPeriod, string> = { day: 'daily', week: 'weekly', month: 'monthly' };

const key = (userId: number, kind: PlayLimitKind, period: PlayLimitPeriod) => ({ userId, kind, period });

/**
 * Loss and wager limits per calendar window (UTC day, ISO week from Monday, month), in USD; BZU stakes count at the
 * latest BZU price. The bet's own transaction charges the stake with one conditional upsert of the window's running
 * totals (chargeStake): a stake is refused when the net loss so far plus the stake, or the staked total plus the stake,
 * would pass a limit. Callers skip the call for players without limits (the bet engine reads a flag with its nonce).
 */
export class PlayLimitsService {
  constructor(private readonly deps: { db: Db; clock?: Clock; onError?: (error: unknown, what: string) => void }) {}

  private now(): Date {
    return (this.deps.clock ?? systemClock).now();
  }

  async limits(userId: number): Promise<PlayLimitView[]> {
    const at = this.now();
    const states = await playLimitStates(this.deps.db, userId, at);
    // A removal whose 24 hours have passed leaves no limit (the row itself goes at the next change).
    return states.filter((row) => row.amount !== null || row.pendingEffectiveAt !== null).map(toView);
  }

  /** The player's responsible-gaming audit, newest first (limits, refusals). */
  history(userId: number, limit = 100): Promise<AuditEntry[]> {
    return auditOf(this.deps.db, userId, limit);
  }

  /** Lower or new: at once. Higher or removed (amount null): pending for 24 h, cancellable. The same amount cancels a pending change. */
  async setLimit(
    userId: number,
    kind: PlayLimitKind,
    period: PlayLimitPeriod,
    amount: bigint | null,
    actorId: number = userId,
  ): Promise<PlayLimitView[]> {
    const at = this.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await lockPlayLimits(trx, userId);
      await applyDuePlayLimits(trx, userId, at);
      const current = (await playLimitStates(trx, userId, at)).find(
        (row) => row.kind === kind && row.period === period,
      );
      const from = current?.amount ?? null;
      let action: string;
      let effectiveAt: Date | null = null;
      if (amount !== null && (from === null || amount < from)) {
        await setPlayLimitNow(trx, key(userId, kind, period), amount, at);
        action = 'limit-set';
      } else if (amount === from) {
        if (!(await clearPendingPlayLimit(trx, key(userId, kind, period), at))) return;
        action = 'limit-pending-cancelled';
      } else if (from === null) {
        return; // removing a limit that does not exist
      } else {
        effectiveAt = new Date(at.getTime() + LIMIT_RAISE_DELAY_MS);
        await schedulePlayLimit(trx, key(userId, kind, period), amount, effectiveAt, at);
        action = amount === null ? 'limit-removal-pending' : 'limit-raise-pending';
      }
      await insertAudit(trx, {
        userId,
        actorId,
        action,
        at,
        detail: {
          kind,
          period,
          from: from === null ? null : formatAmount(from),
          to: amount === null ? null : formatAmount(amount),
          ...(effectiveAt ? { effectiveAt: effectiveAt.toISOString() } : {}),
        },
      });
    });
    return this.limits(userId);
  }

  async cancelPending(userId: number, kind: PlayLimitKind, period: PlayLimitPeriod): Promise<PlayLimitView[]> {
    const at = this.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await lockPlayLimits(trx, userId);
      const pending = (await playLimitStates(trx, userId, at)).find(
        (row) => row.kind === kind && row.period === period,
      );
      if (!(await clearPendingPlayLimit(trx, key(userId, kind, period), at))) return;
      await insertAudit(trx, {
        userId,
        actorId: userId,
        action: 'limit-pending-cancelled',
        at,
        detail: {
          kind,
          period,
          from: pending?.amount == null ? null : formatAmount(pending.amount),
          cancelled: pending?.pendingAmount == null ? null : formatAmount(pending.pendingAmount),
        },
      });
    });
    return this.limits(userId);
  }

  /**
   * Charges a stake (with the payout it already won, for a bet settled at once) inside the bet's transaction `trx`, or
   * throws PLAY_LIMIT_REACHED (the caller's transaction then rolls back, so nothing moves). A player without limits
   * passes with one statement that changes nothing; the bet engine skips even that.
   */
  async charge(trx: Db, bet: { userId: number; currency: Currency; stake: bigint; payout?: bigint }): Promise<void> {
    const refused = await this.chargeOrRefuse(trx, bet);
    if (refused) throw refused;
  }

  /**
   * charge for a caller that answers a refusal rather than throwing it and then commits (the provider wallet stores
   * its answer): the stake is charged, or nothing is and the refusal comes back. The only partial charge (a parallel
   * stake outside the bet engine filling one window after the check) throws, so that transaction rolls back.
   */
  async chargeOrRefuse(
    trx: Db,
    bet: { userId: number; currency: Currency; stake: bigint; payout?: bigint },
  ): Promise<DomainError | null> {
    const at = this.now();
    const sessionRefusal = await this.enterSession(trx, bet.userId, at);
    if (sessionRefusal) {
      this.recordHit(bet.userId, at, { kind: 'session', ...(sessionRefusal.details as object) });
      return sessionRefusal;
    }
    const result = await chargeStake(trx, { ...bet, at, payout: bet.payout ?? 0n });
    if (result.charged) return null;
    if (result.partial) throw new Error(`play limits of user ${bet.userId} charged in part by a parallel stake`);
    const refusal = refusalOf(result);
    if (refusal.details) {
      this.recordHit(bet.userId, at, { ...refusal.details, stakeUsd: formatAmount(result.stakeUsd ?? 0n) });
    }
    return refusal.error;
  }

  /**
   * Records a refused stake for the operator. Not awaited, on its own connection once one is free: the bet's
   * transaction rolls back, the record must not; awaiting a second connection while holding one could exhaust the
   * pool under a burst.
   */
  private recordHit(userId: number, at: Date, detail: Record<string, unknown>): void {
    void insertAudit(this.deps.db, { userId, actorId: null, action: 'limit-hit', at, detail }).catch((error: unknown) =>
      this.deps.onError?.(error, 'limit-hit audit'),
    );
  }

  /**
   * The session-time rule for a stake at `at`: inside the current session it passes; after the session's end and
   * before its cool-down has passed it is refused (SESSION_TIME_LIMIT, with when the next session may start); later,
   * the stake starts a new session. A lower limit set during a session shortens it.
   */
  private async enterSession(trx: Db, userId: number, at: Date): Promise<DomainError | null> {
    const limit = await sessionTimeLimit(trx, userId, at);
    if (!limit || limit.minutes === null || limit.cooldownMinutes === null) return null;
    const session = limit.session;
    if (session) {
      const endsAt = Math.min(session.endsAt.getTime(), session.startedAt.getTime() + limit.minutes * MINUTE_MS);
      if (at.getTime() < endsAt) return null;
      const nextFrom = endsAt + limit.cooldownMinutes * MINUTE_MS;
      if (at.getTime() < nextFrom) {
        const details = {
          minutes: limit.minutes,
          cooldownMinutes: limit.cooldownMinutes,
          sessionEndedAt: new Date(endsAt).toISOString(),
          nextSessionFrom: new Date(nextFrom).toISOString(),
        };
        return new DomainError(
          'FORBIDDEN',
          `Your ${limit.minutes}-minute session has ended: the next one can start at ${details.nextSessionFrom}`,
          { code: SESSION_TIME_LIMIT, details },
        );
      }
    }
    await startPlaySession(trx, userId, at, limit.minutes);
    return null;
  }

  async sessionLimit(userId: number): Promise<SessionLimitView | null> {
    const at = this.now();
    const limit = await sessionTimeLimit(this.deps.db, userId, at);
    if (!limit || (limit.minutes === null && limit.pendingEffectiveAt === null)) return null;
    const session = limit.session;
    const endsAt =
      session && limit.minutes !== null
        ? Math.min(session.endsAt.getTime(), session.startedAt.getTime() + limit.minutes * MINUTE_MS)
        : null;
    return {
      minutes: limit.minutes,
      cooldownMinutes: limit.cooldownMinutes,
      pendingMinutes: limit.pendingMinutes,
      pendingCooldownMinutes: limit.pendingCooldownMinutes,
      pendingRemoval: limit.pendingRemoval,
      pendingEffectiveAt: limit.pendingEffectiveAt?.toISOString() ?? null,
      sessionStartedAt: session?.startedAt.toISOString() ?? null,
      sessionEndsAt: endsAt === null ? null : new Date(endsAt).toISOString(),
      nextSessionFrom:
        endsAt === null || limit.cooldownMinutes === null
          ? null
          : new Date(endsAt + limit.cooldownMinutes * MINUTE_MS).toISOString(),
    };
  }

  /**
   * A stricter limit (no longer session, no shorter cool-down) applies at once; anything else, and a removal (null),
   * after 24 hours, pending and cancellable by setting the one in force again.
   */
  async setSessionLimit(
    userId: number,
    limit: { minutes: number; cooldownMinutes: number } | null,
  ): Promise<SessionLimitView | null> {
    const at = this.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await lockPlayLimits(trx, userId);
      await applyDueSessionTimeLimit(trx, userId, at);
      const current = await sessionTimeLimit(trx, userId, at);
      const from =
        current?.minutes != null && current.cooldownMinutes != null
          ? { minutes: current.minutes, cooldownMinutes: current.cooldownMinutes }
          : null;
      let action: string;
      let effectiveAt: Date | null = null;
      if (
        limit !== null &&
        (from === null || (limit.minutes <= from.minutes && limit.cooldownMinutes >= from.cooldownMinutes))
      ) {
        await setSessionTimeLimitNow(trx, userId, limit, at);
        action = 'session-limit-set';
      } else if (from === null) {
        return;
      } else {
        effectiveAt = new Date(at.getTime() + LIMIT_RAISE_DELAY_MS);
        await scheduleSessionTimeLimit(trx, userId, limit, effectiveAt, at);
        action = limit === null ? 'session-limit-removal-pending' : 'session-limit-raise-pending';
      }
      await insertAudit(trx, {
        userId,
        actorId: userId,
        action,
        at,
        detail: { from, to: limit, ...(effectiveAt ? { effectiveAt: effectiveAt.toISOString() } : {}) },
      });
    });
    return this.sessionLimit(userId);
  }

  /**
   * A payout settled after its stake lowers the current windows' net loss (a negative one, a reversed win, raises it).
   * No-op without limits.
   */
  async credit(trx: Db, win: { userId: number; currency: Currency; payout: bigint }): Promise<void> {
    if (win.payout === 0n) return;
    await creditPayout(trx, { ...win, at: this.now() });
  }
}

/** When the window that starts at `start` ends (UTC day, ISO week, calendar month). */
export function windowEnd(period: PlayLimitPeriod, start: Date): Date {
  const end = new Date(start);
  if (period === 'day') end.setUTCDate(end.getUTCDate() + 1);
  else if (period === 'week') end.setUTCDate(end.getUTCDate() + 7);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** The refusal's words and details: the first limit the stake would pass, with what is left and when it resets. */
function refusalOf(result: ChargeResult): { error: DomainError; details?: LimitRefusalDetails } {
  const stake = result.stakeUsd;
  if (stake === null) {
    return {
      error: new DomainError(
        'UNAVAILABLE',
        'BZU has no price right now, so a stake cannot be counted against your limits',
        {
          code: 'PRICE_UNAVAILABLE',
        },
      ),
    };
  }
  const limits = result.windows.flatMap((window) => [
    ...(window.lossLimit === null
      ? []
      : [{ kind: 'loss' as const, limit: window.lossLimit, used: window.netLoss, window }]),
    ...(window.wagerLimit === null
      ? []
      : [{ kind: 'wager' as const, limit: window.wagerLimit, used: window.staked, window }]),
  ]);
  // None crossed before the upsert: a parallel stake (outside the bet engine) filled it meanwhile; name the tightest.
  const crossed =
    limits.find((row) => row.used + stake > row.limit) ??
    limits.reduce((tightest, row) => (row.limit - row.used < tightest.limit - tightest.used ? row : tightest));
  const left = crossed.limit > crossed.used ? crossed.limit - crossed.used : 0n;
  const details: LimitRefusalDetails = {
    kind: crossed.kind,
    period: crossed.window.period,
    limit: formatAmount(crossed.limit),
    left: formatAmount(left),
    resetsAt: windowEnd(crossed.window.period, crossed.window.windowStart).toISOString(),
  };
  const error = new DomainError(
    'FORBIDDEN',
    `This stake would pass your ${PERIOD_WORDS[details.period]} ${details.kind} limit of ${details.limit} USD: ` +
      `${details.left} USD left until ${details.resetsAt}`,
    { code: PLAY_LIMIT_REACHED, details },
  );
  return { error, details };
}

function toView(row: PlayLimitState): PlayLimitView {
  return {
    kind: row.kind,
    period: row.period,
    amount: row.amount === null ? null : formatAmount(row.amount),
    pendingAmount: row.pendingAmount === null ? null : formatAmount(row.pendingAmount),
    pendingRemoval: row.pendingRemoval,
    pendingEffectiveAt: row.pendingEffectiveAt?.toISOString() ?? null,
    used: formatAmount(row.used < 0n ? 0n : row.used),
    left: row.amount === null ? null : formatAmount(row.amount > row.used ? row.amount - row.used : 0n),
    resetsAt: row.resetsAt.toISOString(),
  };
}
