import type { Db } from '../../../../../db/client.js';
import { readAccrualWatermark, writeAccrualWatermark } from '../../../../../db/repositories/games.repo.js';

/** How far back an accrual sweep looks by default: older gaps are left to an operator (see docs/architecture.md). */
export const ACCRUAL_SWEEP_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface AccrualSweepOptions {
  olderThanMs: number;
  limit: number;
  withinMs?: number;
}

/** What one sweep reads and repairs: the originals' bets (BetEngine) or the providers' wagers (ProviderWalletService). */
export interface AccrualSweepPort<T extends { settledAt: Date }> {
  db: Db;
  /** The app_settings key of this sweep's watermark (undefined: the originals' bets). */
  watermarkKey?: string;
  /** Items settled in [settledAfter, settledBefore) still needing repair, oldest first, at most `limit`. */
  pending(range: { settledBefore: Date; settledAfter: Date; limit: number }): Promise<T[]>;
  /** Repairs one item idempotently; resolves to how many of its calls failed (each logged by the caller). */
  repair(item: T): Promise<number>;
}

/**
 * One run of a repair sweep: items settled more than `olderThanMs` ago (so the normal after-commit path is never
 * raced), `limit` per run, oldest first, one at a time (background work must not crowd out live settlement). A
 * watermark (every item settled before it is repaired) keeps each run to what settled since the last one plus any
 * still failing; it never reaches back further than `withinMs`.
 */
export async function runAccrualSweep<T extends { settledAt: Date }>(
  options: AccrualSweepOptions,
  port: AccrualSweepPort<T>,
): Promise<{ attempted: number; failed: number }> {
  const now = Date.now();
  const settledBefore = new Date(now - options.olderThanMs);
  const floor = now - (options.withinMs ?? ACCRUAL_SWEEP_WINDOW_MS);
  const watermark = await readAccrualWatermark(port.db, port.watermarkKey);
  const settledAfter = new Date(Math.max(floor, Math.min(watermark?.getTime() ?? floor, settledBefore.getTime())));
  const items = await port.pending({ settledBefore, settledAfter, limit: options.limit });
  let failed = 0;
  let firstFailure: Date | undefined;
  for (const item of items) {
    if ((await port.repair(item)) > 0) {
      failed += 1;
      firstFailure ??= item.settledAt;
    }
  }
  // A full page may have more behind it: resume at its last item. A failed item is read again next run.
  const covered = items.length === options.limit ? items[items.length - 1]!.settledAt : settledBefore;
  await writeAccrualWatermark(
    port.db,
    firstFailure && firstFailure < covered ? firstFailure : covered,
    port.watermarkKey,
  );
  return { attempted: items.length, failed };
}
