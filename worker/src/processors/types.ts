import type { Logger } from '../../../server/src/infra/logger.js';
import type { JobData, JobName, QueueName } from '../../../server/src/infra/queues.js';
import type { Infrastructure } from '../../../server/src/infrastructure.js';
import type { Services } from '../../../server/src/composition/index.js';

export interface JobContext {
  infra: Infrastructure;
  services: Services;
  logger: Logger;
  jobId: string;
  attempt: number;
  /** When the job was created (ms since epoch). */
  enqueuedAt: number;
  /**
   * Pauses the whole queue for `delayMs` (BullMQ manual rate limit, e.g. after an upstream 429)
   * and puts this job back to wait without counting a failed attempt. Never returns.
   */
  rateLimit(delayMs: number): Promise<never>;
}

/** One handler per job name of a queue; payloads arrive already checked against their schema. */
export type QueueHandlers<Q extends QueueName> = {
  [J in JobName<Q>]: (data: JobData<Q, J>, context: JobContext) => Promise<unknown>;
};
