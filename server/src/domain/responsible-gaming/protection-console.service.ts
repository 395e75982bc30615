import type { Db } from '../../../../db/client.js';
import { exclusionsOf } from '../../../../db/repositories/responsible-gaming.repo.js';
import { auditOf, limitHitsSince } from '../../../../db/repositories/responsible-gaming-audit.repo.js';
import type { ResponsibleGamingService } from '../wallet/responsible-gaming.service.js';
import type { PlayLimitsService } from './play-limits.service.js';
import type { RealityCheckService } from './reality-check.service.js';
import type { Clock } from './clock.js';

const DAY_MS = 86_400_000;

/**
 * The operator's view of one player's protection (admin.protection.player): limits in force with their pending
 * changes, deposit limits, every exclusion, time-out and closure, the reality-check interval, and the full audit
 * (limit changes from what to what and by whom, refusals, reality-check answers); and who hit a limit in the last day.
 */
export class ProtectionConsoleService {
  constructor(
    private readonly deps: {
      db: Db;
      playLimits: Pick<PlayLimitsService, 'limits' | 'sessionLimit'>;
      responsibleGaming: Pick<ResponsibleGamingService, 'depositLimits' | 'exclusion' | 'closure'>;
      realityChecks: Pick<RealityCheckService, 'intervalOf'>;
      clock?: Clock;
    },
  ) {}

  async player(userId: number) {
    const [limits, sessionLimit, depositLimits, exclusion, closure, exclusions, realityCheck, history] =
      await Promise.all([
        this.deps.playLimits.limits(userId),
        this.deps.playLimits.sessionLimit(userId),
        this.deps.responsibleGaming.depositLimits(userId),
        this.deps.responsibleGaming.exclusion(userId),
        this.deps.responsibleGaming.closure(userId),
        exclusionsOf(this.deps.db, userId),
        this.deps.realityChecks.intervalOf(userId),
        auditOf(this.deps.db, userId, 200),
      ]);
    return {
      userId,
      limits,
      sessionLimit,
      depositLimits,
      exclusion,
      closure,
      realityCheck,
      exclusions: exclusions.map((row) => ({
        ...row,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt?.toISOString() ?? null,
        reopenRequestedAt: row.reopenRequestedAt?.toISOString() ?? null,
      })),
      history: history.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    };
  }

  /** Players refused by a loss or wager limit in the last 24 hours, the most recent first. */
  async limitHits() {
    const now = (this.deps.clock ?? { now: () => new Date() }).now();
    const hits = await limitHitsSince(this.deps.db, new Date(now.getTime() - DAY_MS), 200);
    return hits.map((hit) => ({ ...hit, lastAt: hit.lastAt.toISOString() }));
  }
}
