import { describe, expect, it } from 'vitest';
import { registerFailureMessage, loginFailureMessage } from './auth-messages';
import {
  passwordsMatch,
  termsAccepted,
  validLoginName,
  validPassword,
  validPublicUsername,
  VALIDATION_MESSAGES,
} from './auth-validation';

describe('registration rules', () => {
  it('accepts 3-10 letters and digits only', () => {
    expect(validLoginName('abc')).toBeNull();
    expect(validLoginName('abcdefghi0')).toBeNull();
    expect(validLoginName('ab')).toBe(VALIDATION_MESSAGES.loginName);
    expect(validLoginName('abcdefghijk')).toBe(VALIDATION_MESSAGES.loginName);
    expect(validLoginName('ab_cd')).toBe(VALIDATION_MESSAGES.loginName);
  });

  it('lets the display name be empty but not malformed', () => {
    expect(validPublicUsername('')).toBeNull();
    expect(validPublicUsername('x!')).toBe(VALIDATION_MESSAGES.publicUsername);
  });

  it('asks for a password of 8-128 characters, as the server does', () => {
    expect(validPassword('')).toBe(VALIDATION_MESSAGES.required);
    expect(validPassword('1234567')).toBe('Password must be 8-128 characters');
    expect(validPassword('12345678')).toBeNull();
    expect(validPassword('x'.repeat(128))).toBeNull();
    expect(validPassword('x'.repeat(129))).toBe('Password must be 8-128 characters');
  });

  it('checks matching passwords and accepted terms', () => {
    expect(passwordsMatch('secret1', 'secret2')).toBe('Passwords do not match');
    expect(passwordsMatch('secret1', 'secret1')).toBeNull();
    expect(termsAccepted(false)).toBe('You must accept the Terms & Conditions');
  });
});

describe('failure messages', () => {
  it('maps registration failures as the error catalogue says', () => {
    expect(registerFailureMessage({ status: 429, message: 'slow down' }).tone).toBe('warning');
    expect(registerFailureMessage({ status: 400, message: 'email: Invalid email address' }).message).toBe(
      'Please enter a valid email address.',
    );
    expect(registerFailureMessage({ status: 400, message: '' }).message).toBe('Please enter a valid email address.');
    // A 400 about another field keeps the server's reason (issue #17).
    expect(registerFailureMessage({ status: 400, message: 'Password is too common.' }).message).toBe(
      'Password is too common.',
    );
    expect(registerFailureMessage({ status: 0, message: '' }).message).toMatch(/under maintenance/);
    expect(registerFailureMessage({ status: 409, message: 'Email already registered' }).message).toMatch(
      /already registered/,
    );
    expect(registerFailureMessage({ status: 409, message: 'Username is taken' }).message).toMatch(
      /username is already taken/,
    );
    expect(registerFailureMessage({ status: 500, message: '' }).message).toMatch(/^Registration failed/);
  });

  it('maps login failures', () => {
    expect(loginFailureMessage({ status: 0, message: 'x' }).message).toMatch(/under maintenance/);
    expect(loginFailureMessage({ status: 401, message: 'Invalid credentials' }).message).toBe('Invalid credentials');
    expect(loginFailureMessage({ status: 401, message: '' }).message).toMatch(/^Login failed/);
  });
});
