import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';
import { openDatabase } from '../../db/open.js';
import { databaseOptions, type Env } from './env.js';
import { JobProducer } from './infra/queues.js';
import { createRedis } from './infra/redis.js';

/** The connections every process shares: configuration, the database, Redis and the job queues. */
export interface Infrastructure {
  env: Env;
  db: Db;
  redis: Redis;
  jobs: JobProducer;
}

export interface OpenedInfrastructure extends Infrastructure {
  close(): Promise<void>;
}

/** Opens the database, Redis and the queue producer; the server, the worker and the CLI all start here. */
export async function openInfrastructure(env: Env, options: { hostEmbedded: boolean }): Promise<OpenedInfrastructure> {
  const database = await openDatabase(databaseOptions(env, options.hostEmbedded));
  const redis = createRedis(env.REDIS_URL, 'command');
  const jobs = new JobProducer(env.REDIS_URL, env.redisPrefix);
  return {
    env,
    db: database.db,
    redis,
    jobs,
    async close() {
      await jobs.close();
      redis.disconnect();
      await database.close();
    },
  };
}
