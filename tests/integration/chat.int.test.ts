import { createTRPCClient, createWSClient, httpLink, wsLink, type TRPCClient } from '@trpc/client';
import { sql } from 'kysely';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../../server/src/trpc/router.js';
import { FAST_HASHING, RELAXED_LIMITS, expectLegacyError, http, signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { TestSocket } from '../support/socket-client.js';
import { RANKS } from '../../server/src/domain/economy/ranks.js';

// 'kind' is the player economy's extra field (docs/api.md): 'user', or 'tip' / 'rain' for lines the platform writes.
const MESSAGE_KEYS = [
  'createdAt',
  'id',
  'isAdmin',
  'isModerator',
  'kind',
  'message',
  'rank',
  'userColor',
  'userId',
  'username',
];
const ANNOUNCEMENT_KEYS = ['createdAt', 'expiresAt', 'id', 'message', 'type'];

type Account = Awaited<ReturnType<typeof signedInAccount>>;

describe('Trollbox over REST, tRPC and the socket', () => {
  let platform: TestPlatform;
  let second: ServerProcess | undefined;
  const wsClients: ReturnType<typeof createWSClient>[] = [];
  let ipCounter = 0;

  const account = async (role: 'user' | 'moderator' | 'admin' = 'user'): Promise<Account> => {
    const signedIn = await signedInAccount(platform, {}, `10.77.0.${++ipCounter}`);
    if (role !== 'user') await platform.platform.services.auth.accounts.setRole(signedIn.account.username, role);
    return signedIn;
  };
  const trpc = (token?: string): TRPCClient<AppRouter> =>
    createTRPCClient<AppRouter>({
      links: [
        httpLink({ url: `${platform.url}/api/trpc`, headers: token ? { authorization: `Bearer ${token}` } : {} }),
      ],
    });
  const post = (message: unknown, token?: string, extra: Record<string, unknown> = {}) =>
    http(platform.url, 'POST', '/api/chat/messages', message === undefined ? extra : { message, ...extra }, { token });
  const get = (path: string, headers: Record<string, string> = {}) =>
    http(platform.url, 'GET', path, undefined, { headers });
  const storedCount = async (userId: number) =>
    Number(
      (
        await platform.platform.infra.db
          .selectFrom('chat_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    // The page max age is long, so a page that changes proves the bus invalidated it.
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS, CHAT_PAGE_MAX_AGE_MS: '600000' });
  });
  afterAll(async () => {
    for (const client of wsClients) await client.close();
    await second?.stop();
    await platform?.stop();
  });

  it('serves an empty room with an ETag, 304 on a matching If-None-Match, and security headers', async () => {
    const first = await get('/api/chat/messages');
    expect(first.status).toBe(200);
    expect(first.body).toEqual([]);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(first.headers.get('cache-control')).toBe('no-cache');

    const again = await get('/api/chat/messages', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    // Only what RFC 9110 has a 304 carry: the body type and policies stay those of the cached 200.
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(again.headers.get('content-type')).toBeNull();
    expect(again.headers.get('content-security-policy')).toBeNull();
    expect((await get('/api/chat/messages', { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await get('/api/chat/messages', { 'if-none-match': '"other"' })).status).toBe(200);

    const announcements = await get('/api/chat/announcements');
    expect(announcements.status).toBe(200);
    expect(announcements.body).toEqual([]);
    expect((await get('/api/chat/announcements', { 'if-none-match': announcements.headers.get('etag')! })).status).toBe(
      304,
    );
  });

  it('answers 400 for bad ?after= and ?limit=', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=2.5', 'after=abc', 'after=-1']) {
      expectLegacyError(await get(`/api/chat/messages?${query}`), 400, /limit|after/, 'BAD_REQUEST');
    }
  });

  it('refuses guests and bad sessions with 401 "You must be logged in to send messages"', async () => {
    expectLegacyError(await post('hello'), 401, 'You must be logged in to send messages', 'LOGIN_REQUIRED');
    expectLegacyError(await post('hello', 'not-a-session'), 401, 'You must be logged in to send messages');
    // Even with an invalid message the guest learns they must log in.
    expectLegacyError(await post(''), 401, 'You must be logged in to send messages');
  });

  it('validates the text: empty after trim and over 200 characters are 400 and store nothing', async () => {
    const { token, user } = await account();
    expectLegacyError(await post('   \n\t ', token), 400, 'Message cannot be empty', 'BAD_REQUEST');
    expectLegacyError(await post('x'.repeat(201), token), 400, 'Message must be at most 200 characters');
    expectLegacyError(await post(undefined, token), 400, 'Message is required');
    expectLegacyError(await post(42, token), 400, 'Message is required');
    expect(await storedCount(user.id)).toBe(0);
    // Exactly 200 after trimming is fine.
    const ok = await post(`  ${'y'.repeat(200)}  `, token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.message).toBe('y'.repeat(200));
  });

  it('stores and shows a message as text (201), lists it oldest first, pages with ?after= and ?limit=', async () => {
    const before = await get('/api/chat/messages');
    const { token, user } = await account();
    const html = '<img src=x onerror=alert(1)> & "quotes"';
    const sent = await post(html, token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(Object.keys(sent.body).sort()).toEqual(MESSAGE_KEYS);
    expect(sent.body).toMatchObject({
      userId: user.id,
      username: user.publicUsername,
      message: html,
      // A new player's rank colour (Unranked, server/src/domain/economy/ranks.ts).
      userColor: RANKS[0]!.color,
      // Its label, for the badge beside the name.
      rank: RANKS[0]!.label,
      kind: 'user',
      isAdmin: false,
      isModerator: false,
    });
    expect(typeof sent.body.id).toBe('number');
    expect(new Date(sent.body.createdAt).toISOString()).toBe(sent.body.createdAt);

    const after = await get('/api/chat/messages', { 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(after.body.at(-1)).toEqual(sent.body);
    const ids = (after.body as { id: number }[]).map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const second = await post('second one', token, { clientMessageId: 'c-2' });
    expect(second.status).toBe(201);
    const newer = await get(`/api/chat/messages?after=${sent.body.id}`);
    expect(newer.body).toEqual([second.body]);
    const nothing = await get(`/api/chat/messages?after=${second.body.id}`);
    expect(nothing.body).toEqual([]);
    expect(
      (await get(`/api/chat/messages?after=${second.body.id}`, { 'if-none-match': nothing.headers.get('etag')! }))
        .status,
    ).toBe(304);
    expect((await get('/api/chat/messages?limit=1')).body).toEqual([second.body]);
    expect((await get(`/api/chat/messages?after=${sent.body.id - 1}&limit=1`)).body).toEqual([sent.body]);

    // tRPC list: the same objects, newest page by default, cursor for older pages.
    const page = await trpc().chat.list.query({ limit: 1 });
    expect(page.messages).toEqual([second.body]);
    expect(page.nextCursor).toBe(second.body.id);
    const older = await trpc().chat.list.query({ limit: 1, cursor: page.nextCursor });
    expect(older.messages).toEqual([sent.body]);
  });

  it('rate limits a fast sender (429 + Retry-After) and stores each accepted message once', async () => {
    const { token, user } = await account();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => post(`burst ${i}`, token)));
    const accepted = results.filter((r) => r.status === 201);
    const limited = results.filter((r) => r.status === 429);
    // One per 2 s plus a burst of 3 (the defaults): 4 of 8 get through.
    expect(accepted).toHaveLength(4);
    expect(limited).toHaveLength(4);
    for (const r of limited) {
      expectLegacyError(r, 429, /Too Many Requests/, 'RATE_LIMITED');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(await storedCount(user.id)).toBe(4);
    expect(new Set(accepted.map((r) => r.body.id)).size).toBe(4);
  });

  it('stores a retried send with the same clientMessageId once', async () => {
    const { token, user } = await account();
    const [a, b] = await Promise.all([
      post('only once', token, { clientMessageId: 'retry-1' }),
      post('only once', token, { clientMessageId: 'retry-1' }),
    ]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    const c = await post('only once', token, { clientMessageId: 'retry-1' });
    expect(c.body.id).toBe(a.body.id);
    expect(await storedCount(user.id)).toBe(1);
  });

  it('mutes and unmutes a user (403 while muted) and logs who did it and why', async () => {
    const mod = await account('moderator');
    const target = await account();
    const other = await account();
    const staff = trpc(mod.token);
    const muted = await staff.chat.mute.mutate({ userId: target.user.id, minutes: 10, reason: 'spamming links' });
    expect(new Date(muted.mutedUntil).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    const refused = await post('can I talk?', target.token);
    expectLegacyError(refused, 403, /muted/, 'CHAT_MUTED');
    expect(refused.body.details.mutedUntil).toBe(muted.mutedUntil);
    expect(await storedCount(target.user.id)).toBe(0);

    // Ordinary users cannot moderate; staff cannot be muted.
    await expect(
      trpc(other.token).chat.mute.mutate({ userId: target.user.id, minutes: 1, reason: 'x' }),
    ).rejects.toMatchObject({
      data: { code: 'FORBIDDEN' },
    });
    await expect(staff.chat.mute.mutate({ userId: mod.user.id, minutes: 1, reason: 'x' })).rejects.toMatchObject({
      data: { code: 'FORBIDDEN' },
    });

    await staff.chat.unmute.mutate({ userId: target.user.id, reason: 'appealed' });
    expect((await post('thanks', target.token)).status).toBe(201);

    const log = await staff.chat.moderationLog.query({ limit: 10 });
    const actions = log.entries
      .filter((e) => e.targetUserId === target.user.id)
      .map((e) => [e.action, e.moderatorId, e.reason]);
    expect(actions).toEqual([
      ['unmute', mod.user.id, 'appealed'],
      ['mute', mod.user.id, 'spamming links'],
    ]);
    await expect(trpc(other.token).chat.moderationLog.query({})).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
  });

  it('refuses a self-excluded user with 403', async () => {
    const { token, user } = await account();
    await sql`insert into self_exclusions (user_id, ends_at) values (${user.id}, now() + interval '1 day')`.execute(
      platform.platform.infra.db,
    );
    expectLegacyError(await post('let me in', token), 403, /self-excluded/, 'SELF_EXCLUDED');
    expect(await storedCount(user.id)).toBe(0);
  });

  it('shows ADMIN/MOD badges and gold for staff', async () => {
    const admin = await account('admin');
    const mod = await account('moderator');
    const a = await post('admin here', admin.token);
    const m = await post('mod here', mod.token);
    expect(a.body).toMatchObject({ isAdmin: true, isModerator: false, userColor: 'gold' });
    expect(m.body).toMatchObject({ isAdmin: false, isModerator: true, userColor: 'gold' });
  });

  it('slow mode holds non-staff to one message per period; staff are exempt; changes are logged', async () => {
    const mod = await account('moderator');
    const user = await account();
    const staff = trpc(mod.token);
    expect(await staff.chat.setSlowMode.mutate({ seconds: 30, reason: 'raid' })).toEqual({
      slowModeSeconds: 30,
      maxLength: 200,
    });
    expect((await trpc().chat.settings.query()).slowModeSeconds).toBe(30);
    try {
      expect((await post('first', user.token)).status).toBe(201);
      const slowed = await post('second', user.token);
      expectLegacyError(slowed, 429, /Slow mode/, 'SLOW_MODE');
      expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(20);
      expect((await post('mod 1', mod.token)).status).toBe(201);
      expect((await post('mod 2', mod.token)).status).toBe(201);
    } finally {
      await staff.chat.setSlowMode.mutate({ seconds: 0, reason: 'raid over' });
    }
    const log = await staff.chat.moderationLog.query({ limit: 2 });
    expect(log.entries.map((e) => [e.action, e.reason])).toEqual([
      ['slow_mode', 'raid over'],
      ['slow_mode', 'raid'],
    ]);
  });

  it('a moderator delete removes the message for everyone: list, poll page, socket and subscription', async () => {
    const mod = await account('moderator');
    const user = await account();
    const socket = await TestSocket.open(platform.url);
    socket.send({ type: 'subscribe', channels: ['chat'] });
    await socket.next((f) => f.type === 'subscribed');
    const wsClient = createWSClient({
      url: `${platform.url.replace(/^http/, 'ws')}/api/trpc-ws`,
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    });
    wsClients.push(wsClient);
    const live = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
    const items: { id: string; data: unknown }[] = [];
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    const subscription = live.chat.onMessage.subscribe(undefined, {
      onStarted: () => started(),
      onData: (item) => items.push(item),
    });
    await ready;

    const pagedBefore = await get('/api/chat/messages');
    const sent = await post('something rude', user.token);
    expect(sent.status).toBe(201);
    const frame = await socket.next((f) => f.type === 'chat-message' && f.data.id === sent.body.id);
    expect(frame.data).toEqual(sent.body);
    await expect.poll(() => items.length).toBe(1);
    expect(items[0]!.data).toEqual({ type: 'message', message: sent.body });
    expect((await get('/api/chat/messages')).body.at(-1)).toEqual(sent.body);

    // Not for ordinary users.
    await expect(trpc(user.token).chat.delete.mutate({ id: sent.body.id, reason: 'mine' })).rejects.toMatchObject({
      data: { code: 'FORBIDDEN' },
    });

    expect(await trpc(mod.token).chat.delete.mutate({ id: sent.body.id, reason: 'insults' })).toEqual({
      id: sent.body.id,
      deleted: true,
    });
    const deletedFrame = await socket.next((f) => f.type === 'chat-message-deleted');
    expect(deletedFrame.data).toEqual({ id: sent.body.id });
    await expect.poll(() => items.length).toBe(2);
    expect(items[1]!.data).toEqual({ type: 'deleted', id: sent.body.id });

    const pageAfter = await get('/api/chat/messages');
    expect(pageAfter.body.map((m: { id: number }) => m.id)).not.toContain(sent.body.id);
    expect(pageAfter.body).toEqual(pagedBefore.body);
    expect((await trpc().chat.list.query({})).messages.map((m) => m.id)).not.toContain(sent.body.id);
    await expect(trpc(mod.token).chat.delete.mutate({ id: sent.body.id, reason: 'again' })).rejects.toMatchObject({
      data: { code: 'NOT_FOUND' },
    });

    // A subscriber that reconnects from the first event replays the deletion.
    const replay: unknown[] = [];
    const resumed = live.chat.onMessage.subscribe(
      { lastEventId: items[0]!.id },
      { onData: (item) => replay.push(item.data) },
    );
    await expect.poll(() => replay.length).toBe(1);
    expect(replay[0]).toEqual({ type: 'deleted', id: sent.body.id });
    resumed.unsubscribe();
    subscription.unsubscribe();
    socket.close();

    const log = await trpc(mod.token).chat.moderationLog.query({ limit: 1 });
    expect(log.entries[0]).toMatchObject({
      action: 'delete',
      moderatorId: mod.user.id,
      targetMessageId: sent.body.id,
      reason: 'insults',
    });
  });

  it('admins create and expire announcements; others may not', async () => {
    const admin = await account('admin');
    const mod = await account('moderator');
    const created = await trpc(admin.token).chat.createAnnouncement.mutate({
      type: 'battle',
      message: 'Battle at 8 pm',
      expiresInMinutes: 60,
    });
    expect(Object.keys(created).sort()).toEqual(ANNOUNCEMENT_KEYS);
    const listed = await get('/api/chat/announcements');
    expect(listed.body).toEqual([created]);
    await expect(
      trpc(mod.token).chat.createAnnouncement.mutate({ type: 'info', message: 'nope' }),
    ).rejects.toMatchObject({
      data: { code: 'FORBIDDEN' },
    });
    await trpc(admin.token).chat.expireAnnouncement.mutate({ id: created.id, reason: 'done' });
    expect((await get('/api/chat/announcements')).body).toEqual([]);
    expect(await trpc().chat.announcements.query()).toEqual([]);
  });

  it("a send or delete on one process invalidates the other process's page (shared Redis prefix)", async () => {
    second = await startServerProcess(platform.env, {
      CHAT_PAGE_MAX_AGE_MS: '600000',
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
    });
    const mod = await account('moderator');
    const user = await account();
    const onB = () => http(second!.url, 'GET', '/api/chat/messages?limit=100');
    const primed = await onB();
    expect(primed.status).toBe(200);

    const sent = await post('hello from A', user.token);
    expect(sent.status).toBe(201);
    await expect.poll(async () => (await onB()).body.at(-1)?.id, { timeout: 5_000 }).toBe(sent.body.id);
    const withIt = await onB();
    expect(withIt.headers.get('etag')).toBe((await get('/api/chat/messages?limit=100')).headers.get('etag'));

    await trpc(mod.token).chat.delete.mutate({ id: sent.body.id, reason: 'cross-process' });
    await expect
      .poll(async () => (await onB()).body.map((m: { id: number }) => m.id).includes(sent.body.id), { timeout: 5_000 })
      .toBe(false);

    // And the other way round: a send on B shows on A.
    const fromB = await http(
      second.url,
      'POST',
      '/api/chat/messages',
      { message: 'hello from B' },
      { token: user.token },
    );
    expect(fromB.status, JSON.stringify(fromB.body)).toBe(201);
    await expect
      .poll(async () => (await get('/api/chat/messages')).body.at(-1)?.id, { timeout: 5_000 })
      .toBe(fromB.body.id);
  });
});
