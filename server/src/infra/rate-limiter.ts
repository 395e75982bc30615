import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '../domain/errors.js';
import { countOf } from '../domain/plural.js';
import type { RateLimitSetting } from '../env.js';

/**
 * Named limits on Redis, shared by every server process. `consume` spends one point and throws a
 * 429 DomainError (with Retry-After seconds) once the key has used up its points; when Redis does
 * not answer it throws 503, so a limit is never silently skipped.
 */
export class RateLimits<Name extends string> {
  private readonly limiters = new Map<Name, RateLimiterRedis>();

  constructor(redis: Redis, redisPrefix: string, settings: Record<Name, RateLimitSetting>) {
    for (const [name, setting] of Object.entries(settings) as Array<[Name, RateLimitSetting]>) {
      this.limiters.set(
        name,
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${redisPrefix}:rl:${name}`,
          points: setting.points,
          duration: setting.durationSeconds,
          rejectIfRedisNotReady: true,
        }),
      );
    }
  }

  private limiter(name: Name): RateLimiterRedis {
    const limiter = this.limiters.get(name);
    if (!limiter) throw new Error(`Unknown rate limit ${name}`);
    return limiter;
  }

  async consume(name: Name, key: string): Promise<void> {
    try {
      await this.limiter(name).consume(key, 1);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new DomainError('TOO_MANY_REQUESTS', tooManyRequestsMessage(seconds), {
          code: 'RATE_LIMITED',
          retryAfterSeconds: seconds,
        });
      }
      throw new DomainError('UNAVAILABLE', 'Service unavailable', { code: 'RATE_LIMITER_UNAVAILABLE' });
    }
  }

  async reset(name: Name, key: string): Promise<void> {
    await this.limiter(name).delete(key).catch(() => undefined);
  }
}

export function tooManyRequestsMessage(seconds: number): string {
  const wait = seconds < 120 ? countOf(seconds, 'second') : countOf(Math.ceil(seconds / 60), 'minute');
  return `Too Many Requests: please wait ${wait} before trying again.`;
}
