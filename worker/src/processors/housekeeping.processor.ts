import { sql } from 'kysely';
import type { QueueHandlers } from './types.js';

/** A bet's normal accrual runs right after its commit; a minute later a gap is a real miss. */
const ACCRUAL_SWEEP_AGE_MS = 60_000;
/** Bets repaired per sweep: bounds the work of one tick after a long outage (the rest follow next tick). */
const ACCRUAL_SWEEP_LIMIT = 500;
/** A market's settlement job normally runs within seconds of its result; a minute later it is lost or failing. */
const SETTLEMENT_SWEEP_AGE_MS = 60_000;
/** Markets settled per sweep (each settles all its bets): bounds one tick; the rest follow next tick. */
const SETTLEMENT_SWEEP_LIMIT = 50;

export const housekeepingHandlers: QueueHandlers<'housekeeping'> = {
  /** Rewrites the report aggregates of one day, or of yesterday and today: idempotent, so retries and overlaps are safe. */
  async reports(data, { services }) {
    if (data.day) {
      await services.backOffice.reports.refreshDay(data.day);
      return { days: [data.day] };
    }
    return { days: await services.backOffice.reports.refreshRecent(new Date()) };
  },
  async tick(_data, { infra, services }) {
    // Recorded so operators can see the scheduler is alive; areas add their clean-up steps here.
    await infra.db
      .insertInto('app_settings')
      .values({ key: 'housekeeping.lastRunAt', value: JSON.stringify(new Date().toISOString()) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`excluded.value`, updated_at: sql`now()` }))
      .execute();
    // Mail whose enqueue failed (Redis away at the time) goes back on the queue; job ids dedupe.
    const expiredMail = await services.auth.mail.dropExpired();
    const requeuedMail = await services.auth.mail.requeueStale();
    const purgedAuthRows = await services.auth.accounts.purgeExpired();
    // Events whose after-commit publish failed (Redis away, process died) are published now.
    const republishedEvents = await services.events.outbox.republishStale();
    const purgedEvents = await services.events.outbox.purgePublished();
    // Withdrawals approved while the queue was away get their payout job (job ids dedupe).
    const requeuedPayouts = await services.wallet.withdrawals.requeueApproved();
    // Settled bets whose XP, rakeback or referral commission never accrued (crash after commit, BZU price away)
    // accrue now; only bets settled over a minute ago, so the normal after-commit path is never raced.
    const missedAccruals = await services.games.engine.accrueMissed({
      olderThanMs: ACCRUAL_SWEEP_AGE_MS,
      limit: ACCRUAL_SWEEP_LIMIT,
    });
    // The same for provider wagers (and the reversal of a rolled-back one's accruals that landed after its rollback).
    const missedProviderAccruals = await services.providers.wallet.accrueMissed({
      olderThanMs: ACCRUAL_SWEEP_AGE_MS,
      limit: ACCRUAL_SWEEP_LIMIT,
    });
    // Markets whose results no settlement job has applied (the job lost with Redis' data, or failing) settle now.
    const pendingSettlements = await services.sports.bets.settlePending({
      olderThanMs: SETTLEMENT_SWEEP_AGE_MS,
      limit: SETTLEMENT_SWEEP_LIMIT,
    });
    return {
      ok: true,
      requeuedMail,
      expiredMail,
      purgedAuthRows,
      republishedEvents,
      purgedEvents,
      requeuedPayouts,
      missedAccruals,
      missedProviderAccruals,
      pendingSettlements,
    };
  },
};
