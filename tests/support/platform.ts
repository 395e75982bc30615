import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startPlatformServer, type Platform } from '../../server/src/bootstrap.js';
import { loadEnv, type Env } from '../../server/src/env.js';
import type { SessionResolver } from '../../server/src/realtime/session-resolver.js';
import { createLogger, type Logger } from '../../server/src/infra/logger.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';
import { createTestDatabase } from './database.js';
import type { Clock } from '../../server/src/domain/responsible-gaming/clock.js';
import { TEST_REDIS_URL } from './services.js';

export interface TestPlatform {
  url: string;
  env: Env;
  platform: Platform;
  databaseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * What makes a test server a world of its own: its database and data folder, a fresh Redis key prefix, a random
 * local port, and no log output.
 */
export function isolatedServerEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `test-${randomBytes(5).toString('hex')}`,
    LOG_LEVEL: 'silent',
  };
}

/**
 * The real server (same bootstrap as production) on a random port, with its own Postgres database,
 * its own Redis key prefix and its own data folder, serving the built client from dist/client.
 */
export async function startTestPlatform(
  overrides: Record<string, string> = {},
  options: {
    resolveSession?: SessionResolver;
    logger?: Logger;
    clock?: Clock;
    /** The URL the platform reaches its fresh database by (a pooler in front of it); the direct one by default. */
    databaseUrl?: (direct: string) => string;
  } = {},
): Promise<TestPlatform> {
  const database = await createTestDatabase({ migrated: true });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bzu-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    ...isolatedServerEnv(options.databaseUrl?.(database.url) ?? database.url, dataDir),
    CLIENT_DIST_DIR: path.resolve('dist/client'),
    // Every request of a test comes from 127.0.0.1, so the per-address budget of anonymous tRPC
    // calls would be shared by the whole file; the budget's own tests set it.
    RATE_LIMIT_ANONYMOUS_CALLS: '100000/60',
    // Likewise one account's calls (a test may place thousands of bets), and tests pose as other addresses with
    // X-Forwarded-For (support/auth.ts), as a proxy on this machine would: trusted only here.
    RATE_LIMIT_ACCOUNT_CALLS: '1000000/60',
    TRUST_PROXY: 'loopback',
    ...overrides,
  });
  const platform = await startPlatformServer(env, {
    resolveSession: options.resolveSession,
    logger: options.logger,
    clock: options.clock,
  });
  // PORT=0 picks the port at listen time, after the allowed WebSocket origins were derived from it.
  const port = platform.server.port;
  env.allowedOrigins.push(`http://localhost:${port}`, `http://127.0.0.1:${port}`);
  return {
    url: platform.server.url,
    env,
    platform,
    databaseUrl: database.url,
    dataDir,
    async stop() {
      await platform.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The worker (mail, housekeeping, ...) in this process, on the test platform's infrastructure. */
export function startTestWorker(platform: TestPlatform): Promise<RunningWorker> {
  return startWorker({
    infra: platform.platform.infra,
    services: platform.platform.services,
    logger: createLogger('silent', 'worker'),
  });
}
