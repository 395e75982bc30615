import type { Redis } from 'ioredis';
import { BurstyRateLimiter, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { ChatThrottle } from '../domain/chat/chat.ports.js';
import { DomainError } from '../domain/errors.js';
import { countOf } from '../domain/plural.js';
import type { RateLimitSetting } from '../env.js';
import { redisKey } from './redis.js';
import { tooManyRequestsMessage } from './rate-limiter.js';

export interface ChatThrottleSettings {
  /** The steady rate, e.g. 1 message per 2 s. */
  rate: RateLimitSetting;
  /** Extra allowance on top of the rate, e.g. 3 more per 20 s. */
  burst: RateLimitSetting;
}

/**
 * Per-user send limits on Redis (every process shares them): a bursty limiter (steady rate plus a
 * small burst allowance), then slow mode, a minimum gap between one user's messages that moderators
 * switch on (SET NX PX). Rejections are 429 with Retry-After; Redis down is 503.
 */
export function redisChatThrottle(redis: Redis, prefix: string, settings: ChatThrottleSettings): ChatThrottle {
  const limiter = new BurstyRateLimiter(
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: redisKey(prefix, 'rl', 'chatSend'),
      points: settings.rate.points,
      duration: settings.rate.durationSeconds,
      rejectIfRedisNotReady: true,
    }),
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: redisKey(prefix, 'rl', 'chatSendBurst'),
      points: settings.burst.points,
      duration: settings.burst.durationSeconds,
      rejectIfRedisNotReady: true,
    }),
  );
  return {
    async admit(userId, slowModeSeconds) {
      try {
        await limiter.consume(String(userId), 1);
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
      if (slowModeSeconds <= 0) return;
      const key = redisKey(prefix, 'chat', 'slow', String(userId));
      let waitMs = 0;
      try {
        const set = await redis.set(key, '1', 'PX', slowModeSeconds * 1000, 'NX');
        if (set === 'OK') return;
        waitMs = await redis.pttl(key);
      } catch {
        throw new DomainError('UNAVAILABLE', 'Service unavailable', { code: 'RATE_LIMITER_UNAVAILABLE' });
      }
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new DomainError(
        'TOO_MANY_REQUESTS',
        `Slow mode is on: one message every ${countOf(slowModeSeconds, 'second')}. Please wait ${countOf(seconds, 'second')}.`,
        { code: 'SLOW_MODE', retryAfterSeconds: seconds },
      );
    },
  };
}
