import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DISPLAY_NAME_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  TERMS_MESSAGE,
  USERNAME_MESSAGE,
  displayNameSchema,
  emailSchema,
  loginInputSchema,
  loginNameSchema,
  registerFormSchema,
  registerInputSchema,
} from './auth.schemas.js';

const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''));

describe('auth schemas (spec section 5)', () => {
  it('accepts every login name of 3-10 ASCII letters and digits', () => {
    fc.assert(
      fc.property(fc.array(alnum, { minLength: 3, maxLength: 10 }), (chars) => {
        expect(loginNameSchema.safeParse(chars.join('')).success).toBe(true);
        expect(displayNameSchema.safeParse(chars.join('')).success).toBe(true);
      }),
    );
  });

  it('refuses any name with another character, or of another length, with the spec message', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (value) => {
        const valid = /^[A-Za-z0-9]{3,10}$/.test(value);
        const parsed = loginNameSchema.safeParse(value);
        expect(parsed.success).toBe(valid);
        if (!parsed.success) expect(parsed.error.issues[0]!.message).toBe(USERNAME_MESSAGE);
      }),
    );
    for (const lookalike of ['\u0430dmin', '\uff41dmin', 'ad\u200bmin', 'admi\u0301n', 'ADM\u0130N']) {
      expect(loginNameSchema.safeParse(lookalike).success).toBe(false);
    }
    expect(displayNameSchema.safeParse('a b').error?.issues[0]?.message).toBe(DISPLAY_NAME_MESSAGE);
  });

  it('names the field when a value is missing or not text', () => {
    expect(loginNameSchema.safeParse(undefined).error?.issues[0]?.message).toBe('Username is required');
    expect(loginNameSchema.safeParse(42).error?.issues[0]?.message).toBe('Username must be text');
    expect(emailSchema.safeParse(null).error?.issues[0]?.message).toBe('Email is required');
  });

  it('trims and lower-cases e-mail addresses and refuses non-ASCII look-alikes', () => {
    expect(emailSchema.parse('  Some.One@Example.COM ')).toBe('some.one@example.com');
    expect(emailSchema.safeParse('user@ex\u0430mple.com').success).toBe(false);
    expect(emailSchema.safeParse('no-at-sign').error?.issues[0]?.message).toMatch(/invalid email/i);
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@x.io`).success).toBe(false);
  });

  it('treats an empty display name as "use the login name"', () => {
    const parsed = registerInputSchema.parse({
      email: 'a@b.co',
      loginName: 'abc',
      publicUsername: '',
      password: 'long-enough',
    });
    expect(parsed.publicUsername).toBeUndefined();
  });

  it('checks 8-128 character passwords', () => {
    const base = { email: 'a@b.co', loginName: 'abc' };
    expect(registerInputSchema.safeParse({ ...base, password: '1234567' }).success).toBe(false);
    expect(registerInputSchema.safeParse({ ...base, password: '12345678' }).success).toBe(true);
    expect(registerInputSchema.safeParse({ ...base, password: 'x'.repeat(128) }).success).toBe(true);
    expect(registerInputSchema.safeParse({ ...base, password: 'x'.repeat(129) }).success).toBe(false);
  });

  it('the registration form also requires matching passwords and accepted terms', () => {
    const form = {
      email: 'a@b.co',
      loginName: 'abc',
      password: 'long-enough',
      confirmPassword: 'long-enough',
      acceptTerms: true,
    };
    expect(registerFormSchema.safeParse(form).success).toBe(true);
    const mismatch = registerFormSchema.safeParse({ ...form, confirmPassword: 'other-one' });
    expect(mismatch.error?.issues.find((i) => i.path[0] === 'confirmPassword')?.message).toBe(
      PASSWORDS_DO_NOT_MATCH_MESSAGE,
    );
    const noTerms = registerFormSchema.safeParse({ ...form, acceptTerms: false });
    expect(noTerms.error?.issues[0]?.message).toBe(TERMS_MESSAGE);
  });

  it('login needs both fields and refuses control characters', () => {
    expect(loginInputSchema.safeParse({ login: ' bob ', password: 'x' }).data?.login).toBe('bob');
    expect(loginInputSchema.safeParse({ login: '', password: 'x' }).success).toBe(false);
    expect(loginInputSchema.safeParse({ login: 'bob', password: '' }).success).toBe(false);
    expect(loginInputSchema.safeParse({ login: 'bo\u0000b', password: 'x' }).success).toBe(false);
  });
});
