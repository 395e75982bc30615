import type { ChatService } from '../domain/chat/chat.service.js';
import type { PlatformEvents } from '../domain/events/platform-events.js';
import { createChatService } from '../infra/chat-store.js';
import type { Infrastructure } from '../infrastructure.js';

/** The trollbox; self-exclusion is read from the account work's self_exclusions table. */
export function createChat({ env, db, redis }: Infrastructure, events: PlatformEvents): ChatService {
  return createChatService(env, db, redis, events);
}
