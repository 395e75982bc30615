import type { Logger } from '../../../server/src/infra/logger.js';
import type { JobData, JobName, QueueName } from '../../../server/src/infra/queues.js';
import type { Infrastructure } from '../../../server/src/services.js';
import type { Services } from '../../../server/src/services.js';

export interface JobContext {
  infra: Infrastructure;
  services: Services;
  logger: Logger;
  jobId: string;
  attempt: number;
}

/** One handler per job name of a queue; payloads arrive already checked against their schema. */
export type QueueHandlers<Q extends QueueName> = {
  [J in JobName<Q>]: (data: JobData<Q, J>, context: JobContext) => Promise<unknown>;
};
