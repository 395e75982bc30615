/**
 * Price change to every socket across two server processes: this process plays the worker and publishes a token
 * price update through the platform's event path (PlatformEvents -> Redis); two forked server processes
 * (price-fanout.server.ts) each hold half of N sockets on /api/ws and broadcast what their Redis subscriber hands
 * them. The bare peer, in the same run and the same two processes: a Redis PUBLISH of the frame text, a plain
 * ioredis subscriber and a ws send() loop. Per broadcast, every socket's latency from the publish call to its
 * arrival; reports p50/p99/max per target (median over rounds).
 *
 *   npm run bench -- price-fanout [--sockets 5000] [--rounds 15] [--client raw|ws]
 *
 * The receiving sockets (all in this process) are socket-group.ts's: raw-ws-client.ts by default.
 *
 * Goal (issue #31): p99 end to end <= 100 ms at 5,000 sockets.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { PlatformEvents } from '../../server/src/domain/events/platform-events.js';
import { RedisEventBus } from '../../server/src/infra/event-bus.js';
import { createRedis } from '../../server/src/infra/redis.js';
import { profileArgs } from './bench-client.js';
import { median } from './socket-fanout.bench.js';
import { clientOption, SocketGroup } from './socket-group.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const now = () => performance.timeOrigin + performance.now();
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

export async function run(args: string[]): Promise<void> {
  const at = (name: string, fallback: number) =>
    args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback;
  const sockets = at('sockets', 5000);
  const rounds = at('rounds', 15);
  const client = clientOption(args);
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const children = [0, 1].map(() =>
    fork(path.join(here, 'price-fanout.server.ts'), [], {
      execArgv: ['--import', 'tsx', ...profileArgs()],
      stdio: 'inherit',
      env: { ...process.env, PRICE_FANOUT_PREFIX: prefix },
    }),
  );
  const urls = await Promise.all(
    children.map(
      (child) =>
        new Promise<{ platformUrl: string; bareUrl: string }>((resolve) =>
          child.once('message', (m) => resolve(m as never)),
        ),
    ),
  );
  const redis = createRedis(redisUrl, 'command');
  const events = new PlatformEvents(new RedisEventBus(redis, { redisUrl, prefix, backlog: 100 }));
  const barePublisher = new Redis(redisUrl);
  const groups = {
    platform: await Promise.all(
      urls.map((u) =>
        SocketGroup.open(u.platformUrl, sockets / 2, { channel: 'token-price', subscribe: true, client }),
      ),
    ),
    bare: await Promise.all(
      urls.map((u) => SocketGroup.open(u.bareUrl, sockets / 2, { channel: 'token-price', subscribe: false, client })),
    ),
  };
  let seq = 0;
  const price = (n: number) => ({
    symbol: 'BZU' as const,
    price: `0.0${String(25_000_000 + n)
      .padStart(8, '0')
      .slice(-7)}`,
    change24h: 1.2345,
    marketCap: '15000000.00000000',
    volume24h: '500.00000000',
    updatedAt: new Date().toISOString(),
    source: 'pool',
  });
  /** One broadcast: every socket's latency (ms) from the publish call. */
  const broadcast = async (target: 'platform' | 'bare', n: number): Promise<number[]> => {
    const delivered = Promise.all(groups[target].map((group) => group.expect(1)));
    const t0 = now();
    if (target === 'platform') await events.tokenPriceUpdate(price(n));
    else
      await barePublisher.publish(
        `${prefix}:bare-price`,
        JSON.stringify({
          type: 'token-price-update',
          channel: 'token-price',
          seq: ++seq,
          ts: Date.now(),
          data: price(n),
        }),
      );
    await delivered;
    return groups[target].flatMap((group) => group.arrivals.map((at) => at - t0)).sort((a, b) => a - b);
  };
  const figures = {
    platform: { p50: [] as number[], p99: [] as number[], max: [] as number[] },
    bare: { p50: [] as number[], p99: [] as number[], max: [] as number[] },
  };
  try {
    for (let round = 0; round < 3; round++)
      for (const target of ['platform', 'bare'] as const) await broadcast(target, round);
    for (let round = 0; round < rounds; round++) {
      for (const target of round % 2 === 0 ? (['platform', 'bare'] as const) : (['bare', 'platform'] as const)) {
        const latencies = await broadcast(target, 100 + round);
        figures[target].p50.push(quantile(latencies, 0.5));
        figures[target].p99.push(quantile(latencies, 0.99));
        figures[target].max.push(latencies.at(-1)!);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  } finally {
    for (const list of Object.values(groups)) for (const group of list) group.close();
    for (const child of children) child.send({ cmd: 'stop' });
    barePublisher.disconnect();
    redis.disconnect();
  }
  console.log(
    `\n${sockets} sockets over 2 server processes (${client} clients), publish -> socket, median of ${rounds} broadcasts`,
  );
  console.log(`${'target'.padEnd(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}`);
  for (const target of ['platform', 'bare'] as const) {
    const f = figures[target];
    console.log(
      `${target.padEnd(10)}${median(f.p50).toFixed(1).padStart(9)}${median(f.p99).toFixed(1).padStart(9)}${median(f.max).toFixed(1).padStart(9)}`,
    );
  }
  console.log(
    `platform p99 ${median(figures.platform.p99).toFixed(1)} ms (goal <= 100), x${(median(figures.platform.p99) / median(figures.bare.p99)).toFixed(2)} of the bare peer`,
  );
}
