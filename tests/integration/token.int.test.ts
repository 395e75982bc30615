import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../server/src/domain/errors.js';
import { httpPriceSource } from '../../server/src/infra/http-price-source.js';
import { createLogger } from '../../server/src/infra/logger.js';
import { redisKey } from '../../server/src/infra/redis.js';
import { tokenHandlers } from '../../worker/src/processors/token-price.processor.js';
import { startWorker, type RunningWorker } from '../../worker/src/worker.js';
import { testJobContext } from '../support/job-context.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { TestSocket } from '../support/socket-client.js';

/** A stand-in upstream price API on a local port; `reply` decides each answer. */
async function startUpstream(reply: (count: number, res: http.ServerResponse) => void) {
  let count = 0;
  const server = http.createServer((_req, res) => reply(++count, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/ticker`,
    requests: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/** A legacy REST body (shape asserted by each test). */
const getJson = async (url: string) => (await (await fetch(url)).json()) as Record<string, unknown>;

const snapshotCount = async (platform: TestPlatform) => {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from token_prices`.execute(
    platform.platform.infra.db,
  );
  return Number(rows[0]!.n);
};

describe('BZU token (pool source)', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const contextFor = (jobId: string) => testJobContext(platform, jobId);

  it('serves the pool price before the first tick, and supply from the genesis model', async () => {
    const data = await getJson(`${platform.url}/token/data`);
    // Seeded pool: 250 000 USD / 10 000 000 BZU.
    expect(data).toMatchObject({ symbol: 'BZU', price: 0.025, change24h: 0, volume24h: 0, source: 'pool' });
    expect(data.marketCap).toBe(0.025 * 600_000_000);
    const supply = await getJson(`${platform.url}/api/token/supply`);
    expect(supply).toMatchObject({
      maxSupply: 1_000_000_000,
      totalSupply: 1_000_000_000,
      circulatingSupply: 600_000_000,
      burned: 0,
    });
  });

  it('stores one snapshot when the price job runs twice in one tick, caches it and publishes it', async () => {
    const socket = await TestSocket.open(platform.url);
    socket.send({ type: 'subscribe', channels: ['token-price'] });
    await socket.next((f) => f.type === 'subscribed');

    const tick = Math.floor(Date.now() / 20_000) * 20_000;
    const first = await tokenHandlers['price-tick']({}, contextFor(`repeat:token-price-tick:${tick}`));
    // A retry, or a second job for the same tick (5 s later, same 20 s slot).
    const second = await tokenHandlers['price-tick']({}, contextFor(`repeat:token-price-tick:${tick + 5_000}`));
    expect(first).toMatchObject({ stored: true, price: '0.02500000' });
    expect(second).toMatchObject({ stored: false });
    expect(await snapshotCount(platform)).toBe(1);

    const frame = await socket.next((f) => f.type === 'token-price-update');
    expect(frame.data).toMatchObject({
      symbol: 'BZU',
      price: 0.025,
      source: 'pool',
      updatedAt: new Date(tick).toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.frames.filter((f) => f.type === 'token-price-update')).toHaveLength(0);
    socket.close();

    const cached = await platform.platform.infra.redis.get(redisKey(platform.env.redisPrefix, 'token', 'latest'));
    expect(JSON.parse(cached!)).toMatchObject({ price: '0.02500000', updatedAt: new Date(tick).toISOString() });
  });

  it('computes change, market cap and volume from history, and buckets the history by range', async () => {
    const { db } = platform.platform.infra;
    const now = Date.now();
    // A day-old snapshot at 0.02 and a swap of 500 USD within the last day.
    await db
      .insertInto('token_prices')
      .values({
        slot_at: new Date(now - 25 * 3600_000),
        price_e8: 2_000_000n,
        source: 'pool',
        change_24h: 0,
        market_cap_e8: 0n,
        volume_24h_e8: 0n,
      })
      .execute();
    await db
      .insertInto('token_swaps')
      .values({
        pool_id: 'BZU/USD',
        side: 'buy',
        bzu_amount_e8: 2_000_000_000_000n,
        usd_amount_e8: 50_000_000_000n,
        idempotency_key: 'swap-1',
      })
      .execute();
    await db
      .deleteFrom('token_prices')
      .where('slot_at', '>', new Date(now - 3600_000))
      .execute();
    await platform.platform.infra.redis.del(redisKey(platform.env.redisPrefix, 'token', 'latest'));

    await tokenHandlers['price-tick']({}, contextFor(`repeat:token-price-tick:${now}`));
    const caller = platform.platform.services.token.prices;
    const latest = await caller.latest();
    expect(latest).toMatchObject({
      price: '0.02500000',
      change24h: 25,
      volume24h: '500.00000000',
      marketCap: '15000000.00000000',
    });

    const day = await caller.history('24h');
    expect(day.points).toHaveLength(1);
    expect(day.points[0]!.price).toBe('0.02500000');
    const all = await caller.history('all');
    expect(all.points.map((p) => p.price)).toEqual(['0.02000000', '0.02500000']);
  });

  it("gives the range's high and low over every stored point, so a trade's peak inside a 5-minute bucket counts", async () => {
    const { db } = platform.platform.infra;
    // Three points inside one 5-minute bucket of ten minutes ago: a trade's spike to 0.09 and back. The bucket shows
    // only its closing price.
    const bucket = Math.floor((Date.now() - 600_000) / 300_000) * 300_000;
    const points = [
      { at: bucket + 10_000, price: 2_500_000n },
      { at: bucket + 20_000, price: 9_000_000n },
      { at: bucket + 30_000, price: 2_400_000n },
    ];
    for (const point of points) {
      await db
        .insertInto('token_prices')
        .values({
          slot_at: new Date(point.at),
          price_e8: point.price,
          source: 'pool',
          change_24h: 0,
          market_cap_e8: 0n,
          volume_24h_e8: 0n,
        })
        .execute();
    }
    const day = await platform.platform.services.token.prices.history('24h');
    const bucketed = day.points.find((point) => point.t === new Date(bucket).toISOString());
    expect(bucketed?.price).toBe('0.02400000');
    expect(day.high).toBe('0.09000000');
    expect(day.low).toBe('0.02400000');
    await db
      .deleteFrom('token_prices')
      .where(
        'slot_at',
        'in',
        points.map((point) => new Date(point.at)),
      )
      .execute();
  });

  it('answers the legacy token paths with numbers and /token/all with the three bodies', async () => {
    await platform.platform.infra.db
      .insertInto('token_burns')
      .values({
        amount_e8: 100_000_000_000n,
        usd_value_e8: 2_500_000_000n,
        reason: 'house edge',
        idempotency_key: 'burn-1',
      })
      .execute();
    await platform.platform.infra.db.updateTable('token_supply').set({ burned_e8: 100_000_000_000n }).execute();
    for (const prefix of ['', '/api']) {
      const burn = await getJson(`${platform.url}${prefix}/token/burn`);
      expect(burn).toMatchObject({
        totalBurned: 1000,
        burned24h: 1000,
        burns: [{ amount: 1000, usdValue: 25, reason: 'house edge' }],
      });
      const all = await getJson(`${platform.url}${prefix}/token/all`);
      expect(Object.keys(all).sort()).toEqual(['burn', 'data', 'supply']);
      expect(all.supply).toMatchObject({ totalSupply: 999_999_000, circulatingSupply: 599_999_000, burned: 1000 });
      expect(all).toMatchObject({ data: { price: expect.any(Number) } });
    }
  });
});

describe('BZU token (http source)', () => {
  it('parses a JSON endpoint at the configured path, and reports timeouts and bad bodies as unavailable', async () => {
    const upstream = await startUpstream((count, res) => {
      if (count === 1) json(res, 200, { data: [{ symbol: 'BZU', quote: { usd: '0.123456789' } }] });
      else if (count === 2) json(res, 200, { data: [{ quote: { usd: 'lots' } }] });
      else setTimeout(() => json(res, 200, {}), 500);
    });
    try {
      const source = httpPriceSource({ url: upstream.url, path: 'data.0.quote.usd', timeoutMs: 200 });
      expect(await source.quote()).toBe(12_345_679n);
      await expect(source.quote()).rejects.toMatchObject({ kind: 'UNAVAILABLE' });
      const timedOut = await source.quote().catch((error: unknown) => error);
      expect(timedOut).toBeInstanceOf(DomainError);
      expect((timedOut as DomainError).message).toContain('timed out');
    } finally {
      await upstream.close();
    }
  });

  it('survives an upstream 429: the token queue is rate-limited and the job stores its snapshot afterwards', async () => {
    const upstream = await startUpstream((count, res) => {
      if (count === 1) json(res, 429, { error: 'slow down' }, { 'retry-after': '1' });
      else json(res, 200, { price: 0.5 });
    });
    const platform = await startTestPlatform({
      BZU_PRICE_SOURCE: 'http',
      BZU_PRICE_HTTP_URL: upstream.url,
      BZU_PRICE_HTTP_PATH: 'price',
    });
    let worker: RunningWorker | undefined;
    try {
      const { infra, services } = platform.platform;
      const job = await infra.jobs.queue('token').add('price-tick', {}, { jobId: 'manual-tick' });
      worker = await startWorker({ infra, services, logger: createLogger('silent', 'worker') });
      const queue = infra.jobs.queue('token');
      // The scheduler's first tick may run alongside the manual job; whichever met the 429 waits.
      await expect
        .poll(async () => (await queue.getJob(job.id!))?.getState(), { timeout: 15_000, interval: 200 })
        .toBe('completed');
      expect(upstream.requests()).toBeGreaterThanOrEqual(2);
      expect(await snapshotCount(platform)).toBeGreaterThanOrEqual(1);
      const tokenWorker = worker.workers.find((w) => w.name === 'token')!;
      expect(tokenWorker.isRunning()).toBe(true);
      // A rate-limited run is not a failed attempt: nothing failed, nothing was retried with backoff.
      expect((await queue.getJobCounts('failed')).failed).toBe(0);
      expect((await queue.getJob(job.id!))?.attemptsMade).toBeLessThanOrEqual(1);
      const latest = await services.token.prices.latest();
      expect(latest).toMatchObject({ price: '0.50000000', source: 'http' });
    } finally {
      await worker?.stop();
      await platform.stop();
      await upstream.close();
    }
  });
});
