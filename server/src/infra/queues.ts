import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import { z } from 'zod';
import { DomainError } from '../domain/errors.js';
import { dbId } from '../domain/ids.js';
import { redisConnectionOptions, type RedisRole } from './redis.js';

/**
 * Every queue, every job name in it and its payload schema, defined once for producers (server)
 * and consumers (worker). Payloads carry ids, never secrets.
 */
export const jobSchemas = {
  housekeeping: {
    tick: z.object({}).strict(),
    /** The back office's report aggregates: `day` (UTC, YYYY-MM-DD) or, from the scheduler, yesterday and today. */
    reports: z.object({ day: z.iso.date().optional() }).strict(),
  },
  token: {
    /** One BZU price snapshot per 20 s tick; the tick comes from the scheduler's job id. */
    'price-tick': z.object({}).strict(),
  },
  'token-burn': {
    /**
     * Buy-and-burn of one closed hour: `hour` (ISO, on the hour) or, from the scheduler, the hour
     * before the job's scheduled time. Its own queue, so a rate-limited price source never delays it.
     */
    hour: z.object({ hour: z.iso.datetime().optional() }).strict(),
  },
  email: {
    /** One outbox row; the mail's content (with its single-use link) stays in Postgres. */
    send: z.object({ outboxId: dbId.integer('outboxId') }).strict(),
  },
  economy: {
    /** One chat rain; the rain id comes from the scheduler's tick, so a retried job pays once. */
    rain: z.object({}).strict(),
  },
  wallet: {
    /** Hand one APPROVED withdrawal to the payout adapter; job id `payout-<id>`. */
    payout: z.object({ withdrawalId: dbId.bigintString('withdrawalId') }).strict(),
  },
  sports: {
    /** Settle (or resettle) every bet on one market; job id `sports-settle-<marketId>-v<resultVersion>`. */
    'settle-market': z
      .object({ marketId: z.string().regex(/^\d{1,19}$/), resultVersion: z.number().int().positive() })
      .strict(),
  },
  raffle: {
    /** Close and draw every raffle past its close, then make sure the current period's raffle is open (idempotent). */
    tick: z.object({}).strict(),
  },
  promotions: {
    /** Freeze and pay every wager race past its end (idempotent: row locks and one ledger key per place). */
    'settle-races': z.object({}).strict(),
    /** Remove every bonus past its expiry, each in one ledger transaction (idempotent: row lock, status). */
    'expire-bonuses': z.object({}).strict(),
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

/** A repeating job: every so many ms from when it was first scheduled, or on a cron pattern (UTC). */
export type JobScheduler = { id: string; queue: QueueName; job: string } & ({ everyMs: number } | { cron: string });

/** BullMQ's repeat options for a scheduler. */
export function repeatOf(scheduler: JobScheduler): { every: number } | { pattern: string; tz: string } {
  return 'cron' in scheduler ? { pattern: scheduler.cron, tz: 'UTC' } : { every: scheduler.everyMs };
}

/**
 * Repeating jobs; the worker upserts them at boot (restarts and extra workers add no duplicates) and
 * re-creates any that Redis lost every WORKER_SCHEDULE_CHECK_MS.
 */
export const jobSchedulers: JobScheduler[] = [
  { id: 'housekeeping-tick', queue: 'housekeeping', job: 'tick', everyMs: 60_000 },
  // Reports lag the bets by at most this much (docs/operations.md "Reports").
  { id: 'housekeeping-reports', queue: 'housekeeping', job: 'reports', everyMs: 5 * 60_000 },
  { id: 'token-price-tick', queue: 'token', job: 'price-tick', everyMs: 20_000 },
  // On the hour (the burn settles the hour just ended): an interval would run an hour after the first boot instead.
  { id: 'token-burn-hourly', queue: 'token-burn', job: 'hour', cron: '0 * * * *' },
  { id: 'sports-feed-poll', queue: 'sports-feed', job: 'poll', everyMs: 15_000 },
  { id: 'raffle-tick', queue: 'raffle', job: 'tick', everyMs: 60_000 },
  { id: 'promotions-settle-races', queue: 'promotions', job: 'settle-races', everyMs: 30_000 },
  { id: 'promotions-expire-bonuses', queue: 'promotions', job: 'expire-bonuses', everyMs: 60_000 },
];

/** The rain scheduler: its interval is configuration (RAIN_INTERVAL_MINUTES). */
export function rainScheduler(intervalMinutes: number): JobScheduler {
  return { id: 'economy-rain', queue: 'economy', job: 'rain', everyMs: intervalMinutes * 60_000 };
}

/** Every scheduler the platform runs with this configuration: the fixed ones and the rain. */
export function configuredSchedulers(rainIntervalMinutes: number): JobScheduler[] {
  return [...jobSchedulers, rainScheduler(rainIntervalMinutes)];
}

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

/** How long an enqueue may wait for Redis before the producer answers 503. */
const ENQUEUE_TIMEOUT_MS = 2_000;

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
    const payload = schema.parse(data);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('enqueue timed out')), ENQUEUE_TIMEOUT_MS);
    });
    try {
      // BullMQ waits for its connection before adding; a Redis that is away must not hang the request.
      await Promise.race([
        this.queue(queue).add(job, payload, { jobId: options.jobId, delay: options.delayMs }),
        timeout,
      ]);
    } catch {
      // Redis away: a 503 the client may retry, not a 500. A late add is harmless (job ids dedupe).
      throw new DomainError('UNAVAILABLE', 'Service temporarily unavailable, please try again', {
        code: 'QUEUE_UNAVAILABLE',
        retryAfterSeconds: 5,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Creates or updates each scheduler by its fixed id: restarts and extra workers add no duplicates. */
  async upsertSchedulers(schedulers: JobScheduler[]): Promise<void> {
    for (const scheduler of schedulers) {
      await this.queue(scheduler.queue).upsertJobScheduler(scheduler.id, repeatOf(scheduler), {
        name: scheduler.job,
        data: {},
      });
    }
  }

  /** Ids of the schedulers Redis does not hold: lost with its data (no persistence, failover, FLUSHALL) or never created. */
  async missingSchedulers(schedulers: JobScheduler[]): Promise<string[]> {
    const found = await Promise.all(
      schedulers.map((scheduler) => this.queue(scheduler.queue).getJobScheduler(scheduler.id)),
    );
    return schedulers.filter((_, i) => !found[i]).map((scheduler) => scheduler.id);
  }

  async close(): Promise<void> {
    // A connection that is down at shutdown (Redis away) cannot QUIT; it is just dropped.
    await Promise.all([...this.queues.values()].map((queue) => queue.close().catch(() => queue.disconnect())));
  }
}
