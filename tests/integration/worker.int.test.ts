import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/src/infra/logger.js';
import { bullConnection, jobSchedulers, queuePrefix } from '../../server/src/infra/queues.js';
import { startWorker } from '../../worker/src/worker.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';

describe('worker', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('keeps exactly one scheduler per id however often workers boot', async () => {
    const { jobs } = platform.platform.infra;
    await Promise.all([
      jobs.upsertSchedulers(jobSchedulers),
      jobs.upsertSchedulers(jobSchedulers),
      jobs.upsertSchedulers(jobSchedulers),
    ]);
    await jobs.upsertSchedulers(jobSchedulers);
    for (const queue of new Set(jobSchedulers.map((s) => s.queue))) {
      const ids = (await jobs.queue(queue).getJobSchedulers()).map((s) => s.key);
      const expected = jobSchedulers.filter((s) => s.queue === queue).map((s) => s.id);
      expect(ids.sort()).toEqual(expected.sort());
    }
  });

  it('runs the hourly buy-and-burn at the top of each UTC hour, not an hour after the worker started', async () => {
    const { jobs } = platform.platform.infra;
    await jobs.upsertSchedulers(jobSchedulers);
    const scheduler = await jobs.queue('token-burn').getJobScheduler('token-burn-hourly');
    expect(scheduler?.pattern).toBe('0 * * * *');
    expect(scheduler?.every ?? null).toBeNull();
    // The next run is on the hour, within the coming hour.
    const next = Number(scheduler?.next);
    expect(next % 3_600_000).toBe(0);
    expect(next - Date.now()).toBeLessThanOrEqual(3_600_000);
  });

  it('runs a valid job and fails a malformed payload once, without retrying it', async () => {
    const { infra, services } = platform.platform;
    const worker = await startWorker({ infra, services, logger: createLogger('silent', 'worker') });
    const events = new QueueEvents('housekeeping', {
      connection: bullConnection(platform.env.REDIS_URL, 'blocking'),
      prefix: queuePrefix(platform.env.redisPrefix),
    });
    try {
      await events.waitUntilReady();
      const queue = infra.jobs.queue('housekeeping');

      await infra.jobs.enqueue('housekeeping', 'tick', {}, { jobId: 'valid-tick' });
      const valid = await queue.getJob('valid-tick');
      await valid!.waitUntilFinished(events, 10_000);
      const lastRun = await infra.db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', 'housekeeping.lastRunAt')
        .executeTakeFirst();
      expect(typeof lastRun?.value).toBe('string');

      // Bypasses the producer's schema check, as a stale or foreign producer might.
      await queue.add('tick', { unexpected: 'field' }, { jobId: 'malformed-tick', attempts: 5 });
      const malformed = await queue.getJob('malformed-tick');
      await expect(malformed!.waitUntilFinished(events, 10_000)).rejects.toThrow(/Invalid payload/);
      const failed = await queue.getJob('malformed-tick');
      expect(failed!.attemptsMade).toBe(1);
      expect(await failed!.getState()).toBe('failed');
    } finally {
      await events.close();
      await worker.stop();
    }
  });

  it('refuses to enqueue a payload that does not match its schema', async () => {
    const { jobs } = platform.platform.infra;
    await expect(jobs.enqueue('housekeeping', 'tick', { extra: 1 } as never)).rejects.toThrow();
  });
});
