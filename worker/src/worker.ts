import { UnrecoverableError, Worker } from 'bullmq';
import type { z } from 'zod';
import type { Logger } from '../../server/src/infra/logger.js';
import {
  bullConnection,
  configuredSchedulers,
  jobSchemas,
  queuePrefix,
  type JobProducer,
  type JobScheduler,
  type QueueName,
} from '../../server/src/infra/queues.js';
import { createRedis, whenReady } from '../../server/src/infra/redis.js';
import { recordWorkerHeartbeat } from '../../server/src/infra/worker-heartbeat.js';
import type { Infrastructure } from '../../server/src/infrastructure.js';
import type { Services } from '../../server/src/composition/index.js';
import { processors } from './processors/index.js';
import type { JobContext } from './processors/types.js';

export interface RunningWorker {
  workers: Worker[];
  stop(): Promise<void>;
}

export interface WorkerDeps {
  infra: Infrastructure & { jobs: JobProducer };
  services: Services;
  logger: Logger;
  concurrency?: number;
}

/**
 * Redis that comes back empty (no persistence, a failover, FLUSHALL) has lost every scheduler, and
 * nothing would run again: every `intervalMs` the worker re-creates the ones that are missing. Answers
 * the function that stops checking.
 */
export function watchJobSchedulers(
  jobs: JobProducer,
  schedulers: JobScheduler[],
  intervalMs: number,
  logger: Logger,
): () => void {
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const missing = await jobs.missingSchedulers(schedulers);
      if (missing.length === 0) return;
      await jobs.upsertSchedulers(schedulers.filter((scheduler) => missing.includes(scheduler.id)));
      logger.warn({ schedulers: missing }, 'job schedulers were missing from Redis (data lost?); re-created them');
    } catch (error) {
      // Redis away: the next check tries again.
      logger.warn({ err: error }, 'job scheduler check failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  return () => clearInterval(timer);
}

export async function startWorker({ infra, services, logger, concurrency = 4 }: WorkerDeps): Promise<RunningWorker> {
  const { env } = infra;
  const schedulers = configuredSchedulers(env.RAIN_INTERVAL_MINUTES);
  // Upserts by fixed ids: boot is idempotent, restarts and extra workers keep one scheduler each.
  await infra.jobs.upsertSchedulers(schedulers);
  const stopWatching = watchJobSchedulers(infra.jobs, schedulers, env.WORKER_SCHEDULE_CHECK_MS, logger);

  const workers = (Object.keys(processors) as QueueName[]).map((queue) => {
    const handlers = processors[queue] as Record<string, (data: unknown, context: JobContext) => Promise<unknown>>;
    const schemas = jobSchemas[queue] as Record<string, z.ZodType>;
    const worker = new Worker(
      queue,
      async (job) => {
        const handler = handlers[job.name];
        const schema = schemas[job.name];
        if (!handler || !schema) throw new UnrecoverableError(`No handler for ${queue}.${job.name}`);
        const parsed = schema.safeParse(job.data);
        // A malformed payload will be malformed on every retry too.
        if (!parsed.success) throw new UnrecoverableError(`Invalid payload for ${queue}.${job.name}`);
        return handler(parsed.data, {
          infra,
          services,
          logger,
          jobId: job.id ?? '',
          attempt: job.attemptsMade + 1,
          enqueuedAt: job.timestamp,
          rateLimit: async (delayMs) => {
            await infra.jobs.queue(queue).rateLimit(delayMs);
            throw Worker.RateLimitError();
          },
        });
      },
      {
        connection: bullConnection(env.REDIS_URL, 'blocking'),
        prefix: queuePrefix(env.redisPrefix),
        concurrency,
      },
    );
    worker.on('failed', (job, error) =>
      logger.warn({ queue, job: job?.name, jobId: job?.id, err: error }, 'job failed'),
    );
    worker.on('error', (error) => logger.error({ queue, err: error }, 'worker error'));
    return worker;
  });

  const heartbeatRedis = createRedis(env.REDIS_URL, 'command');
  // Without an offline queue the first beat would fail while the connection is still opening: the
  // worker would show as down for a beat after it started.
  await whenReady(heartbeatRedis, 5_000);
  const beat = () =>
    recordWorkerHeartbeat(heartbeatRedis, env.redisPrefix, env.WORKER_HEARTBEAT_MS * 3).catch((error: Error) =>
      logger.warn({ err: error }, 'heartbeat failed'),
    );
  await beat();
  const heartbeat = setInterval(beat, env.WORKER_HEARTBEAT_MS);

  return {
    workers,
    async stop() {
      clearInterval(heartbeat);
      stopWatching();
      // close() waits for jobs in progress to finish, so none is left half done.
      await Promise.all(workers.map((worker) => worker.close()));
      heartbeatRedis.disconnect();
    },
  };
}
