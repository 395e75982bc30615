import type { Redis } from 'ioredis';
import { BurstyRateLimiter, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../../db/client.js';
import * as repo from '../../../db/repositories/chat.repo.js';
import type { ChatEventSink, ChatStore, ChatThrottle } from '../domain/chat/chat.ports.js';
import { ChatService } from '../domain/chat/chat.service.js';
import { DomainError } from '../domain/errors.js';
import { countOf } from '../domain/plural.js';
import type { PlatformEvents } from '../domain/events/platform-events.js';
import type { Env, RateLimitSetting } from '../env.js';
import { selfExclusionCheck } from './account-restrictions.js';
import { createLogger } from './logger.js';
import { redisKey } from './redis.js';
import { tooManyRequestsMessage } from './rate-limiter.js';

export function postgresChatStore(db: Db): ChatStore {
  const user = (row: { id: number; login_name: string; role: 'user' | 'moderator' | 'admin' } | undefined) =>
    row ? { id: row.id, loginName: row.login_name, role: row.role } : undefined;
  return {
    insertMessage: async (input) => {
      const { row, created } = await repo.insertChatMessage(db, input);
      return { record: row, created };
    },
    insertSystemMessage: (input) => repo.insertSystemChatMessage(db, input),
    findByClientId: (userId, clientMessageId) => repo.findChatMessageByClientId(db, userId, clientMessageId),
    listMessages: (query) => repo.listChatMessages(db, query),
    deleteMessage: (id, by, reason) => repo.softDeleteChatMessage(db, id, by, reason),
    activeMuteEnd: (userId) => repo.activeMuteEnd(db, userId),
    mute: (userId, minutes, by, reason) => repo.insertMute(db, userId, minutes, by, reason),
    unmute: (userId, by, reason) => repo.liftMutes(db, userId, by, reason),
    findUser: async (id) => user(await repo.findChatUser(db, id)),
    findUserByLoginName: async (loginName) => user(await repo.findChatUserByLoginName(db, loginName)),
    slowModeSeconds: () => repo.readSlowModeSeconds(db),
    setSlowMode: (seconds, by, reason) => repo.writeSlowModeSeconds(db, seconds, by, reason),
    activeAnnouncements: () => repo.activeAnnouncements(db),
    createAnnouncement: (input, by) => repo.insertAnnouncement(db, input, by),
    expireAnnouncement: (id, by, reason) => repo.expireAnnouncement(db, id, by, reason),
    moderationLog: (query) => repo.listModerationLog(db, query),
  };
}

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
          throw new DomainError('TOO_MANY_REQUESTS', tooManyRequestsMessage(seconds), { code: 'RATE_LIMITED', retryAfterSeconds: seconds });
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

/** The chat service over Postgres, Redis limits, the self-exclusion table and the event bus. */
export function createChatService(env: Env, db: Db, redis: Redis, events: PlatformEvents): ChatService {
  const logger = createLogger(env.LOG_LEVEL, 'chat');
  const publish = async (what: string, run: () => Promise<unknown>) => {
    // The change is committed; a lost live event is logged, and pollers' pages expire by max age.
    await run().catch((error: Error) => logger.warn({ err: error }, `chat ${what} event not published`));
  };
  const sink: ChatEventSink = {
    messagePosted: (message) => publish('message', () => events.chatMessage({ ...message })),
    messageDeleted: (id) => publish('delete', () => events.publish('chat-message-deleted', { id })),
    announcementChanged: (announcement) => publish('announcement', () => events.publish('chat-announcement', { ...announcement })),
  };
  return new ChatService({
    store: postgresChatStore(db),
    throttle: redisChatThrottle(redis, env.redisPrefix, { rate: env.CHAT_RATE_LIMIT, burst: env.CHAT_RATE_BURST }),
    isSelfExcluded: selfExclusionCheck(db),
    events: sink,
  });
}
