import { UnrecoverableError } from 'bullmq';
import type { QueueHandlers } from './types.js';

/** SMTP replies in the 5xx range are permanent (bad address, rejected); retrying will not help. */
function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export const emailHandlers: QueueHandlers<'email'> = {
  async send({ outboxId }, { services, logger, attempt }) {
    try {
      const outcome = await services.auth.mail.deliver(outboxId);
      if (outcome === 'missing') throw new UnrecoverableError(`Outbox mail ${outboxId} does not exist`);
      logger.info({ outboxId, outcome, attempt }, 'email job done');
      return { outcome };
    } catch (error) {
      if (error instanceof UnrecoverableError) throw error;
      if (isPermanentSmtpFailure(error))
        throw new UnrecoverableError(`SMTP refused outbox mail ${outboxId}: ${(error as Error).message}`);
      // Anything else (connection refused, timeout, 4xx) is retried with backoff by BullMQ.
      throw error;
    }
  },
};
