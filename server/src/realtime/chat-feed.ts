import type { ChatMessage } from '../domain/chat/chat.views.js';
import type { EventPayload } from '../domain/events/platform-events.js';
import { channels } from '../domain/events/platform-events.js';
import type { LiveEvent, LiveFeedService, StreamOptions } from './live-feed.service.js';

/** One item of chat.onMessage: a new message, or the id of a message a moderator removed. */
export type ChatFeedItem = { type: 'message'; message: ChatMessage } | { type: 'deleted'; id: number };

/**
 * The chat channel as a resumable stream of messages and deletions (the ids are the bus's stream
 * ids, so a reconnecting client's lastEventId replays what it missed, deletions included).
 */
export async function* chatFeed(
  live: LiveFeedService,
  options: StreamOptions,
): AsyncGenerator<LiveEvent<ChatFeedItem>> {
  for await (const event of live.stream(channels.chat, ['chat-message', 'chat-message-deleted'] as const, options)) {
    if (event.type === 'chat-message-deleted') {
      const { id } = event.data as EventPayload<'chat-message-deleted'>;
      yield { id: event.id, data: { type: 'deleted', id: Number(id) } };
    } else {
      yield { id: event.id, data: { type: 'message', message: event.data as unknown as ChatMessage } };
    }
  }
}
