import { migrateToLatest } from '../../db/migrate.js';
import { createServerServices, type ServerServiceOptions, type ServerServices } from './composition/server.js';
import { refuseSigningKey, type Env } from './env.js';
import { createLogger, type Logger } from './infra/logger.js';
import { createMetrics } from './infra/metrics.js';
import { openInfrastructure, type OpenedInfrastructure } from './infrastructure.js';
import { startHttpServer, type RunningServer } from './server.js';

export interface Platform {
  server: RunningServer;
  services: ServerServices;
  infra: OpenedInfrastructure;
  logger: Logger;
  /** Stops accepting, drains open requests and sockets, then closes connections. */
  stop(): Promise<void>;
}

export async function startPlatformServer(
  env: Env,
  options: { hostEmbedded?: boolean; logger?: Logger } & ServerServiceOptions = {},
): Promise<Platform> {
  refuseSigningKey(env);
  const logger = options.logger ?? createLogger(env.LOG_LEVEL, 'server');
  const infra = await openInfrastructure(env, { hostEmbedded: options.hostEmbedded ?? true });
  try {
    await migrateToLatest(infra.db);
    const services = createServerServices(infra, { resolveSession: options.resolveSession, clock: options.clock });
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
        await services.auth.hashing.stop();
        await services.events.drain();
        await services.live.stop();
        await infra.close();
      },
    };
  } catch (error) {
    await infra.close();
    throw error;
  }
}
