import type { Redis } from 'ioredis';
import type { TokenCache } from '../domain/token/token.service.js';
import { tokenDataSchema, type TokenData } from '../domain/token/token.schemas.js';
import { redisKey } from './redis.js';

/** The latest BZU data in Redis, shared by every server process; it expires if the worker stops. */
export function redisTokenCache(redis: Redis, prefix: string, ttlSeconds = 120): TokenCache {
  const key = redisKey(prefix, 'token', 'latest');
  return {
    async read() {
      const raw = await redis.get(key);
      if (!raw) return null;
      const parsed = tokenDataSchema.safeParse(JSON.parse(raw));
      return parsed.success ? (parsed.data as TokenData) : null;
    },
    async write(data) {
      await redis.set(key, JSON.stringify(data), 'EX', ttlSeconds);
    },
  };
}
