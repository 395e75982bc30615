import { skipToken } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CHAT_POLL_INTERVAL_MS, WEBSOCKET_RECONNECT_DELAY_MS } from '../../constants';
import { createStore, useStore } from '../../lib/external-store';
import { trpc, trpcClient } from '../../trpc';
import {
  EMPTY_FEED,
  applyFeedItem,
  mergeMessages,
  newestId,
  reconcileNewestPage,
  removeMessage,
  type ChatFeedItem,
  type ChatMessage,
  type FeedState,
} from './chat-feed';

export type { ChatMessage } from './chat-feed';

export const LOAD_FAILED_MESSAGE = 'Failed to load chat messages';
export const SEND_FAILED_MESSAGE = 'Failed to send message';

/** The first page and the reconciling page while polling. */
const PAGE_SIZE = 50;
/** While polling, every this-many polls fetch the newest page instead, which reveals deletions. */
const RECONCILE_EVERY = 3;

export interface ChatFeed {
  status: 'loading' | 'error' | 'ready';
  messages: readonly ChatMessage[];
  /** The last load or poll failed (messages already shown stay). */
  failed: boolean;
  /** The subscription is delivering; otherwise the panel polls. */
  live: boolean;
}

/**
 * One feed for the page, outside React: the desktop panel and the /chat page read the same
 * messages, and a send or a moderator's delete updates it at once.
 */
interface StoreState {
  feed: FeedState;
  loaded: boolean;
  failed: boolean;
}

const feedStore = createStore<StoreState>({ feed: EMPTY_FEED, loaded: false, failed: false });

const withFeed = (change: (feed: FeedState) => FeedState) => (state: StoreState) => {
  const feed = change(state.feed);
  return feed === state.feed ? state : { ...state, feed };
};

async function loadNewestPage(): Promise<void> {
  try {
    const page = await trpcClient.chat.list.query({ limit: PAGE_SIZE });
    feedStore.set((state) => ({
      ...withFeed((feed) => reconcileNewestPage(feed, page.messages, PAGE_SIZE))(state),
      loaded: true,
      failed: false,
    }));
  } catch {
    feedStore.set((state) => (state.failed ? state : { ...state, failed: true }));
  }
}

/** Only what is newer than the newest message shown: cheap to repeat. */
async function loadNewer(): Promise<void> {
  const after = newestId(feedStore.get().feed);
  if (!feedStore.get().loaded || after === undefined) return loadNewestPage();
  try {
    const page = await trpcClient.chat.list.query({ after, limit: 100 });
    feedStore.set((state) => ({ ...withFeed((feed) => mergeMessages(feed, page.messages))(state), failed: false }));
  } catch {
    feedStore.set((state) => (state.failed ? state : { ...state, failed: true }));
  }
}

function applyEvent(event: { id: string; data: ChatFeedItem }): void {
  feedStore.set(withFeed((feed) => applyFeedItem(feed, event.id, event.data)));
}

/**
 * The Trollbox feed while `active` (the panel is open): the newest page, then live messages and
 * deletions from chat.onMessage. While the subscription is not delivering (connecting, socket
 * down, error) the panel polls chat.list every CHAT_POLL_INTERVAL_MS.
 */
export function useChatFeed(active = true): ChatFeed {
  const state = useStore(feedStore);
  // The subscription's input: where a re-subscription resumes (set when the panel closes or the
  // subscription failed). tRPC's socket itself resumes with the last id after a reconnect.
  const [resumeFrom, setResumeFrom] = useState<string | null>(null);

  useEffect(() => {
    if (active) {
      if (!feedStore.get().loaded) void loadNewestPage();
    } else {
      setResumeFrom(feedStore.get().feed.lastEventId);
    }
  }, [active]);

  const subscription = trpc.chat.onMessage.useSubscription(active ? { lastEventId: resumeFrom } : skipToken, {
    onData: (event) => applyEvent(event),
    // Messages sent between the first page and the start of the subscription.
    onStarted: () => {
      if (feedStore.get().loaded) void loadNewer();
    },
  });
  const live = subscription.status === 'pending';

  // An unrecoverable subscription error: resubscribe from the last event after the reconnect delay.
  const { status, reset } = subscription;
  useEffect(() => {
    if (!active || status !== 'error') return;
    const timer = setTimeout(() => {
      setResumeFrom(feedStore.get().feed.lastEventId);
      reset();
    }, WEBSOCKET_RECONNECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active, status, reset]);

  const polls = useRef(0);
  useEffect(() => {
    if (!active || live) return;
    const timer = setInterval(() => {
      polls.current += 1;
      void (polls.current % RECONCILE_EVERY === 0 ? loadNewestPage() : loadNewer());
    }, CHAT_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [active, live]);

  const status_: ChatFeed['status'] = state.loaded ? 'ready' : state.failed ? 'error' : 'loading';
  return { status: status_, messages: state.feed.messages, failed: state.failed, live };
}

/** Random per send, so that a retried request is stored once (clientMessageId). */
function clientMessageId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Sends a message (already trimmed and checked); it shows in the feed at once. */
export async function sendChatMessage(message: string): Promise<ChatMessage> {
  const sent = await trpcClient.chat.send.mutate({ message, clientMessageId: clientMessageId() });
  feedStore.set(withFeed((feed) => mergeMessages(feed, [sent])));
  return sent;
}

/** Staff only: removes a message for everyone. */
export async function deleteChatMessage(id: number, reason: string): Promise<void> {
  await trpcClient.chat.delete.mutate({ id, reason });
  feedStore.set(withFeed((feed) => removeMessage(feed, id)));
}

/** Staff only: mutes the sender of a message. */
export async function muteChatUser(userId: number, minutes: number, reason: string): Promise<void> {
  await trpcClient.chat.mute.mutate({ userId, minutes, reason });
}
