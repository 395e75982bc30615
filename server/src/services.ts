import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';
import { SystemService } from './domain/system/system.service.js';
import type { Env } from './env.js';
import type { JobProducer } from './infra/queues.js';
import { pingRedis } from './infra/redis.js';
import { readWorkerHeartbeat } from './infra/worker-heartbeat.js';

export interface Infrastructure {
  env: Env;
  db: Db;
  redis: Redis;
  jobs: JobProducer;
}

/** Builds every domain service over the shared infrastructure; one place to see what depends on what. */
export function createServices(infra: Infrastructure) {
  const { env, db, redis } = infra;
  const system = new SystemService(
    {
      databaseTime: async () => {
        const { rows } = await sql<{ now: Date }>`select now() as now`.execute(db);
        return new Date(rows[0]!.now);
      },
      redisAlive: () => pingRedis(redis),
      workerLastBeat: () => readWorkerHeartbeat(redis, env.redisPrefix),
    },
    {
      version: env.APP_VERSION,
      supportEmail: env.SUPPORT_EMAIL,
      sportsEnabled: env.SPORTS_ENABLED,
      workerStaleAfterMs: env.WORKER_HEARTBEAT_MS * 3,
    },
  );
  return { system };
}

export type Services = ReturnType<typeof createServices>;
