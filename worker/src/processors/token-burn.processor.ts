import { tickOfJob } from './token-price.processor.js';
import type { QueueHandlers } from './types.js';

/**
 * The hourly buy-and-burn. The hour comes from the scheduler's job id (the scheduled time), which
 * stays the same across retries; the burn itself is unique per hour, so a retry or a duplicate job
 * burns once.
 */
export const tokenBurnHandlers: QueueHandlers<'token-burn'> = {
  async hour(data, context) {
    const outcomes = data.hour
      ? [await context.services.token.burn.burnHour(new Date(data.hour))]
      : await context.services.token.burn.burnDueHours(tickOfJob(context.jobId, context.enqueuedAt));
    for (const outcome of outcomes) context.logger.info({ ...outcome }, 'buy-and-burn');
    return outcomes.at(-1);
  },
};
