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
    await platform.platform.services.auth.setRole(admin.account.username, 'admin');
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
