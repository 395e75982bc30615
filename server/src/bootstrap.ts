import { migrateToLatest } from '../../db/migrate.js';
import { openDatabase } from '../../db/open.js';
import { databaseOptions, type Env } from './env.js';
import { createLogger, type Logger } from './infra/logger.js';
import { createMetrics } from './infra/metrics.js';
import { stopPasswordHashProcesses } from './infra/password-hash-child.js';
import { JobProducer } from './infra/queues.js';
import { createRedis } from './infra/redis.js';
import { startHttpServer, type RunningServer } from './server.js';
import { createServices, type Infrastructure, type ServiceOptions, type Services } from './services.js';

export interface OpenedInfrastructure extends Infrastructure {
  close(): Promise<void>;
}

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

export interface Platform {
  server: RunningServer;
  services: Services;
  infra: OpenedInfrastructure;
  logger: Logger;
  /** Stops accepting, drains open requests and sockets, then closes connections. */
  stop(): Promise<void>;
}

export async function startPlatformServer(
  env: Env,
  options: { hostEmbedded?: boolean; logger?: Logger } & ServiceOptions = {},
): Promise<Platform> {
  const logger = options.logger ?? createLogger(env.LOG_LEVEL, 'server');
  const infra = await openInfrastructure(env, { hostEmbedded: options.hostEmbedded ?? true });
  try {
    await migrateToLatest(infra.db);
    const services = createServices(infra, { resolveSession: options.resolveSession });
    // This process's single Redis subscriber feeding the realtime hub.
    await services.live.start();
    const server = await startHttpServer({ env, services, logger, metrics: createMetrics() }, env.PORT, env.HOST);
    return {
      server,
      services,
      infra,
      logger,
      async stop() {
        await server.close();
        await stopPasswordHashProcesses();
        await services.outbox.flushMarks();
        await services.live.stop();
        await infra.close();
      },
    };
  } catch (error) {
    await infra.close();
    throw error;
  }
}
