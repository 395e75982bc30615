import { describe, expect, it } from 'vitest';
import {
  FAST_HASHING,
  LEGACY_USER_KEYS,
  RELAXED_LIMITS,
  authSnapshot,
  expectLegacyError,
  http,
  latestMailToken,
  newAccount,
} from '../support/auth.js';
import { platformSuite } from '../support/platform-suite.js';

describe('POST /api/auth/register', () => {
  const suite = platformSuite({
    ...FAST_HASHING,
    ...RELAXED_LIMITS,
    RATE_LIMIT_REGISTER_IP: '40/3600',
    RATE_LIMIT_REGISTER_EMAIL: '3/3600',
    PUBLIC_URL: 'https://play.example.test',
  });
  const register = (body: unknown, ip?: string) => http(suite.platform.url, 'POST', '/api/auth/register', body, { ip });

  it('answers 201 with the message and the user object, unverified, and writes a verification mail', async () => {
    const account = newAccount({ email: 'New.Player@Example.com' });
    const result = await register(account, '10.0.0.1');
    expect(result.status).toBe(201);
    expect(result.body.message).toBe('Registration successful! Please verify your email.');
    expect(result.body.token).toBeUndefined();
    expect(Object.keys(result.body.user).sort()).toEqual(LEGACY_USER_KEYS);
    expect(result.body.user).toMatchObject({
      username: account.username,
      loginName: account.username,
      public_username: account.public_username,
      publicUsername: account.public_username,
      email: 'new.player@example.com',
      currency: 'USD',
      balance: 0,
      bzuBalance: 0,
      emailVerified: false,
      role: 'user',
      isAdmin: false,
      isModerator: false,
    });
    expect(typeof result.body.user.id).toBe('number');
    expect(Date.parse(result.body.user.createdAt)).not.toBeNaN();

    const db = suite.platform.platform.infra.db;
    const mail = await db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', 'new.player@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.text_body).toContain('https://play.example.test/verify-email?token=');
    // Only the digest of the link's token is stored.
    const token = await latestMailToken(db, account.email, '/verify-email');
    const stored = await db.selectFrom('email_tokens').select('token_hash').execute();
    expect(stored.some((row) => row.token_hash === token)).toBe(false);
    const user = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', result.body.user.id)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('defaults the display name to the login name when public_username is missing or empty', async () => {
    const missing = newAccount();
    const { public_username: _, ...withoutDisplay } = missing;
    const first = await register(withoutDisplay, '10.0.0.2');
    expect(first.status).toBe(201);
    expect(first.body.user.publicUsername).toBe(missing.username);
    const empty = newAccount({ public_username: '' });
    const second = await register(empty, '10.0.0.2');
    expect(second.status).toBe(201);
    expect(second.body.user.public_username).toBe(empty.username);
  });

  it.each([
    ['a bad email', { email: 'not-an-email' }, /invalid email/i],
    ['a missing email', { email: undefined }, /Email is required/],
    ['a short login name', { username: 'ab' }, /Username must be 3-10 characters and contain only letters and numbers/],
    ['a long login name', { username: 'abcdefghijk' }, /Username must be 3-10 characters/],
    ['a login name with symbols', { username: 'bad_name' }, /Username must be 3-10 characters/],
    ['a missing login name', { username: undefined }, /Username is required/],
    [
      'a bad display name',
      { public_username: 'x!' },
      /Display name must be 3-10 characters and contain only letters and numbers/,
    ],
    ['a short password', { password: 'short1' }, /Password must be 8-128 characters/],
    ['a huge password', { password: 'x'.repeat(129) }, /Password must be 8-128 characters/],
    ['a common password', { password: 'password123' }, 'Password is too common. Please choose a less common password.'],
    ['a common password in other case', { password: 'Baseball' }, /too common/],
    ['a number as login name', { username: 12345 }, /Username must be text/],
  ])('answers 400 naming the field for %s, and stores nothing', async (_name, change, message) => {
    const db = suite.platform.platform.infra.db;
    const before = await authSnapshot(db);
    const result = await register({ ...newAccount(), ...change }, '10.0.0.3');
    expectLegacyError(result, 400, message as string | RegExp);
    expect(await authSnapshot(db)).toBe(before);
  });

  it('answers 409 for a taken e-mail, login name or display name, case-insensitively', async () => {
    const taken = newAccount();
    expect((await register(taken, '10.0.0.4')).status).toBe(201);
    expectLegacyError(
      await register(newAccount({ email: taken.email.toUpperCase() }), '10.0.0.4'),
      409,
      'Email already registered',
      'EMAIL_TAKEN',
    );
    expectLegacyError(
      await register(newAccount({ username: taken.username.toUpperCase() }), '10.0.0.4'),
      409,
      'Username already taken',
      'USERNAME_TAKEN',
    );
    expectLegacyError(
      await register(newAccount({ public_username: taken.public_username.toUpperCase() }), '10.0.0.4'),
      409,
      'Display name already taken',
      'DISPLAY_NAME_TAKEN',
    );
  });

  it('gives exactly one 201 and nineteen 409 to 20 parallel registrations of one login name', async () => {
    const loginName = 'racer1';
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        register(newAccount({ username: loginName, public_username: `racer${i}x` }), `10.1.0.${i}`),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const result of results.filter((r) => r.status === 409))
      expect(result.body.message).toBe('Username already taken');
    const rows = await suite.platform.platform.infra.db
      .selectFrom('users')
      .select('id')
      .where('login_name', 'ilike', loginName)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps display names unique under parallel registrations too', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => register(newAccount({ public_username: 'SameShow' }), '10.2.0.1')),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.message === 'Display name already taken')).toBe(
      true,
    );
  });

  it('answers 429 with Retry-After once an address has used up its attempts, before any work is done', async () => {
    const account = newAccount();
    // The per-address budget is 3: the 4th attempt is refused without looking at the account.
    for (let i = 0; i < 3; i += 1)
      await register({ ...account, username: `lim${i}x${account.username.slice(1, 5)}` }, `10.3.0.${i}`);
    const limited = await register(newAccount({ email: account.email }), '10.3.0.9');
    expectLegacyError(limited, 429, /^Too Many Requests/, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 429 once an IP has used up its registrations', async () => {
    const ip = '10.4.0.1';
    const taken = newAccount();
    expect((await register(taken, '10.4.0.2')).status).toBe(201);
    const statuses: number[] = [];
    // Each attempt is well-formed (so it reaches the limiter) but takes a name already taken.
    for (let i = 0; i < 41; i += 1)
      statuses.push((await register(newAccount({ username: taken.username }), ip)).status);
    expect(statuses.slice(0, 40).every((s) => s === 409)).toBe(true);
    expect(statuses[40]).toBe(429);
  });
});

describe('POST /api/auth/register with e-mail verification off', () => {
  const suite = platformSuite({ ...FAST_HASHING, ...RELAXED_LIMITS, EMAIL_VERIFICATION: 'false' });

  it('also returns a session token, and the account is verified and signed in', async () => {
    const account = newAccount();
    const result = await http(suite.platform.url, 'POST', '/api/auth/register', account);
    expect(result.status).toBe(201);
    expect(result.body.message).toBe('Registration successful! Please verify your email.');
    expect(result.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.body.user.emailVerified).toBe(true);
    const profile = await http(suite.platform.url, 'GET', '/api/auth/profile', undefined, { token: result.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body.loginName).toBe(account.username);
    const mails = await suite.platform.platform.infra.db.selectFrom('email_outbox').select('id').execute();
    expect(mails).toHaveLength(0);
  });
});
