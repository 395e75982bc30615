import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAST_HASHING,
  RELAXED_LIMITS,
  authSnapshot,
  http,
  newAccount,
  signedInAccount,
  type HttpResult,
} from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';

/** Values that must never get past validation as names, addresses or tokens. */
const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "admin'--",
  '1; DROP TABLE users; --',
  "x'); DELETE FROM sessions; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '\u0430dmin', // Cyrillic а
  '\uff41\uff44\uff4d\uff49\uff4e', // fullwidth admin
  'ad\u200bmin', // zero-width space
  'admin\u0000',
  '\u202eadmin',
  'admi\u0301n', // combining accent
  '',
  ' ',
  'x'.repeat(50_000),
];

const WRONG_TYPES: unknown[] = [null, 12345, true, ['admin'], { $ne: '' }, { toString: 'x' }];

const HOSTILE_EMAILS = [
  "x' OR 1=1--@example.com",
  '<script>@example.com',
  'user@ex\u0430mple.com',
  'us\u0435r@example.com',
  'user@@example.com',
  'user@example.com\nBcc: victim@example.com',
  `${'a'.repeat(300)}@example.com`,
  'user@example.com<script>',
];

describe('a battery of bad inputs gets 4xx and changes nothing', () => {
  let platform: TestPlatform;
  let token: string;
  let known: { username: string; password: string; email: string };

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS });
    const signedIn = await signedInAccount(platform);
    token = signedIn.token;
    known = signedIn.account;
  });
  afterAll(async () => {
    await platform?.stop();
  });

  function expectRefused(result: HttpResult, label: string): void {
    expect(result.status, `${label}: ${JSON.stringify(result.body)?.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(result.status, label).toBeLessThan(500);
    // Node itself refuses over-long request lines and headers before any route runs.
    if (result.status === 431) return;
    expect(typeof result.body?.message, label).toBe('string');
    expect(result.body.error, label).toBe(result.body.message);
    // Nothing internal leaks into the answer.
    expect(JSON.stringify(result.body), label).not.toMatch(/select |insert into|stack|node_modules|\.ts:\d+/i);
  }

  it('registration: every field, hostile or mistyped, with the other fields valid', async () => {
    const db = platform.platform.infra.db;
    const before = await authSnapshot(db);
    const cases: Array<[string, Record<string, unknown>]> = [];
    for (const field of ['username', 'public_username'] as const) {
      // An empty or null display name means "use the login name", so those two are valid there.
      const values = [...HOSTILE_STRINGS, ...WRONG_TYPES].filter(
        (v) => field === 'username' || (v !== null && (typeof v !== 'string' || v.trim() !== '')),
      );
      for (const value of values) {
        cases.push([`${field}=${JSON.stringify(value)?.slice(0, 30)}`, { ...newAccount(), [field]: value }]);
      }
    }
    for (const value of [...HOSTILE_EMAILS, ...HOSTILE_STRINGS, ...WRONG_TYPES]) {
      cases.push([`email=${JSON.stringify(value)?.slice(0, 30)}`, { ...newAccount(), email: value }]);
    }
    // Passwords may contain any character, so hostile text there is refused only when its length is wrong.
    for (const value of ['<b>x', "' OR 1", 'x'.repeat(129), 'é'.repeat(200), ...WRONG_TYPES]) {
      cases.push([`password=${JSON.stringify(value)?.slice(0, 30)}`, { ...newAccount(), password: value }]);
    }
    for (const field of ['email', 'username', 'password'] as const) {
      const body: Record<string, unknown> = newAccount();
      delete body[field];
      cases.push([`missing ${field}`, body]);
    }
    for (const [label, body] of cases)
      expectRefused(await http(platform.url, 'POST', '/api/auth/register', body), `register ${label}`);
    for (const raw of ['', 'null', '[]', '"text"', '12', '{"email":', '{"__proto__":{"admin":true}}']) {
      expectRefused(await http(platform.url, 'POST', '/api/auth/register', raw), `register raw ${raw}`);
    }
    expectRefused(
      await http(platform.url, 'POST', '/api/auth/register', 'email=a@b.co&username=abc&password=whatever12', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      'register form-encoded',
    );
    const tooLarge = await http(platform.url, 'POST', '/api/auth/register', {
      ...newAccount(),
      pad: 'x'.repeat(200_000),
    });
    expect(tooLarge.status).toBe(413);
    expect(await authSnapshot(db)).toBe(before);
  });

  it('login, profile, display name, e-mail links and passwords: hostile values everywhere', async () => {
    const db = platform.platform.infra.db;
    const before = await authSnapshot(db);
    const hostile = [...HOSTILE_STRINGS, ...HOSTILE_EMAILS];
    for (const value of [...hostile, ...WRONG_TYPES]) {
      const label = JSON.stringify(value)?.slice(0, 30);
      expectRefused(
        await http(platform.url, 'POST', '/api/auth/login', { login_name: value, password: known.password }),
        `login name ${label}`,
      );
      expectRefused(
        await http(platform.url, 'POST', '/api/auth/login', { login_name: known.username, password: value }),
        `login password ${label}`,
      );
      expectRefused(
        await http(platform.url, 'POST', '/api/auth/change-username', { newUsername: value }, { token }),
        `display ${label}`,
      );
      expectRefused(
        await http(platform.url, 'POST', '/api/auth/resend-verification', { email: value }),
        `resend ${label}`,
      );
      expectRefused(await http(platform.url, 'POST', '/api/auth/forgot-password', { email: value }), `forgot ${label}`);
      expectRefused(
        await http(platform.url, 'POST', '/api/auth/reset-password', { token: value, password: 'A-valid-password-9' }),
        `reset token ${label}`,
      );
      if (typeof value === 'string') {
        expectRefused(
          await http(platform.url, 'GET', `/api/auth/confirm-email?token=${encodeURIComponent(value)}`),
          `confirm ${label}`,
        );
        // Header values can only carry printable ASCII.
        if (/^[\x20-\x7e]*$/.test(value)) {
          expectRefused(
            await http(platform.url, 'GET', '/api/auth/profile', undefined, {
              headers: { authorization: `Bearer ${value}x` },
            }),
            `bearer ${label}`,
          );
        }
      }
    }
    expectRefused(
      await http(
        platform.url,
        'POST',
        '/api/auth/change-username',
        { newUsername: 'Valid1' },
        { token: "' OR 1=1 --" },
      ),
      'sql bearer',
    );
    // tRPC gets the same validation.
    for (const input of [{}, { login: { $ne: null }, password: 'x' }, { login: 'x'.repeat(10_000), password: 'x' }]) {
      const result = await http(platform.url, 'POST', '/api/trpc/auth.login', input);
      expect(result.status).toBe(400);
    }
    const register = await http(platform.url, 'POST', '/api/trpc/auth.register', {
      ...newAccount(),
      loginName: '<b>bad</b>',
    });
    expect(register.status).toBe(400);
    expect(await authSnapshot(db)).toBe(before);

    // The account still works exactly as before.
    const login = await http(platform.url, 'POST', '/api/auth/login', {
      login_name: known.email,
      password: known.password,
    });
    expect(login.status).toBe(200);
    expect(login.body.user.publicUsername).not.toBe('Valid1');
  });
});
