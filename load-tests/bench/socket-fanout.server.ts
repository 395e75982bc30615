/**
 * The server half of the socket fan-out bench, run as its own process (one core for the servers,
 * one for the clients). It hosts, side by side:
 * - platform: the real /api/ws LegacySocketServer fed by the real event path (PlatformEvents ->
 *   Redis publish -> this process's subscriber -> hub -> broadcast framed once);
 * - bare: a plain `ws` server whose broadcast is JSON.stringify once + ws.send() per socket.
 * The parent sends { cmd } over IPC; every reply carries t0, the high-resolution epoch ms at which
 * the broadcast began, so the parent can measure time to the last socket.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { WebSocketServer } from 'ws';
import { PlatformEvents } from '../../server/src/domain/events/platform-events.js';
import { RedisEventBus } from '../../server/src/infra/event-bus.js';
import { createRedis } from '../../server/src/infra/redis.js';
import { LegacySocketServer } from '../../server/src/realtime/legacy-socket.js';
import { LiveFeedService } from '../../server/src/realtime/live-feed.service.js';

const now = () => performance.timeOrigin + performance.now();
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `bench-${randomBytes(4).toString('hex')}`;

const redis = createRedis(redisUrl, 'command');
const bus = new RedisEventBus(redis, { redisUrl, prefix, backlog: 100 });
const events = new PlatformEvents(bus);
const live = new LiveFeedService(bus, async () => null);
await live.start();

const platformHttp = http.createServer();
const legacy = new LegacySocketServer(live, {
  heartbeatMs: 600_000,
  floodMaxMessages: 1_000_000,
  maxBufferedBytes: 64 * 1024 * 1024,
});
platformHttp.on('upgrade', (req, socket, head) =>
  legacy.wss.handleUpgrade(req, socket, head, (ws) => legacy.wss.emit('connection', ws, req)),
);

const bareHttp = http.createServer();
const bare = new WebSocketServer({ server: bareHttp, perMessageDeflate: false });

await Promise.all([
  new Promise<void>((resolve) => platformHttp.listen(0, '127.0.0.1', resolve)),
  new Promise<void>((resolve) => bareHttp.listen(0, '127.0.0.1', resolve)),
]);

let seq = 0;
const priceData = (round: number) => ({
  symbol: 'BZU' as const,
  price: `0.0${String(25_000_000 + round)
    .padStart(8, '0')
    .slice(-7)}`,
  change24h: 1.2345,
  marketCap: '15000000.00000000',
  volume24h: '500.00000000',
  updatedAt: new Date().toISOString(),
  source: 'pool',
});

/** `crash`: each broadcast is a round's bust on the crash channel (the crash-bust bench); else a price update. */
const crashChannel = process.env.FANOUT_CHANNEL === 'crash';
const bustData = (round: number) => ({
  game: 'crash' as const,
  id: String(round + 1),
  number: round + 1,
  state: 'ended' as const,
  startedAt: new Date(Date.now() - 12_000).toISOString(),
  endedAt: new Date().toISOString(),
  hash: randomBytes(32).toString('hex'),
  crashPoint: '2.05',
  serverTime: new Date().toISOString(),
});

type Command =
  { cmd: 'platform' | 'platform-local' | 'bare'; round: number; count: number } | { cmd: 'stats' } | { cmd: 'stop' };

process.on('message', async (message: Command) => {
  if (message.cmd === 'stop') {
    legacy.close();
    bare.close();
    await live.stop();
    redis.disconnect();
    process.exit(0);
  }
  if (message.cmd === 'stats') {
    // After a full GC (the bench forks this process with --expose-gc): what the open sockets hold, not garbage.
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    process.send!({
      stats: legacy.stats(),
      bareClients: bare.clients.size,
      rss: memory.rss,
      heapUsed: memory.heapUsed + memory.external,
    });
    return;
  }
  const t0 = now();
  for (let i = 0; i < message.count; i++) {
    const data = crashChannel ? bustData(message.round * 1000 + i) : priceData(message.round * 1000 + i);
    const [channel, type] = crashChannel
      ? (['crash', 'round-update'] as const)
      : (['token-price', 'token-price-update'] as const);
    if (message.cmd === 'platform') {
      // The whole platform path: Redis publish, subscriber, hub, framed-once broadcast.
      if (crashChannel) void events.roundUpdate(data as ReturnType<typeof bustData>);
      else void events.tokenPriceUpdate(data as ReturnType<typeof priceData>);
    } else if (message.cmd === 'platform-local') {
      // The platform's fan-out alone (same frame bytes, no Redis hop).
      legacy.broadcast({ id: `0-${++seq}`, seq, channel, type, ts: Date.now(), data });
    } else {
      // The bare peer: serialize once, then ws.send() per socket.
      const text = JSON.stringify({ type, channel, seq: ++seq, ts: Date.now(), data });
      for (const client of bare.clients) client.send(text);
    }
  }
  process.send!({ t0, sentAt: now() });
});

process.send!({
  ready: true,
  platformUrl: `ws://127.0.0.1:${(platformHttp.address() as AddressInfo).port}/api/ws`,
  bareUrl: `ws://127.0.0.1:${(bareHttp.address() as AddressInfo).port}/`,
});
