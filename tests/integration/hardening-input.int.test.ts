import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, http, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { trpc, WALLET_TEST_ENV } from '../support/wallet.js';

/** Issue #16 point 7: ids and cursors beyond their column's range are a 400, never a 500. */
describe('ids and cursors out of the column range', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  const TOO_BIG = '9999999999999999999';

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV });
    admin = await signedInAccount(platform);
    await platform.platform.services.auth.accounts.setRole(admin.account.username, 'admin');
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it.each([
    ['query', 'wallet.transactions', { cursor: TOO_BIG }],
    ['query', 'wallet.withdrawals', { cursor: TOO_BIG }],
    ['query', 'wallet.deposits', { cursor: TOO_BIG }],
    ['query', 'admin.withdrawals.pending', { cursor: TOO_BIG }],
    ['query', 'admin.withdrawals.approved', { cursor: '0' }],
    ['mutation', 'admin.withdrawals.approve', { id: TOO_BIG }],
    ['mutation', 'admin.withdrawals.reject', { id: TOO_BIG, reason: 'x' }],
    ['mutation', 'admin.withdrawals.recordTxid', { id: TOO_BIG, txid: 'ab'.repeat(32) }],
    ['query', 'admin.ledgerOf', { userId: 3_000_000_000 }],
    ['mutation', 'chat.mute', { userId: 3_000_000_000, minutes: 5, reason: 'x' }],
    ['mutation', 'chat.unmute', { userId: 3_000_000_000, reason: 'x' }],
    ['query', 'chat.moderationLog', { cursor: 2 ** 53 }],
  ] as const)('%s %s answers 400', async (kind, path, input) => {
    const answer = await trpc(platform, kind, path, input, admin.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  });

  it('the highest bigint id is still a valid cursor (an empty page, not an error)', async () => {
    const answer = await trpc(platform, 'query', 'wallet.transactions', { cursor: '9223372036854775807' }, admin.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const over = await trpc(platform, 'query', 'wallet.transactions', { cursor: '9223372036854775808' }, admin.token);
    expect(over.status).toBe(400);
  });

  it('GET /api/chat/messages with a huge ?after= or ?cursor= answers 400', async () => {
    expect((await http(platform.url, 'GET', `/api/chat/messages?after=${TOO_BIG}`)).status).toBe(400);
  });
});

/** Issue #23 point 11: bad input that used to reach Postgres (or the tRPC adapter) and answer 500. */
describe('bad input answers 400 before Postgres', () => {
  let platform: TestPlatform;
  let player: Awaited<ReturnType<typeof signedInAccount>>;
  const TOO_BIG = '9999999999999999999';
  const deepJson = (depth: number, inner: string) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

  beforeAll(async () => {
    platform = await startTestPlatform({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      ...WALLET_TEST_ENV,
      SPORTS_ENABLED: 'true',
    });
    player = await signedInAccount(platform);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it.each([
    `/api/sports/events/${TOO_BIG}`,
    `/api/sports/bets?cursor=${TOO_BIG}`,
    `/api/vault/history?cursor=${TOO_BIG}`,
    `/api/vip/rakeback?cursor=${TOO_BIG}`,
    '/api/trpc/%ZZ',
    '/api/trpc/sports.event,%ZZ?batch=1',
  ])('GET %s answers 400', async (path) => {
    const answer = await http(platform.url, 'GET', path, undefined, { token: player.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  });

  it.each([
    ['query', 'sports.event', { id: TOO_BIG }],
    ['query', 'sports.oddsHistory', { selectionId: TOO_BIG }],
    ['query', 'sports.bets', { cursor: TOO_BIG }],
    ['mutation', 'sports.cashOut', { betId: TOO_BIG }],
    ['query', 'vault.history', { cursor: TOO_BIG }],
    ['query', 'vip.rakebackHistory', { cursor: TOO_BIG }],
    ['query', 'bets.byId', { id: 'not-a-number' }],
    ['query', 'wallet.transactions', { cursor: 'not-a-number' }],
    ['query', 'sports.event', { id: '0' }],
  ] as const)('%s %s %j answers 400', async (kind, path, input) => {
    const answer = await trpc(platform, kind, path, input, player.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  });

  it('a NUL byte in a tip recipient is a 400 and moves nothing', async () => {
    const { db } = platform.platform.infra;
    const before = await db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const recipient of ['bob\u0000', '\u0000']) {
      const answer = await trpc(
        platform,
        'mutation',
        'tips.send',
        { recipient, amount: '1', currency: 'USD' },
        player.token,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      const legacy = await http(
        platform.url,
        'POST',
        '/api/tips',
        { recipient, amount: 1, currency: 'USD' },
        { token: player.token },
      );
      expect(legacy.status, JSON.stringify(legacy.body)).toBe(400);
    }
    const after = await db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('a NUL byte anywhere in a tRPC input (an announcement, a chat mute reason) is a 400', async () => {
    const admin = await signedInAccount(platform);
    await platform.platform.services.auth.accounts.setRole(admin.account.username, 'admin');
    const announcement = await trpc(
      platform,
      'mutation',
      'chat.createAnnouncement',
      { type: 'info', message: 'maintenance\u0000' },
      admin.token,
    );
    expect(announcement.status, JSON.stringify(announcement.body)).toBe(400);
    expect(announcement.body.error.message).toBe('Input must not contain NUL characters');
    const mute = await trpc(
      platform,
      'mutation',
      'chat.mute',
      { userId: player.user.id, minutes: 5, reason: 'spam\u0000' },
      admin.token,
    );
    expect(mute.status, JSON.stringify(mute.body)).toBe(400);
  });

  it('JSON nested 10,000 deep answers 400 on tRPC (single and batch) and on REST', async () => {
    const deep = deepJson(10_000, '1');
    const single = await http(platform.url, 'POST', '/api/trpc/chat.send', `{"message":${deep}}`, {
      token: player.token,
    });
    expect(single.status, JSON.stringify(single.body)).toBe(400);
    const batch = await http(platform.url, 'POST', '/api/trpc/chat.send?batch=1', `{"0":{"message":${deep}}}`, {
      token: player.token,
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(400);
    const legacy = await http(platform.url, 'POST', '/api/chat/messages', `{"message":${deep}}`, {
      token: player.token,
    });
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(400);
    // A query's input travels in the URL (at most ~16 KB of headers): as deep as that allows.
    const query = await http(
      platform.url,
      'GET',
      `/api/trpc/sports.event?input=${encodeURIComponent(`{"id":${deepJson(2_000, '1')}}`)}`,
    );
    expect(query.status, JSON.stringify(query.body)).toBe(400);
    expect(query.body.error.message).toBe('Input is nested more than 32 levels deep');
    // The server is still fine.
    expect((await http(platform.url, 'GET', '/auth/status')).status).toBe(200);
  });

  it('a chat message of only invisible characters is empty (400); bidi overrides and zero-width characters are stripped', async () => {
    const invisible = await trpc(
      platform,
      'mutation',
      'chat.send',
      { message: '\u200b\u202e\u2066\ufeff\u2060' },
      player.token,
    );
    expect(invisible.status, JSON.stringify(invisible.body)).toBe(400);
    expect(invisible.body.error.message).toBe('Message cannot be empty');
    const marks = await trpc(platform, 'mutation', 'chat.send', { message: `\u0301\u0301\u0301` }, player.token);
    expect(marks.status, JSON.stringify(marks.body)).toBe(400);
    const sent = await trpc(
      platform,
      'mutation',
      'chat.send',
      { message: `hi\u202e there\u200b z${'\u0301'.repeat(40)}!` },
      player.token,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.result.data.message).toBe('hi there z\u0301\u0301!');
  });
});
