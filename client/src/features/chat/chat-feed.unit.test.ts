import { describe, expect, it } from 'vitest';
import {
  EMPTY_FEED,
  FEED_KEEP,
  applyFeedItem,
  composerState,
  isNearBottom,
  isOwnMessage,
  isStaff,
  mergeMessages,
  nameColor,
  newestId,
  parseDismissed,
  reconcileNewestPage,
  removeMessage,
  scrollDecision,
  type ChatMessage,
} from './chat-feed';

const msg = (id: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  userId: 100 + id,
  username: `user${id}`,
  message: `hello ${id}`,
  userColor: 'silver',
  isAdmin: false,
  isModerator: false,
  rank: 'Unranked',
  createdAt: new Date(1_700_000_000_000 + id).toISOString(),
  kind: 'user',
  ...overrides,
});
const ids = (state: { messages: readonly ChatMessage[] }) => state.messages.map((m) => m.id);

describe('merging pages, live messages and deletions', () => {
  it('keeps messages oldest first without duplicates, whatever order they arrive in', () => {
    let state = mergeMessages(EMPTY_FEED, [msg(3), msg(4), msg(5)]);
    state = mergeMessages(state, [msg(7), msg(6)]);
    state = mergeMessages(state, [msg(5), msg(1)]);
    expect(ids(state)).toEqual([1, 3, 4, 5, 6, 7]);
    expect(newestId(state)).toBe(7);
    expect(newestId(EMPTY_FEED)).toBeUndefined();
  });

  it('returns the same state when nothing new arrived (no re-render)', () => {
    const state = mergeMessages(EMPTY_FEED, [msg(1), msg(2)]);
    expect(mergeMessages(state, [msg(2)])).toBe(state);
    expect(mergeMessages(state, [])).toBe(state);
  });

  it('keeps only the newest FEED_KEEP messages', () => {
    const many = Array.from({ length: FEED_KEEP + 30 }, (_, i) => msg(i + 1));
    const state = mergeMessages(EMPTY_FEED, many);
    expect(state.messages).toHaveLength(FEED_KEEP);
    expect(state.messages[0]!.id).toBe(31);
  });

  it('removes a deleted message and never brings it back from a late page or replay', () => {
    let state = mergeMessages(EMPTY_FEED, [msg(1), msg(2), msg(3)]);
    state = applyFeedItem(state, '1-0', { type: 'deleted', id: 2 });
    expect(ids(state)).toEqual([1, 3]);
    expect(state.lastEventId).toBe('1-0');
    state = mergeMessages(state, [msg(2), msg(4)]);
    expect(ids(state)).toEqual([1, 3, 4]);
    // A deletion that arrives before its message (replay ordering) still wins.
    state = removeMessage(state, 9);
    state = applyFeedItem(state, '2-0', { type: 'message', message: msg(9) });
    expect(ids(state)).toEqual([1, 3, 4]);
    expect(state.lastEventId).toBe('2-0');
  });

  it('reconciles with the newest page: drops what the page proves was deleted, keeps older history', () => {
    const state = mergeMessages(EMPTY_FEED, [msg(1), msg(2), msg(3), msg(4), msg(5)]);
    // A full page (limit 3) covers ids 3..6: 4 is gone, 1 and 2 are older than the page.
    const full = reconcileNewestPage(state, [msg(3), msg(5), msg(6)], 3);
    expect(ids(full)).toEqual([1, 2, 3, 5, 6]);
    expect(full.deleted.has(4)).toBe(true);
    // A page that is not full holds the whole room.
    const whole = reconcileNewestPage(state, [msg(2), msg(5)], 50);
    expect(ids(whole)).toEqual([2, 5]);
    expect(ids(reconcileNewestPage(state, [], 50))).toEqual([]);
  });
});

describe('composer state', () => {
  it('refuses empty and whitespace-only text', () => {
    expect(composerState('').problem).toBe('empty');
    expect(composerState('   \n ').problem).toBe('empty');
    expect(composerState(' hi ').problem).toBeNull();
    expect(composerState(' hi ').trimmed).toBe('hi');
  });

  it('allows 200 characters after trimming and refuses 201', () => {
    expect(composerState(`  ${'a'.repeat(200)}  `).problem).toBeNull();
    expect(composerState('a'.repeat(201)).problem).toBe('too-long');
  });

  it('turns the counter red above 150 characters used', () => {
    expect(composerState('a'.repeat(150))).toMatchObject({ used: 150, warn: false });
    expect(composerState('a'.repeat(151))).toMatchObject({ used: 151, warn: true });
  });
});

describe('scroll following', () => {
  it('counts a reader within the threshold of the bottom as following', () => {
    expect(isNearBottom({ scrollTop: 560, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
    expect(isNearBottom({ scrollTop: 600, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
    expect(isNearBottom({ scrollTop: 300, scrollHeight: 1000, clientHeight: 400 })).toBe(false);
  });

  it('follows a follower, notifies a reader who scrolled up, and always follows own messages', () => {
    expect(scrollDecision({ following: true, newestChanged: true, newestIsOwn: false })).toBe('follow');
    expect(scrollDecision({ following: false, newestChanged: true, newestIsOwn: false })).toBe('notify');
    expect(scrollDecision({ following: false, newestChanged: true, newestIsOwn: true })).toBe('follow');
    expect(scrollDecision({ following: false, newestChanged: false, newestIsOwn: false })).toBe('stay');
  });
});

describe('roles, ownership and colours', () => {
  it('treats moderators and admins as staff', () => {
    expect(isStaff({ role: 'moderator' })).toBe(true);
    expect(isStaff({ role: 'admin' })).toBe(true);
    expect(isStaff({ isModerator: true })).toBe(true);
    expect(isStaff({ role: 'user', isAdmin: false, isModerator: false })).toBe(false);
    expect(isStaff(null)).toBe(false);
  });

  it('matches own messages on the user id, or the display name without one', () => {
    const message = msg(1, { userId: 42, username: 'alice' });
    expect(isOwnMessage(message, { id: 42 }, 'bob')).toBe(true);
    expect(isOwnMessage(message, { id: '42' }, null)).toBe(true);
    expect(isOwnMessage(message, { id: 7 }, 'alice')).toBe(false);
    expect(isOwnMessage(message, {}, 'alice')).toBe(true);
    expect(isOwnMessage(message, null, 'alice')).toBe(false);
  });

  it('shows gold for staff and only plain colour values otherwise', () => {
    expect(nameColor('gold')).toBe('var(--mantine-color-yellow-5)');
    expect(nameColor('lightskyblue')).toBe('lightskyblue');
    expect(nameColor('#abc')).toBe('#abc');
    expect(nameColor('red; background: url(x)')).toBeUndefined();
  });

  it('reads dismissed announcement ids defensively', () => {
    expect(parseDismissed('[1,2,"x"]')).toEqual([1, 2]);
    expect(parseDismissed('{')).toEqual([]);
    expect(parseDismissed(null)).toEqual([]);
  });
});
