import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitSetting } from '../env.js';

export type BudgetAnswer = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Points per key per window on Redis, shared by every server process; a request spends as many
 * points as it costs (a tRPC batch: one per call). Unlike RateLimits it never fails closed: while
 * Redis does not answer, each process keeps the same budget in its own memory, so anonymous pages
 * still load (each process then allows the budget on its own).
 */
export class CallBudget {
  private readonly limiter: RateLimiterRedis;

  constructor(redis: Redis, keyPrefix: string, setting: RateLimitSetting) {
    const limits = { points: setting.points, duration: setting.durationSeconds };
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix,
      ...limits,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix, ...limits }),
    });
  }

  async take(key: string, points: number): Promise<BudgetAnswer> {
    try {
      await this.limiter.consume(key, points);
      return { ok: true };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes)
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      throw rejection;
    }
  }
}
