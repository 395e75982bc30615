import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import { z } from 'zod';
import { redisConnectionOptions, type RedisRole } from './redis.js';

/**
 * Every queue, every job name in it and its payload schema, defined once for producers (server)
 * and consumers (worker). Payloads carry ids, never secrets.
 */
export const jobSchemas = {
  housekeeping: {
    tick: z.object({}).strict(),
  },
  token: {
    /** One BZU price snapshot per 20 s tick; the tick comes from the scheduler's job id. */
    'price-tick': z.object({}).strict(),
  },
  email: {
    /** One outbox row; the mail's content (with its single-use link) stays in Postgres. */
    send: z.object({ outboxId: z.number().int().positive() }).strict(),
  },
  wallet: {
    /** Hand one APPROVED withdrawal to the payout adapter; job id `payout-<id>`. */
    payout: z.object({ withdrawalId: z.string().regex(/^\d{1,19}$/) }).strict(),
  },
  sports: {
    /** Settle (or resettle) every bet on one market; job id `sports-settle-<marketId>-v<resultVersion>`. */
    'settle-market': z.object({ marketId: z.string().regex(/^\d{1,19}$/), resultVersion: z.number().int().positive() }).strict(),
  },
  /** A queue of its own so a feed's 429 pause never delays settlement. */
  'sports-feed': {
    /** One poll of SPORTS_FEED_URL; a no-op without a feed or with the sports flag off. */
    poll: z.object({}).strict(),
  },
} as const satisfies Record<string, Record<string, z.ZodType>>;

export type QueueName = keyof typeof jobSchemas;
export type JobName<Q extends QueueName> = keyof (typeof jobSchemas)[Q] & string;
export type JobData<Q extends QueueName, J extends JobName<Q>> = z.infer<(typeof jobSchemas)[Q][J]>;

export interface JobScheduler {
  id: string;
  queue: QueueName;
  job: string;
  everyMs: number;
}

/** Repeating jobs; the worker upserts them at boot, so restarts and extra workers add no duplicates. */
export const jobSchedulers: JobScheduler[] = [
  { id: 'housekeeping-tick', queue: 'housekeeping', job: 'tick', everyMs: 60_000 },
  { id: 'token-price-tick', queue: 'token', job: 'price-tick', everyMs: 20_000 },
  { id: 'sports-feed-poll', queue: 'sports-feed', job: 'poll', everyMs: 15_000 },
];

export const defaultJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** ioredis 6's option types are wider than the ones BullMQ declares; the values are the same. */
export function bullConnection(url: string, role: RedisRole): ConnectionOptions {
  return redisConnectionOptions(url, role) as ConnectionOptions;
}

export function queuePrefix(redisPrefix: string): string {
  return `${redisPrefix}:bull`;
}

export class JobProducer {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly redisUrl: string,
    private readonly redisPrefix: string,
  ) {}

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: bullConnection(this.redisUrl, 'producer'),
        prefix: queuePrefix(this.redisPrefix),
        defaultJobOptions,
      });
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  /**
   * Validates the payload against its schema and adds the job. A jobId made from the business key
   * makes a repeated enqueue of the same event a no-op.
   */
  async enqueue<Q extends QueueName, J extends JobName<Q>>(
    queue: Q,
    job: J,
    data: JobData<Q, J>,
    options: { jobId?: string; delayMs?: number } = {},
  ): Promise<void> {
    const schema = (jobSchemas[queue] as Record<string, z.ZodType>)[job];
    if (!schema) throw new Error(`Unknown job ${queue}.${job}`);
    await this.queue(queue).add(job, schema.parse(data), { jobId: options.jobId, delay: options.delayMs });
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
