import { Redis, type RedisOptions } from 'ioredis';

/**
 * Each role gets the connection settings BullMQ's production guide asks for:
 * - command: the app's own reads and writes (request paths). No offline queue: while the connection is
 *   down a command fails at once; a command that Redis does not answer within COMMAND_TIMEOUT_MS fails,
 *   and the connection is dropped and re-opened (socketTimeout), so the commands after it fail at once
 *   too instead of each waiting for a hung Redis. Requests answer 503, or commit and leave their events
 *   to the outbox.
 * - producer: adds jobs; the same: an enqueue fails fast while Redis is away.
 * - blocking: BullMQ workers and pub/sub subscribers; must retry forever (maxRetriesPerRequest null)
 *   and wait as long as their blocking commands do.
 */
export type RedisRole = 'command' | 'producer' | 'blocking';

/**
 * How long a command or producer connection waits for Redis' answer. Redis answers in well under a
 * millisecond; the margin is for a busy event loop. A request that needs Redis twice still answers
 * within 2 s, since the first timeout drops the connection and the second command fails at once.
 */
export const COMMAND_TIMEOUT_MS = 1_000;

/** The name the event bus defines its publish script under (infra/event-bus.ts). */
export const EVENT_BATCH_COMMAND = 'publishEvents';

export function redisConnectionOptions(url: string, role: RedisRole): RedisOptions {
  const base: RedisOptions = url.startsWith('unix://') ? { path: url.slice('unix://'.length) } : parseTcpUrl(url);
  const requestPath = role !== 'blocking';
  return {
    ...base,
    lazyConnect: false,
    enableOfflineQueue: !requestPath,
    maxRetriesPerRequest: requestPath ? 1 : null,
    ...(requestPath ? { commandTimeout: COMMAND_TIMEOUT_MS, socketTimeout: COMMAND_TIMEOUT_MS } : {}),
    connectTimeout: 2_000,
    // Commands issued in the same tick go out in one write (a settled bet publishes its result and its feed line
    // together): fewer syscalls per request on the busiest path.
    enableAutoPipelining: role === 'command',
    // The event bus's script goes one call at a time, each carrying a batch already: a pipeline around it would only
    // add its own bookkeeping to every call.
    autoPipeliningIgnoredCommands: [EVENT_BATCH_COMMAND],
    // Keep trying in the background with a capped delay; callers see errors meanwhile.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  };
}

function parseTcpUrl(url: string): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
  };
}

export function createRedis(url: string, role: RedisRole): Redis {
  const redis = new Redis(redisConnectionOptions(url, role));
  // Connection errors surface through the health check and failed commands, not as crashes.
  redis.on('error', () => undefined);
  return redis;
}

/**
 * Resolves true once the connection is ready (at once when it is), false when it is not within the
 * timeout or has been closed. Connections without an offline queue refuse commands until then.
 */
export function whenReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  if (redis.status === 'end') return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('end', onEnd);
      resolve(ready);
    };
    const onReady = () => done(true);
    const onEnd = () => done(false);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.once('ready', onReady);
    redis.once('end', onEnd);
  });
}

/** Resolves true when the connection is (or gets) ready and a PING is answered, all within the timeout. */
export async function pingRedis(redis: Redis, timeoutMs = 1_000): Promise<boolean> {
  const started = Date.now();
  if (!(await whenReady(redis, timeoutMs))) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, timeoutMs - (Date.now() - started)));
  });
  try {
    return await Promise.race([redis.ping().then((reply) => reply === 'PONG'), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function redisKey(prefix: string, ...parts: string[]): string {
  return [prefix, ...parts].join(':');
}
