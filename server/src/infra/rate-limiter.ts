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
    await this.limiter(name)
      .delete(key)
      .catch(() => undefined);
  }
}

export function tooManyRequestsMessage(seconds: number): string {
  const wait = seconds < 120 ? countOf(seconds, 'second') : countOf(Math.ceil(seconds / 60), 'minute');
  return `Too Many Requests: please wait ${wait} before trying again.`;
}

/**
 * Take a slot for one attempt: past `free` attempts within the window, each further attempt must
 * wait 1, 2, 4 ... seconds (capped at maxDelayMs) after the previous one. Returns 0 when the slot
 * was taken, else the milliseconds to wait. One script, so parallel attempts cannot share a slot.
 */
const BACKOFF_SCRIPT = `
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local maxDelay = tonumber(ARGV[3])
local window = tonumber(ARGV[4])
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
if n >= free then
  local delay = math.min(1000 * 2 ^ (n - free), maxDelay)
  local left = delay - (now - last)
  if left > 0 then return left end
end
redis.call('HSET', KEYS[1], 'n', n + 1, 'last', now)
redis.call('PEXPIRE', KEYS[1], window)
return 0
`;

/**
 * A per-account limit that slows down instead of locking out: `free` attempts per window, then an
 * exponential delay between attempts (at most maxDelaySeconds). Attempts spread over many
 * addresses cannot lock the owner out for long, and cannot run more than one hash per delay.
 */
export class AttemptBackoff {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly settings: { free: number; windowSeconds: number; maxDelaySeconds: number },
  ) {}

  async take(key: string): Promise<void> {
    let waitMs: number;
    try {
      waitMs = Number(
        await this.redis.eval(
          BACKOFF_SCRIPT,
          1,
          `${this.keyPrefix}:${key}`,
          String(Date.now()),
          String(this.settings.free),
          String(this.settings.maxDelaySeconds * 1000),
          String(this.settings.windowSeconds * 1000),
        ),
      );
    } catch {
      throw new DomainError('UNAVAILABLE', 'Service unavailable', { code: 'RATE_LIMITER_UNAVAILABLE' });
    }
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new DomainError('TOO_MANY_REQUESTS', tooManyRequestsMessage(seconds), {
        code: 'RATE_LIMITED',
        retryAfterSeconds: seconds,
      });
    }
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.keyPrefix}:${key}`).catch(() => undefined);
  }
}
