import type { Db } from '../../../../db/client.js';
import {
  playedSince,
  realityCheckInterval,
  saveRealityCheckInterval,
  sessionStartedAt,
} from '../../../../db/repositories/reality-checks.repo.js';
import { insertAudit } from '../../../../db/repositories/responsible-gaming-audit.repo.js';
import { DomainError } from '../errors.js';
import { CURRENCIES, formatAmount, type Currency } from '../wallet/amounts.js';

export interface RealityCheckView {
  /** Minutes between checks; 0: off. */
  intervalMinutes: number;
  /** True while the player has not chosen (the operator's default applies). */
  isDefault: boolean;
  sessionStartedAt: string;
  /** Staked since the session began, and the net result (returned - staked), per currency. */
  staked: Record<Currency, string>;
  net: Record<Currency, string>;
}

export type RealityCheckAnswer = 'continue' | 'stop';

/**
 * Reality checks: every N minutes of a session (the player's choice, off or 15-120; the operator's default otherwise)
 * the client shows the time since the session began, what was staked and the net result, and pauses play until the
 * player answers; each answer is audited. A session is the sign-in session: it begins at the sign-in.
 */
export class RealityCheckService {
  constructor(
    private readonly deps: { db: Db },
    private readonly options: { defaultMinutes: number },
  ) {}

  async view(userId: number, sessionId: string): Promise<RealityCheckView> {
    const chosen = await realityCheckInterval(this.deps.db, userId);
    const started = (await sessionStartedAt(this.deps.db, sessionId)) ?? new Date();
    const played = await playedSince(this.deps.db, userId, started);
    const staked = {} as Record<Currency, string>;
    const net = {} as Record<Currency, string>;
    for (const currency of CURRENCIES) {
      const row = played.find((item) => item.currency === currency);
      staked[currency] = formatAmount(row?.staked ?? 0n);
      net[currency] = formatAmount(row ? row.returned - row.staked : 0n);
    }
    return {
      intervalMinutes: chosen ?? this.options.defaultMinutes,
      isDefault: chosen === undefined,
      sessionStartedAt: started.toISOString(),
      staked,
      net,
    };
  }

  /** The interval in force and whether it is the default (the operator's view). */
  async intervalOf(userId: number): Promise<{ intervalMinutes: number; isDefault: boolean }> {
    const chosen = await realityCheckInterval(this.deps.db, userId);
    return { intervalMinutes: chosen ?? this.options.defaultMinutes, isDefault: chosen === undefined };
  }

  async setInterval(userId: number, sessionId: string, minutes: number): Promise<RealityCheckView> {
    if (!Number.isInteger(minutes) || (minutes !== 0 && (minutes < 15 || minutes > 120))) {
      throw new DomainError('BAD_REQUEST', 'A reality check comes every 15 to 120 minutes, or is off (0)', {
        code: 'BAD_REQUEST',
      });
    }
    await this.deps.db.transaction().execute(async (trx) => {
      const from = await realityCheckInterval(trx, userId);
      await saveRealityCheckInterval(trx, userId, minutes);
      await insertAudit(trx, {
        userId,
        actorId: userId,
        action: 'reality-check-interval',
        detail: { from: from ?? null, to: minutes },
      });
    });
    return this.view(userId, sessionId);
  }

  /** The player's answer to a check, for the operator's record. */
  async answer(userId: number, answer: RealityCheckAnswer, shown: { elapsedMinutes: number }): Promise<void> {
    await insertAudit(this.deps.db, {
      userId,
      actorId: userId,
      action: 'reality-check',
      detail: { answer, elapsedMinutes: shown.elapsedMinutes },
    });
  }
}
