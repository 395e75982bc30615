import { ChatService } from '../domain/chat/chat.service.js';
import type { PlatformEvents } from '../domain/events/platform-events.js';
import { redisChatThrottle } from '../infra/chat-throttle.js';
import { createLogger } from '../infra/logger.js';
import type { Infrastructure } from '../infrastructure.js';
import type { WalletServices } from './wallet.js';

/** The trollbox: self-excluded players cannot send (the wallet's responsible-gaming rule). */
export function createChat(
  { env, db, redis }: Infrastructure,
  events: PlatformEvents,
  wallet: Pick<WalletServices, 'responsibleGaming'>,
): ChatService {
  const logger = createLogger(env.LOG_LEVEL, 'chat');
  return new ChatService({
    db,
    throttle: redisChatThrottle(redis, env.redisPrefix, { rate: env.CHAT_RATE_LIMIT, burst: env.CHAT_RATE_BURST }),
    isSelfExcluded: (userId) => wallet.responsibleGaming.isExcluded(userId),
    events,
    onPublishError: (error, what) => logger.warn({ err: error }, `chat ${what} event not published`),
  });
}
