import { sql } from 'kysely';
import { SystemService } from '../domain/system/system.service.js';
import { configuredSchedulers } from '../infra/queues.js';
import { pingRedis } from '../infra/redis.js';
import { readWorkerHeartbeat } from '../infra/worker-heartbeat.js';
import type { Infrastructure } from '../infrastructure.js';

/** Health (database, Redis, the worker's heartbeat, job schedules) and the public configuration. */
export function createSystem({ env, db, redis, jobs }: Infrastructure): SystemService {
  return new SystemService(
    {
      databaseTime: async () => {
        const { rows } = await sql<{ now: Date }>`select now() as now`.execute(db);
        return new Date(rows[0]!.now);
      },
      redisAlive: () => pingRedis(redis),
      workerLastBeat: () => readWorkerHeartbeat(redis, env.redisPrefix),
      missingSchedules: () => jobs.missingSchedulers(configuredSchedulers(env.RAIN_INTERVAL_MINUTES)),
    },
    {
      version: env.APP_VERSION,
      supportEmail: env.SUPPORT_EMAIL,
      sportsEnabled: env.SPORTS_ENABLED,
      emailVerification: env.EMAIL_VERIFICATION,
      themeSwitcher: env.THEME_SWITCHER_ENABLED,
      workerStaleAfterMs: env.WORKER_HEARTBEAT_MS * 3,
    },
  );
}
