import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configuredSchedulers } from '../../server/src/infra/queues.js';
import { http } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { PrivateRedis } from '../support/private-redis.js';
import { startWorkerProcess } from '../support/server-process.js';

/**
 * Issue #23 point 2: Redis comes back empty (no persistence, a failover, FLUSHALL). /auth/status
 * says which job schedules are missing (200, status "degraded"), and the running worker re-creates
 * them by itself; jobs run again. The worker checks every WORKER_SCHEDULE_CHECK_MS (1 s here, a
 * minute by default).
 */
describe('Redis loses its data', () => {
  let redis: PrivateRedis;
  let platform: TestPlatform;
  let worker: Awaited<ReturnType<typeof startWorkerProcess>>;
  const allSchedules = configuredSchedulers(30)
    .map((scheduler) => scheduler.id)
    .sort();

  const status = async () => {
    const answer = await http(platform.url, 'GET', '/auth/status');
    return {
      code: answer.status,
      ...(answer.body as { status: string; worker: string; schedules: string; missingSchedules: string[] }),
    };
  };
  const lastHousekeeping = async () =>
    (
      await platform.platform.infra.db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', 'housekeeping.lastRunAt')
        .executeTakeFirst()
    )?.value ?? null;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    platform = await startTestPlatform({
      REDIS_URL: redis.url,
      WORKER_HEARTBEAT_MS: '500',
      RAIN_INTERVAL_MINUTES: '30',
    });
    worker = await startWorkerProcess(platform.env, {
      WORKER_HEARTBEAT_MS: '500',
      WORKER_SCHEDULE_CHECK_MS: '1000',
      RAIN_INTERVAL_MINUTES: '30',
    });
  });
  afterAll(async () => {
    worker?.child.kill('SIGCONT');
    await worker?.stop();
    await platform?.stop();
    await redis?.stop();
  });

  it('reports the lost schedules as degraded (200) and the worker re-creates every one of them; housekeeping runs again', async () => {
    await expect
      .poll(status, { timeout: 20_000, interval: 200 })
      .toMatchObject({ code: 200, status: 'ok', worker: 'ok', schedules: 'ok', missingSchedules: [] });
    // The scheduler's first housekeeping run comes right after the worker created it.
    await expect.poll(lastHousekeeping, { timeout: 20_000, interval: 200 }).not.toBeNull();

    // Held still, so the loss can be seen before the worker repairs it.
    worker.child.kill('SIGSTOP');
    await redis.flushAll();
    const degraded = await status();
    expect(degraded).toMatchObject({ code: 200, status: 'degraded', schedules: 'missing' });
    expect([...degraded.missingSchedules].sort()).toEqual(allSchedules);

    const before = await lastHousekeeping();
    const resumed = performance.now();
    worker.child.kill('SIGCONT');
    await expect
      .poll(status, { timeout: 20_000, interval: 100 })
      .toMatchObject({ code: 200, status: 'ok', schedules: 'ok', missingSchedules: [] });
    const recreatedMs = Math.round(performance.now() - resumed);
    await expect.poll(lastHousekeeping, { timeout: 20_000, interval: 200 }).not.toBe(before);
    console.info(
      `schedules re-created ${recreatedMs} ms after the worker resumed (check interval 1 s); housekeeping ran again`,
    );
  }, 120_000);
});
