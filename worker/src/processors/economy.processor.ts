import { tickOfJob } from './token-price.processor.js';
import type { QueueHandlers } from './types.js';

export const economyHandlers: QueueHandlers<'economy'> = {
  /** The rain of the period ending at the scheduler's tick; a retry of the same job finds it paid. */
  async rain(_data, context) {
    const { rain, paid } = await context.services.economy.rain.run(tickOfJob(context.jobId, context.enqueuedAt));
    return { id: rain.id, paid, recipients: rain.recipients.length, share: rain.share };
  },
};
