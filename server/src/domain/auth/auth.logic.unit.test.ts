import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toLegacyUser } from '../../rest/legacy-user.js';
import { linkWithToken, passwordResetMail, verificationMail } from './auth.mails.js';
import { conflictFromUniqueViolation } from './auth.service.js';
import { hashToken, isEmailLogin, limitKey, newOpaqueToken, normalizePassword } from './auth.tokens.js';
import { isStaff, toAuthUser, toUserView } from './auth.views.js';

describe('tokens', () => {
  it('are 256-bit base64url strings, all different', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newOpaqueToken()));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are stored as a SHA-256 hex digest that never equals the token', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (token) => {
        const digest = hashToken(token);
        expect(digest).toMatch(/^[0-9a-f]{64}$/);
        expect(digest).toBe(hashToken(token));
        expect(digest).not.toBe(token);
      }),
    );
  });

  it('rate-limit keys ignore case and reveal no address', () => {
    expect(limitKey('Bob@Example.com')).toBe(limitKey('bob@example.com'));
    expect(limitKey('bob@example.com')).not.toContain('bob');
  });

  it('normalizes passwords to NFKC and tells e-mail logins from names', () => {
    expect(normalizePassword('caf\u0065\u0301-pass')).toBe(normalizePassword('caf\u00e9-pass'));
    expect(isEmailLogin('a@b.co')).toBe(true);
    expect(isEmailLogin('bob')).toBe(false);
  });
});

describe('mails', () => {
  it('link to the client pages with the token as a query parameter', () => {
    expect(linkWithToken('https://x.test', '/verify-email', 'abc_-1')).toBe('https://x.test/verify-email?token=abc_-1');
    expect(linkWithToken('https://x.test/app/', '/reset-password', 't')).toBe('https://x.test/reset-password?token=t');
    const mail = verificationMail('bob', 'https://x.test/verify-email?token=t', 24);
    expect(mail.text).toContain('https://x.test/verify-email?token=t');
    expect(mail.text).toContain('24 hours');
    expect(passwordResetMail('bob', 'https://x.test/reset-password?token=t', 60).text).toContain('60 minutes');
  });

  it('escape HTML in the HTML part', () => {
    const mail = verificationMail('<b>', 'https://x.test/?a="1"&b=<2>', 24);
    expect(mail.html).not.toContain('<b>,');
    expect(mail.html).toContain('&#60;b&#62;');
    expect(mail.html).not.toContain('"1"');
  });
});

describe('user objects', () => {
  const row = {
    id: 7,
    login_name: 'bob',
    public_username: 'Bobby',
    email: 'bob@example.com',
    currency: 'USD',
    role: 'user' as const,
    email_verified_at: null,
    created_at: new Date('2026-01-02T03:04:05.000Z'),
  };

  it('carry role flags and balances as strings on tRPC and numbers on legacy REST', () => {
    const view = toUserView(toAuthUser(row), { balance: '12.5', bzuBalance: '0' });
    expect(view).toMatchObject({
      loginName: 'bob',
      publicUsername: 'Bobby',
      emailVerified: false,
      isAdmin: false,
      isModerator: false,
      balance: '12.5',
    });
    const legacy = toLegacyUser(view);
    expect(legacy).toEqual({
      id: 7,
      username: 'bob',
      loginName: 'bob',
      public_username: 'Bobby',
      publicUsername: 'Bobby',
      email: 'bob@example.com',
      currency: 'USD',
      balance: 12.5,
      bzuBalance: 0,
      emailVerified: false,
      role: 'user',
      isAdmin: false,
      isModerator: false,
      createdAt: '2026-01-02T03:04:05.000Z',
    });
    const admin = toUserView(toAuthUser({ ...row, role: 'admin', email_verified_at: new Date() }), {
      balance: '0',
      bzuBalance: '0',
    });
    expect(admin).toMatchObject({ isAdmin: true, isModerator: false, emailVerified: true });
    expect(toUserView(toAuthUser({ ...row, role: 'moderator' }), { balance: '0', bzuBalance: '0' }).isModerator).toBe(
      true,
    );
    expect([isStaff({ role: 'user' }), isStaff({ role: 'moderator' }), isStaff({ role: 'admin' })]).toEqual([
      false,
      true,
      true,
    ]);
  });
});

describe('unique violations', () => {
  it('map to the 409 naming the taken value', () => {
    const violation = (constraint: string) => ({ code: '23505', constraint });
    expect(conflictFromUniqueViolation(violation('users_email_lower_key'))?.message).toBe('Email already registered');
    expect(conflictFromUniqueViolation(violation('users_login_name_lower_key'))?.message).toBe(
      'Username already taken',
    );
    expect(conflictFromUniqueViolation(violation('users_public_username_lower_key'))?.message).toBe(
      'Display name already taken',
    );
    expect(conflictFromUniqueViolation(violation('users_login_name_lower_key'))?.kind).toBe('CONFLICT');
    expect(conflictFromUniqueViolation({ code: '23503', constraint: 'x' })).toBeUndefined();
    expect(conflictFromUniqueViolation(new Error('boom'))).toBeUndefined();
  });
});
