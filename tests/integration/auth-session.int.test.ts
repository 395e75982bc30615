import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEGACY_USER_KEYS,
  RELAXED_LIMITS,
  authSnapshot,
  expectLegacyError,
  http,
  newAccount,
  signedInAccount,
} from '../support/auth.js';
import { createContextFactory } from '../../server/src/trpc/context.js';
import { authedProcedure, permitted } from '../../server/src/trpc/auth.middleware.js';
import { createCallerFactory, router } from '../../server/src/trpc/init.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';

const run = promisify(execFile);

/** Production argon2 cost here (m=19 MiB, t=2, p=1): the flood test must show the real thing. */
describe('login, profile, display name, logout and sessions', () => {
  let platform: TestPlatform;
  const call = (method: string, path: string, body?: unknown, token?: string, ip?: string) =>
    http(platform.url, method, path, body, { token, ip });
  const trpc = async (kind: 'query' | 'mutation', procedure: string, input: unknown, token?: string) => {
    const url =
      kind === 'query'
        ? `/api/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`
        : `/api/trpc/${procedure}`;
    return http(platform.url, kind === 'query' ? 'GET' : 'POST', url, kind === 'mutation' ? (input ?? {}) : undefined, {
      token,
    });
  };

  beforeAll(async () => {
    platform = await startTestPlatform({
      ...RELAXED_LIMITS,
      RATE_LIMIT_LOGIN_ACCOUNT: '10/900',
      RATE_LIMIT_LOGIN_ACCOUNT_GLOBAL: '10/3600',
      RATE_LIMIT_LOGIN_IP: '60/600',
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('logs in by login name (any case) or by e-mail and answers { token, user }', async () => {
    const { account } = await signedInAccount(platform, {}, '10.9.0.1');
    const byName = await call(
      'POST',
      '/api/auth/login',
      { login_name: account.username.toUpperCase(), password: account.password },
      undefined,
      '10.9.0.1',
    );
    expect(byName.status).toBe(200);
    expect(Object.keys(byName.body).sort()).toEqual(['token', 'user']);
    expect(byName.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(byName.body.user).sort()).toEqual(LEGACY_USER_KEYS);
    expect(byName.body.user).toMatchObject({
      loginName: account.username,
      emailVerified: true,
      balance: 0,
      bzuBalance: 0,
    });
    const byEmail = await call(
      'POST',
      '/api/auth/login',
      { login_name: account.email.toUpperCase(), password: account.password },
      undefined,
      '10.9.0.1',
    );
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.token).not.toBe(byName.body.token);
    // Sessions are stored only as SHA-256 digests.
    const stored = await platform.platform.infra.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.some((row) => row.token_hash === byEmail.body.token)).toBe(false);
  });

  it('answers 401 "Invalid credentials" with the same body for a wrong password and an unknown account', async () => {
    const { account } = await signedInAccount(platform, {}, '10.9.0.2');
    const wrong = await call(
      'POST',
      '/api/auth/login',
      { login_name: account.username, password: 'Wrong-password-1' },
      undefined,
      '10.9.0.2',
    );
    const unknown = await call(
      'POST',
      '/api/auth/login',
      { login_name: 'nobody123', password: 'Wrong-password-1' },
      undefined,
      '10.9.0.2',
    );
    const unknownEmail = await call(
      'POST',
      '/api/auth/login',
      { login_name: 'nobody@example.com', password: 'x' },
      undefined,
      '10.9.0.2',
    );
    expectLegacyError(wrong, 401, 'Invalid credentials', 'INVALID_CREDENTIALS');
    expect(unknown.body).toEqual(wrong.body);
    expect(unknownEmail.body).toEqual(wrong.body);
    expect(unknown.status).toBe(401);
  });

  it('answers 403 EMAIL_NOT_VERIFIED for the right password of an unverified account, 401 for a wrong one', async () => {
    const account = newAccount();
    expect((await call('POST', '/api/auth/register', account, undefined, '10.9.0.3')).status).toBe(201);
    const right = await call(
      'POST',
      '/api/auth/login',
      { login_name: account.username, password: account.password },
      undefined,
      '10.9.0.3',
    );
    expectLegacyError(right, 403, 'Please verify your email address before logging in.', 'EMAIL_NOT_VERIFIED');
    const wrong = await call(
      'POST',
      '/api/auth/login',
      { login_name: account.username, password: 'Not-the-password' },
      undefined,
      '10.9.0.3',
    );
    expectLegacyError(wrong, 401, 'Invalid credentials');
  });

  it('answers 400 for missing or mistyped login fields', async () => {
    expectLegacyError(
      await call('POST', '/api/auth/login', { password: 'whatever1' }),
      400,
      /Username or email is required/,
    );
    expectLegacyError(await call('POST', '/api/auth/login', { login_name: 'someone' }), 400, /Password is required/);
    expectLegacyError(
      await call('POST', '/api/auth/login', { login_name: ['a'], password: 'x' }),
      400,
      /Username or email must be text/,
    );
    expectLegacyError(
      await call('POST', '/api/auth/login', { login_name: 'abc', password: 'x'.repeat(129) }),
      400,
      /Password must be 8-128/,
    );
    expectLegacyError(await call('POST', '/api/auth/login', '{"login_name":', undefined), 400, 'Malformed JSON body');
  });

  it('ends 50 parallel wrong-password logins for one account in 429s, and keeps answering other requests', async () => {
    const { account } = await signedInAccount(platform, {}, '10.9.0.4');
    const flood = Array.from({ length: 50 }, (_, i) =>
      call(
        'POST',
        '/api/auth/login',
        { login_name: account.username, password: `Wrong-guess-${i}` },
        undefined,
        `10.8.${i}.1`,
      ),
    );
    // While the flood runs, other requests are still served promptly.
    const started = Date.now();
    const status = await call('GET', '/auth/status');
    const statusMs = Date.now() - started;
    const results = await Promise.all(flood);
    expect(status.status).toBe(200);
    expect(statusMs).toBeLessThan(2_000);
    const counts = { 401: 0, 429: 0, other: 0 };
    for (const r of results) {
      if (r.status === 401 || r.status === 429) counts[r.status] += 1;
      else counts.other += 1;
    }
    // The account's free attempts from unknown addresses (10) are spent before hashing; past them
    // each attempt must wait 1, 2, 4 ... s after the previous one, so nearly all are refused at once.
    expect(counts.other).toBe(0);
    expect(counts[401]).toBeGreaterThanOrEqual(10);
    expect(counts[401]).toBeLessThanOrEqual(13);
    expect(counts[401] + counts[429]).toBe(50);
    const limited = results.find((r) => r.status === 429)!;
    expect(limited.body.message).toMatch(/^Too Many Requests/);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner is not locked out: from the address they signed in from before, at once.
    const owner = await call(
      'POST',
      '/api/auth/login',
      { login_name: account.username, password: account.password },
      undefined,
      '10.9.0.4',
    );
    expect(owner.status).toBe(200);
    const other = await signedInAccount(platform, {}, '10.9.0.6');
    expect(other.token).toBeTruthy();
  });

  it('limits logins per IP', async () => {
    const ip = '10.7.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      statuses.push(
        (await call('POST', '/api/auth/login', { login_name: `ghost${i}`, password: 'x' }, undefined, ip)).status,
      );
      if (statuses.at(-1) === 429) break;
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBe(61);
  });

  it('GET /api/auth/profile answers the user for a session and 401 without or with a bad one', async () => {
    const { token, account } = await signedInAccount(platform, {}, '10.9.0.7');
    const profile = await call('GET', '/api/auth/profile', undefined, token);
    expect(profile.status).toBe(200);
    expect(Object.keys(profile.body).sort()).toEqual(LEGACY_USER_KEYS);
    expect(profile.body).toMatchObject({
      username: account.username,
      public_username: account.public_username,
      email: account.email,
    });
    expectLegacyError(await call('GET', '/api/auth/profile'), 401, 'Not authenticated', 'UNAUTHORIZED');
    expectLegacyError(await call('GET', '/api/auth/profile', undefined, 'not-a-real-token'), 401, 'Not authenticated');
    expectLegacyError(await call('GET', '/api/auth/profile', undefined, 'x'.repeat(5000)), 401, 'Not authenticated');
  });

  it('a session expires after SESSION_TTL_MS', async () => {
    const { token } = await signedInAccount(platform, {}, '10.9.0.8');
    await platform.platform.infra.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expectLegacyError(await call('GET', '/api/auth/profile', undefined, token), 401, 'Not authenticated');
  });

  it('POST /api/auth/change-username changes the display name (200 user), 400 bad, 401 guest, 409 taken', async () => {
    const first = await signedInAccount(platform, {}, '10.9.0.9');
    const second = await signedInAccount(platform, {}, '10.9.0.9');
    const changed = await call('POST', '/api/auth/change-username', { newUsername: 'Fresh1' }, first.token);
    expect(changed.status).toBe(200);
    expect(Object.keys(changed.body).sort()).toEqual(LEGACY_USER_KEYS);
    expect(changed.body).toMatchObject({
      public_username: 'Fresh1',
      publicUsername: 'Fresh1',
      username: first.account.username,
    });
    expectLegacyError(
      await call('POST', '/api/auth/change-username', { newUsername: 'no' }, first.token),
      400,
      /Display name must be 3-10 characters and contain only letters and numbers/,
    );
    expectLegacyError(
      await call('POST', '/api/auth/change-username', { newUsername: 'Fresh2' }),
      401,
      'Not authenticated',
    );
    expectLegacyError(
      await call('POST', '/api/auth/change-username', { newUsername: 'FRESH1' }, second.token),
      409,
      'Display name already taken',
    );
  });

  it('POST /api/auth/logout answers 204, revokes the session, and a second logout is 401', async () => {
    const { token } = await signedInAccount(platform, {}, '10.9.0.10');
    const out = await call('POST', '/api/auth/logout', undefined, token);
    expect(out.status).toBe(204);
    expect(out.body).toBeUndefined();
    expectLegacyError(await call('GET', '/api/auth/profile', undefined, token), 401, 'Not authenticated');
    expectLegacyError(await call('POST', '/api/auth/logout', undefined, token), 401, 'Not authenticated');
    expectLegacyError(await call('POST', '/api/auth/logout'), 401, 'Not authenticated');
  });

  it('tRPC auth.sessions lists the live sessions and auth.revokeSession revokes one of them', async () => {
    const { account, token } = await signedInAccount(platform, {}, '10.9.0.11');
    const second = await call(
      'POST',
      '/api/auth/login',
      { login_name: account.username, password: account.password },
      undefined,
      '10.9.0.11',
    );
    const list = await trpc('query', 'auth.sessions', undefined, token);
    expect(list.status).toBe(200);
    const sessions = list.body.result.data as Array<{ id: string; current: boolean; ip: string }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;
    const revoked = await trpc('mutation', 'auth.revokeSession', { id: other.id }, token);
    expect(revoked.status).toBe(200);
    expect((await call('GET', '/api/auth/profile', undefined, second.body.token)).status).toBe(401);
    expect((await call('GET', '/api/auth/profile', undefined, token)).status).toBe(200);
    // Another user's session, or one already revoked, is not found.
    const again = await trpc('mutation', 'auth.revokeSession', { id: other.id }, token);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('Session not found');
    const bad = await trpc('mutation', 'auth.revokeSession', { id: 'nope' }, token);
    expect(bad.status).toBe(400);
    expect((await trpc('query', 'auth.sessions', undefined)).status).toBe(401);
  });

  it('tRPC auth.me answers balances as decimal strings, and auth.changePassword keeps only the current session', async () => {
    const { account, token } = await signedInAccount(platform, {}, '10.9.0.12');
    const me = await trpc('query', 'auth.me', undefined, token);
    expect(me.status).toBe(200);
    expect(me.body.result.data).toMatchObject({
      loginName: account.username,
      balance: '0',
      bzuBalance: '0',
      role: 'user',
    });
    const other = await call(
      'POST',
      '/api/auth/login',
      { login_name: account.username, password: account.password },
      undefined,
      '10.9.0.12',
    );
    const wrong = await trpc(
      'mutation',
      'auth.changePassword',
      { currentPassword: 'wrong-one', newPassword: 'Another-good-pass-1' },
      token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Current password is incorrect');
    const common = await trpc(
      'mutation',
      'auth.changePassword',
      { currentPassword: account.password, newPassword: 'password123' },
      token,
    );
    expect(common.status).toBe(400);
    const changed = await trpc(
      'mutation',
      'auth.changePassword',
      { currentPassword: account.password, newPassword: 'Another-good-pass-1' },
      token,
    );
    expect(changed.status).toBe(200);
    expect((await call('GET', '/api/auth/profile', undefined, token)).status).toBe(200);
    expect((await call('GET', '/api/auth/profile', undefined, other.body.token)).status).toBe(401);
    const relogin = await call(
      'POST',
      '/api/auth/login',
      { login_name: account.username, password: 'Another-good-pass-1' },
      undefined,
      '10.9.0.12',
    );
    expect(relogin.status).toBe(200);
  });

  it('authedProcedure puts ctx.user on the context; permitted(chat.moderate) admits moderators and admins only', async () => {
    const probe = router({
      whoami: authedProcedure.query(({ ctx }) => ({
        id: ctx.user.id,
        role: ctx.user.role,
        sessionId: ctx.auth.sessionId,
      })),
      staffOnly: permitted('chat.moderate').query(({ ctx }) => ctx.user.role),
    });
    const callerFor = (sessionToken?: string) =>
      createCallerFactory(probe)(createContextFactory(platform.platform.services)({ ip: '127.0.0.1', sessionToken }));
    const { token, user } = await signedInAccount(platform, {}, '10.9.0.14');
    expect(await callerFor(token).whoami()).toMatchObject({ id: user.id, role: 'user' });
    await expect(callerFor().whoami()).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
    await expect(callerFor('bogus').staffOnly()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(token).staffOnly()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Staff of another role are refused too.
    await platform.platform.services.auth.accounts.setRole(user.loginName, 'finance');
    await expect(callerFor(token).staffOnly()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await platform.platform.services.auth.accounts.setRole(user.loginName, 'moderator');
    expect(await callerFor(token).staffOnly()).toBe('moderator');
    await platform.platform.services.auth.accounts.setRole(user.loginName, 'admin');
    expect(await callerFor(token).staffOnly()).toBe('admin');
    // The realtime socket resolves tokens with the same call.
    expect(await platform.platform.services.auth.accounts.authenticate(token)).toMatchObject({
      id: user.id,
      role: 'admin',
    });
    expect(await platform.platform.services.auth.accounts.authenticate('bogus')).toBeNull();
  });

  it('npm run cli -- user:role grants a role, and bad arguments change nothing', async () => {
    const { account, token } = await signedInAccount(platform, {}, '10.9.0.13');
    const env = {
      ...process.env,
      DATABASE_URL: platform.databaseUrl,
      REDIS_PREFIX: platform.env.redisPrefix,
      LOG_LEVEL: 'silent',
    };
    const ok = await run(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli.ts', 'user:role', account.username, 'moderator'],
      { env },
    );
    expect(ok.stdout).toContain(`${account.username} (id `);
    expect(ok.stdout).toContain('is now moderator');
    const profile = await call('GET', '/api/auth/profile', undefined, token);
    expect(profile.body).toMatchObject({ role: 'moderator', isModerator: true, isAdmin: false });

    const before = await authSnapshot(platform.platform.infra.db);
    const unknownUser = await run(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli.ts', 'user:role', 'nobody999', 'admin'],
      { env },
    ).catch((e) => e);
    expect(unknownUser.code).toBe(1);
    expect(unknownUser.stderr).toContain('No user with login name nobody999');
    expect(await authSnapshot(platform.platform.infra.db)).toBe(before);
  });
});
