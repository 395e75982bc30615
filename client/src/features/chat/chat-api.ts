import type { ApiError } from '../../lib/api-error';

export interface ChatMessage {
  id: string | number;
  username: string;
  message: string;
  userColor?: string;
  isAdmin?: boolean;
  isModerator?: boolean;
}

export interface ChatFeed {
  status: 'loading' | 'unavailable' | 'error' | 'ready';
  messages: ChatMessage[];
}

/**
 * The Trollbox's server calls. No chat procedures exist yet: the feed reports "unavailable" and
 * sending fails with a message; the chat engineer replaces both bodies (list polled every
 * CHAT_POLL_INTERVAL_MS while open, or the chat subscription).
 */
export function useChatFeed(): ChatFeed {
  return { status: 'unavailable', messages: [] };
}

export function sendChatMessage(_message: string): Promise<void> {
  const error: ApiError = { status: 501, message: 'Chat is not available yet.' };
  return Promise.reject(error);
}
