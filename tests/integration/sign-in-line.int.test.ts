import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';

/**
 * Issue #31 (login-chat): sign-ins beyond the hashing line are answered at once with 503 and Retry-After instead of
 * queueing behind argon2, counted in /metrics, and the line takes sign-ins again once it drains. Real argon2id at
 * the production cost (one hash is tens of ms), one at a time, nobody may wait.
 */
describe('the sign-in line', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({
      ...RELAXED_LIMITS,
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE_MAX: '0',
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('refuses the sign-ins that find it full with 503 + Retry-After, counts them, and signs in again once drained', async () => {
    const player = await signedInAccount(platform, {}, '10.71.0.1');
    const login = () =>
      http(
        platform.url,
        'POST',
        '/api/auth/login',
        { login_name: player.account.username, password: player.account.password },
        { ip: '10.71.0.1' },
      );

    const burst = await Promise.all(Array.from({ length: 8 }, login));
    const refused = burst.filter((answer) => answer.status === 503);
    expect(
      burst.every((answer) => answer.status === 200 || answer.status === 503),
      JSON.stringify(burst.map((a) => a.status)),
    ).toBe(true);
    expect(burst.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) {
      expect(answer.body).toEqual({
        message: 'Too many sign-ins at once, try again in a few seconds',
        error: 'Too many sign-ins at once, try again in a few seconds',
        code: 'TOO_MANY_SIGN_INS',
      });
      expect(answer.headers.get('retry-after')).toBe('3');
    }

    const metrics = await http(platform.url, 'GET', '/metrics');
    expect(String(metrics.body)).toContain(`password_hash_refused_total ${refused.length}`);
    expect(String(metrics.body)).toContain('password_hash_waiting 0');

    expect((await login()).status).toBe(200);
  });
});
