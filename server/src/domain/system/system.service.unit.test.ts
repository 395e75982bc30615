import { describe, expect, it } from 'vitest';
import { SystemService, type SystemProbes } from './system.service.js';

const now = new Date('2026-11-22T12:00:00Z');

function serviceWith(probes: Partial<SystemProbes>, sportsEnabled = false) {
  return new SystemService(
    {
      databaseTime: async () => now,
      redisAlive: async () => true,
      workerLastBeat: async () => new Date(now.getTime() - 1_000),
      missingSchedules: async () => [],
      ...probes,
    },
    {
      version: '1.2.3',
      supportEmail: 's@example.com',
      sportsEnabled,
      emailVerification: true,
      themeSwitcher: false,
      workerStaleAfterMs: 15_000,
      now: () => now,
    },
  );
}

describe('SystemService.status', () => {
  it('is ok when Postgres and Redis answer', async () => {
    expect(await serviceWith({}).status()).toMatchObject({
      status: 'ok',
      database: 'ok',
      redis: 'ok',
      worker: 'ok',
      version: '1.2.3',
      schedules: 'ok',
      missingSchedules: [],
    });
  });

  it('is degraded, naming them, when job schedules are missing; unavailable still wins', async () => {
    const missing = async () => ['housekeeping-tick', 'raffle-tick'];
    expect(await serviceWith({ missingSchedules: missing }).status()).toMatchObject({
      status: 'degraded',
      schedules: 'missing',
      missingSchedules: ['housekeeping-tick', 'raffle-tick'],
    });
    expect(await serviceWith({ missingSchedules: missing, redisAlive: async () => false }).status()).toMatchObject({
      status: 'unavailable',
    });
  });

  it('reports the schedules as unknown, not missing, when their check fails', async () => {
    const status = await serviceWith({ missingSchedules: () => Promise.reject(new Error('Redis away')) }).status();
    expect(status).toMatchObject({ status: 'ok', schedules: 'unknown', missingSchedules: [] });
  });

  it('is unavailable when the database probe fails', async () => {
    const status = await serviceWith({ databaseTime: () => Promise.reject(new Error('down')) }).status();
    expect(status).toMatchObject({ status: 'unavailable', database: 'down', databaseTime: null });
  });

  it('answers within the probe timeout when the database hangs (it counts as down)', async () => {
    const hanging = new SystemService(
      {
        databaseTime: () => new Promise<Date>(() => undefined),
        redisAlive: async () => true,
        workerLastBeat: async () => null,
        missingSchedules: async () => [],
      },
      {
        version: '1',
        supportEmail: 's@example.com',
        sportsEnabled: false,
        emailVerification: true,
        themeSwitcher: false,
        workerStaleAfterMs: 15_000,
        probeTimeoutMs: 50,
        now: () => now,
      },
    );
    const started = Date.now();
    expect(await hanging.status()).toMatchObject({ status: 'unavailable', database: 'down', redis: 'ok' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('is unavailable when Redis does not answer', async () => {
    expect(await serviceWith({ redisAlive: async () => false }).status()).toMatchObject({
      status: 'unavailable',
      redis: 'down',
    });
  });

  it('reports a worker whose last beat is older than the limit as down without failing the API', async () => {
    const stale = await serviceWith({ workerLastBeat: async () => new Date(now.getTime() - 16_000) }).status();
    expect(stale).toMatchObject({ status: 'ok', worker: 'down' });
    expect((await serviceWith({ workerLastBeat: async () => null }).status()).worker).toBe('down');
  });
});

describe('SystemService.publicConfig', () => {
  it('exposes the spec feature flags, with sports following configuration', () => {
    expect(serviceWith({}).publicConfig().features).toEqual({
      chat: true,
      sports: false,
      referrals: true,
      emailVerification: true,
      themeSwitcher: false,
    });
    expect(serviceWith({}, true).publicConfig().features.sports).toBe(true);
  });
});
