import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';
import { createLogger } from '../../server/src/infra/logger.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';

describe('GET /auth/status', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({ WORKER_HEARTBEAT_MS: '200' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('answers 200 with no-store when Postgres and Redis answer, and reports the worker down (and its schedules missing: degraded) until it starts', async () => {
    const response = await fetch(`${platform.url}/auth/status?t=${Date.now()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 'degraded',
      version: '1.0.0',
      database: 'ok',
      redis: 'ok',
      worker: 'down',
      schedules: 'missing',
    });
    expect(body.missingSchedules).toContain('housekeeping-tick');
    expect(Date.parse(body.time as string)).not.toBeNaN();
  });

  it('reports the worker ok while it records heartbeats', async () => {
    const { infra, services } = platform.platform;
    let worker: RunningWorker | undefined;
    try {
      worker = await startWorker({ infra, services, logger: createLogger('silent', 'worker') });
      // Polled: on a loaded machine a status read can come more than three 200 ms beats after the last one.
      await expect
        .poll(async () => (await (await fetch(`${platform.url}/auth/status`)).json()) as Record<string, string>)
        .toMatchObject({ status: 'ok', worker: 'ok', schedules: 'ok' });
    } finally {
      await worker?.stop();
    }
    // Three missed beats (3 x 200 ms) later the worker counts as down again.
    await new Promise((resolve) => setTimeout(resolve, 800));
    const body = (await (await fetch(`${platform.url}/auth/status`)).json()) as Record<string, string>;
    expect(body.worker).toBe('down');
  });

  it('answers 503 when Redis stops answering', async () => {
    const { infra } = platform.platform;
    infra.redis.disconnect();
    try {
      const response = await fetch(`${platform.url}/auth/status`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: 'unavailable', redis: 'down', database: 'ok' });
    } finally {
      infra.redis.connect().catch(() => undefined);
    }
    await expect.poll(async () => (await fetch(`${platform.url}/auth/status`)).status, { timeout: 5_000 }).toBe(200);
  });
});
