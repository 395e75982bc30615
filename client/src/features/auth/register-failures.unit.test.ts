import { describe, expect, it } from 'vitest';
import { registerFailureMessage } from './auth-messages';
import { isTransientFailure, withTransientRetry } from './transient-retry';

describe('registration failure messages', () => {
  it("shows the server's reason for a 400 about the password, the spec's text for a bad e-mail", () => {
    const commonPassword = {
      status: 400,
      message: 'Password is too common. Please choose a less common password.',
      details: { domainCode: 'PASSWORD_TOO_COMMON' },
    };
    expect(registerFailureMessage(commonPassword).message).toBe(
      'Password is too common. Please choose a less common password.',
    );
    const badEmail = {
      status: 400,
      message: 'email: Invalid email address',
      details: { fieldErrors: [{ path: 'email', message: 'Invalid email address' }] },
    };
    expect(registerFailureMessage(badEmail).message).toBe('Please enter a valid email address.');
    const badName = {
      status: 400,
      message: 'loginName: Too short',
      details: { fieldErrors: [{ path: 'loginName', message: 'Too short' }] },
    };
    expect(registerFailureMessage(badName).message).toBe('loginName: Too short');
  });
});

describe('the automatic registration retry', () => {
  const failingWith = (statuses: number[]) => {
    let calls = 0;
    const attempt = async () => {
      const status = statuses[calls++];
      if (status === undefined) return 'ok';
      throw { status, message: `failed with ${status}` };
    };
    return { attempt, calls: () => calls };
  };

  it('retries a network failure or a 5xx once', async () => {
    for (const status of [0, 500, 503]) {
      const run = failingWith([status]);
      await expect(withTransientRetry(run.attempt)).resolves.toBe('ok');
      expect(run.calls()).toBe(2);
    }
  });

  it('never retries a 4xx: the first verdict (e.g. 409 name taken) reaches the player', async () => {
    for (const status of [400, 409, 429]) {
      const run = failingWith([status, 429]);
      await expect(withTransientRetry(run.attempt)).rejects.toMatchObject({ status, message: `failed with ${status}` });
      expect(run.calls()).toBe(1);
    }
  });

  it('treats a tRPC error without an HTTP status as transient', () => {
    expect(isTransientFailure({ status: 0, message: 'x' })).toBe(true);
    expect(isTransientFailure({ status: 409, message: 'x' })).toBe(false);
  });
});
