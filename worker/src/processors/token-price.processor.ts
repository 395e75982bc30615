import { DomainError } from '../../../server/src/domain/errors.js';
import type { QueueHandlers } from './types.js';

/**
 * The tick a job belongs to. Scheduler jobs are named "repeat:<scheduler>:<millis>" with the
 * scheduled time in them, which stays the same across retries; other jobs use their creation time.
 */
export function tickOfJob(jobId: string, enqueuedAt: number): Date {
  const match = /^repeat:.+:(\d+)$/.exec(jobId);
  return new Date(match ? Number(match[1]) : enqueuedAt);
}

export const tokenHandlers: QueueHandlers<'token'> = {
  async 'price-tick'(_data, context) {
    try {
      const { stored, data } = await context.services.token.prices.recordSnapshot(
        tickOfJob(context.jobId, context.enqueuedAt),
      );
      return { stored, price: data.price, updatedAt: data.updatedAt };
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'TOO_MANY_REQUESTS') {
        const waitMs = (error.retryAfterSeconds ?? 60) * 1_000;
        context.logger.warn({ waitMs }, 'price source rate-limited us; pausing the token queue');
        return context.rateLimit(waitMs);
      }
      throw error;
    }
  },
};
