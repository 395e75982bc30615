import { EventOutbox } from '../domain/events/event-outbox.js';
import { PlatformEvents } from '../domain/events/platform-events.js';
import { RedisEventBus } from '../infra/event-bus.js';
import { createLogger } from '../infra/logger.js';
import type { Infrastructure } from '../infrastructure.js';

/**
 * Live events: published on Redis after commit and delivered by every server process's hub. Events
 * that must not be lost go through the outbox: written with their transaction, published after
 * commit, re-published by housekeeping when that failed.
 */
export function createEvents({ env, db, redis }: Infrastructure) {
  const bus = new RedisEventBus(redis, {
    redisUrl: env.REDIS_URL,
    prefix: env.redisPrefix,
    backlog: env.EVENT_BACKLOG,
  });
  const publish = new PlatformEvents(bus);
  const logger = createLogger(env.LOG_LEVEL, 'events');
  const outbox = new EventOutbox({
    db,
    events: publish,
    onPublishError: (error, entry) =>
      logger.warn(
        { err: error, type: entry.type, outboxId: entry.id },
        'event publish failed; housekeeping retries it',
      ),
  });
  /** Revoked sessions' sockets and subscriptions end on every server process (realtime/live-feed.service.ts listens). */
  const revokeSessions = async (sessionIds: string[]): Promise<void> => {
    if (sessionIds.length > 0) await bus.publishControl({ kind: 'sessions-revoked', sessionIds });
  };
  /** Shutdown, before Redis and the database close: the outbox's publishes and marks, then what else is on the bus. */
  const drain = async (): Promise<void> => {
    await outbox.drain();
    await bus.drain();
  };
  return { bus, publish, outbox, revokeSessions, drain };
}

export type EventServices = ReturnType<typeof createEvents>;
