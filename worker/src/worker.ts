import { UnrecoverableError, Worker } from 'bullmq';
import type { z } from 'zod';
import type { Logger } from '../../server/src/infra/logger.js';
import { bullConnection, jobSchedulers, jobSchemas, queuePrefix, rainScheduler, repeatOf, type JobProducer, type JobScheduler, type QueueName } from '../../server/src/infra/queues.js';
import { createRedis } from '../../server/src/infra/redis.js';
import { recordWorkerHeartbeat } from '../../server/src/infra/worker-heartbeat.js';
import type { Infrastructure, Services } from '../../server/src/services.js';
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

/** Upserting by a fixed id makes boot idempotent: restarts and extra workers keep one scheduler each. */
export async function registerJobSchedulers(jobs: JobProducer, configured: JobScheduler[] = []): Promise<void> {
  for (const scheduler of [...jobSchedulers, ...configured]) {
    await jobs.queue(scheduler.queue).upsertJobScheduler(
      scheduler.id,
      repeatOf(scheduler),
      { name: scheduler.job, data: {} },
    );
  }
}

export async function startWorker({ infra, services, logger, concurrency = 4 }: WorkerDeps): Promise<RunningWorker> {
  const { env } = infra;
  await registerJobSchedulers(infra.jobs, [rainScheduler(env.RAIN_INTERVAL_MINUTES)]);

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
    worker.on('failed', (job, error) => logger.warn({ queue, job: job?.name, jobId: job?.id, err: error }, 'job failed'));
    worker.on('error', (error) => logger.error({ queue, err: error }, 'worker error'));
    return worker;
  });

  const heartbeatRedis = createRedis(env.REDIS_URL, 'command');
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
      // close() waits for jobs in progress to finish, so none is left half done.
      await Promise.all(workers.map((worker) => worker.close()));
      heartbeatRedis.disconnect();
    },
  };
}
