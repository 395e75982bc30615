import { previousHour } from '../../../server/src/domain/token/burn.service.js';
import { tickOfJob } from './token-price.processor.js';
import type { QueueHandlers } from './types.js';

/**
 * The hourly buy-and-burn. The hour comes from the scheduler's job id (the scheduled time), which
 * stays the same across retries; the burn itself is unique per hour, so a retry or a duplicate job
 * burns once.
 */
export const tokenBurnHandlers: QueueHandlers<'token-burn'> = {
  async hour(data, context) {
    const hour = data.hour ? new Date(data.hour) : previousHour(tickOfJob(context.jobId, context.enqueuedAt));
    const outcome = await context.services.tokenBurn.burnHour(hour);
    context.logger.info({ ...outcome }, 'buy-and-burn');
    return outcome;
  },
};
