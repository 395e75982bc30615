/**
 * One server process of the price-fanout bench (the parent forks two). Hosts, on one Redis prefix shared with its
 * sibling and the publishing parent:
 * - platform: the real /api/ws LegacySocketServer fed by the real event path (Redis subscriber -> hub -> broadcast);
 * - bare: a plain `ws` server that subscribes to one Redis channel with ioredis and send()s each message to every socket.
 * Replies { platformUrl, bareUrl } over IPC once listening; { cmd: 'stop' } ends it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { WebSocketServer } from 'ws';
import { RedisEventBus } from '../../server/src/infra/event-bus.js';
import { createRedis } from '../../server/src/infra/redis.js';
import { LegacySocketServer } from '../../server/src/realtime/legacy-socket.js';
import { LiveFeedService } from '../../server/src/realtime/live-feed.service.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = process.env.PRICE_FANOUT_PREFIX!;

const redis = createRedis(redisUrl, 'command');
const live = new LiveFeedService(new RedisEventBus(redis, { redisUrl, prefix, backlog: 100 }), async () => null);
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
const bareSubscriber = new Redis(redisUrl);
await bareSubscriber.subscribe(`${prefix}:bare-price`);
bareSubscriber.on('message', (_channel: string, text: string) => {
  for (const client of bare.clients) client.send(text);
});

await Promise.all([
  new Promise<void>((resolve) => platformHttp.listen(0, '127.0.0.1', resolve)),
  new Promise<void>((resolve) => bareHttp.listen(0, '127.0.0.1', resolve)),
]);
process.on('message', async (message: { cmd: string }) => {
  if (message.cmd !== 'stop') return;
  legacy.close();
  bare.close();
  await live.stop();
  bareSubscriber.disconnect();
  redis.disconnect();
  process.exit(0);
});
process.send!({
  platformUrl: `ws://127.0.0.1:${(platformHttp.address() as AddressInfo).port}/api/ws`,
  bareUrl: `ws://127.0.0.1:${(bareHttp.address() as AddressInfo).port}/`,
});
