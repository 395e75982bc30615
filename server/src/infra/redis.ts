import { Redis, type RedisOptions } from 'ioredis';

/**
 * Each role gets the connection settings BullMQ's production guide asks for:
 * - command: the app's own reads and writes; a command waits for at most one reconnect attempt and
 *   then fails, so requests answer 503 instead of hanging.
 * - producer: adds jobs; no offline queue at all, so an enqueue fails at once while Redis is away.
 * - blocking: BullMQ workers and pub/sub subscribers; must retry forever (maxRetriesPerRequest null).
 */
export type RedisRole = 'command' | 'producer' | 'blocking';

export function redisConnectionOptions(url: string, role: RedisRole): RedisOptions {
  const base: RedisOptions = url.startsWith('unix://')
    ? { path: url.slice('unix://'.length) }
    : parseTcpUrl(url);
  return {
    ...base,
    lazyConnect: false,
    enableOfflineQueue: role !== 'producer',
    maxRetriesPerRequest: role === 'blocking' ? null : 1,
    connectTimeout: 2_000,
    // Commands issued in the same tick go out in one write (a settled bet publishes its result and its feed line
    // together): fewer syscalls per request on the busiest path.
    enableAutoPipelining: role === 'command',
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

/** Resolves true when a PING is answered within the timeout. */
export async function pingRedis(redis: Redis, timeoutMs = 1_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
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
