import type { RouterOutputs } from '../../lib/router-types';
import { CHAT_MAX_LENGTH, CHAT_WARN_LENGTH } from '../../constants';

/** A Trollbox message exactly as the server's chat.list sends it (plain text, never HTML). */
export type ChatMessage = RouterOutputs['chat']['list']['messages'][number];

/** One item of the chat.onMessage subscription. */
export type ChatFeedItem = { type: 'message'; message: ChatMessage } | { type: 'deleted'; id: number };

export interface FeedState {
  /** Oldest first, no duplicates, at most FEED_KEEP of the newest. */
  messages: readonly ChatMessage[];
  /** Ids a moderator removed: a late page or replay never brings them back. */
  deleted: ReadonlySet<number>;
  /** The id of the last subscription event applied, to resume from. */
  lastEventId: string | null;
}

/** The panel keeps this many of the newest messages. */
export const FEED_KEEP = 200;

export const EMPTY_FEED: FeedState = { messages: [], deleted: new Set(), lastEventId: null };

export function newestId(state: FeedState): number | undefined {
  return state.messages.at(-1)?.id;
}

/** Adds messages (from a page, a send or the subscription): deduplicated by id, oldest first. */
export function mergeMessages(state: FeedState, incoming: readonly ChatMessage[]): FeedState {
  const fresh = incoming.filter((message) => !state.deleted.has(message.id));
  if (fresh.length === 0) return state;
  const byId = new Map<number, ChatMessage>();
  for (const message of state.messages) byId.set(message.id, message);
  let changed = false;
  for (const message of fresh) {
    if (!byId.has(message.id)) changed = true;
    byId.set(message.id, message);
  }
  if (!changed) return state;
  const messages = [...byId.values()].sort((a, b) => a.id - b.id).slice(-FEED_KEEP);
  return { ...state, messages };
}

export function removeMessage(state: FeedState, id: number): FeedState {
  const deleted = new Set(state.deleted);
  deleted.add(id);
  return { ...state, deleted, messages: state.messages.filter((message) => message.id !== id) };
}

/** Applies one subscription event and remembers its id for resuming. */
export function applyFeedItem(state: FeedState, eventId: string | null, item: ChatFeedItem): FeedState {
  const next = item.type === 'deleted' ? removeMessage(state, item.id) : mergeMessages(state, [item.message]);
  return eventId ? { ...next, lastEventId: eventId } : next;
}

/**
 * Merges the newest page (`limit` asked for) and drops what the page proves was deleted: every
 * known message inside the page's id range that the page lacks (all of them when the page was
 * not full, as it then holds the whole room).
 */
export function reconcileNewestPage(state: FeedState, page: readonly ChatMessage[], limit: number): FeedState {
  const present = new Set(page.map((message) => message.id));
  const floor = page.length >= limit ? (page[0]?.id ?? Number.POSITIVE_INFINITY) : Number.NEGATIVE_INFINITY;
  let next = mergeMessages(state, page);
  for (const message of next.messages) {
    if (message.id >= floor && !present.has(message.id)) next = removeMessage(next, message.id);
  }
  return next;
}

export type ComposerProblem = 'empty' | 'too-long' | null;

export interface ComposerState {
  /** Characters typed, as the counter shows them. */
  used: number;
  /** The counter turns red above CHAT_WARN_LENGTH. */
  warn: boolean;
  trimmed: string;
  problem: ComposerProblem;
}

/** The spec's input rules: trimmed, 1-200 characters; the counter is red above 150 used. */
export function composerState(text: string): ComposerState {
  const trimmed = text.trim();
  const problem: ComposerProblem =
    trimmed.length === 0 ? 'empty' : trimmed.length > CHAT_MAX_LENGTH ? 'too-long' : null;
  return { used: text.length, warn: text.length > CHAT_WARN_LENGTH, trimmed, problem };
}

export const TOO_LONG_MESSAGE = `Message must be at most ${CHAT_MAX_LENGTH} characters`;

/** A reader within this many pixels of the bottom is following the conversation. */
export const FOLLOW_THRESHOLD_PX = 48;

export function isNearBottom(viewport: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean {
  return viewport.scrollHeight - viewport.scrollTop - viewport.clientHeight <= FOLLOW_THRESHOLD_PX;
}

/**
 * What the list does when its newest message changes: follow (scroll to the bottom) when the
 * reader was at the bottom or sent it, otherwise leave the reader where they are and offer a
 * jump to the new messages.
 */
export function scrollDecision(input: {
  following: boolean;
  newestChanged: boolean;
  newestIsOwn: boolean;
}): 'follow' | 'notify' | 'stay' {
  if (!input.newestChanged) return 'stay';
  if (input.following || input.newestIsOwn) return 'follow';
  return 'notify';
}

interface MaybeStaff {
  role?: unknown;
  isAdmin?: unknown;
  isModerator?: unknown;
}

/** Moderators and admins may delete messages and mute users. */
export function isStaff(user: MaybeStaff | null | undefined): boolean {
  if (!user) return false;
  return user.role === 'admin' || user.role === 'moderator' || user.isAdmin === true || user.isModerator === true;
}

/** Own messages read 'You:'; matched on the user id, or on the display name when no id is known. */
export function isOwnMessage(message: ChatMessage, user: { id?: unknown } | null, ownName: string | null): boolean {
  if (!user) return false;
  if (user.id !== undefined && user.id !== null) return String(user.id) === String(message.userId);
  return ownName !== null && ownName === message.username;
}

/** The name colour: gold for staff (the theme's gold), a CSS colour name or hex otherwise. */
export function nameColor(userColor: string): string | undefined {
  if (userColor === 'gold') return 'var(--mantine-color-yellow-5)';
  return /^([a-z]{3,20}|#[0-9a-f]{3,8})$/i.test(userColor) ? userColor : undefined;
}

/** Dismissed announcements, remembered for the browser session. */
export function parseDismissed(raw: string | null): number[] {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}
