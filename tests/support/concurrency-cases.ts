import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { http, newAccount } from './auth.js';

/**
 * The concurrency cases a database must get right under the platform: run once against the
 * embedded default (`npm start`) and once against a standalone Postgres (DATABASE_URL). The
 * platform under test runs with EMAIL_VERIFICATION=false (registration signs in) and relaxed
 * registration limits, so every answer below comes from the database's behaviour.
 */
export function defineConcurrencyCases(baseUrl: () => string): void {
  it('20 parallel registrations of one name: exactly one 201, the rest 409, no 5xx', async () => {
    const name = `c${randomBytes(3).toString('hex')}`;
    const attempts = Array.from({ length: 20 }, (_, n) =>
      newAccount({ username: name, public_username: `${name}d${n}`, email: `${name}.${n}@example.com` }),
    );
    const results = await Promise.all(
      attempts.map((account) => http(baseUrl(), 'POST', '/api/auth/register', account)),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses, JSON.stringify(results.filter((r) => r.status >= 500).map((r) => r.body))).toEqual([
      201,
      ...Array(19).fill(409),
    ]);
    const created = results.find((result) => result.status === 201)!;
    expect(created.body.user.username).toBe(name);
    // The account that was created can be used at once.
    expect((await http(baseUrl(), 'GET', '/api/auth/profile', undefined, { token: created.body.token })).status).toBe(
      200,
    );
  });

  it('12 parallel chat sends from one player: only 201 and 429, and exactly as many stored as accepted', async () => {
    const account = newAccount();
    const registered = await http(baseUrl(), 'POST', '/api/auth/register', account);
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const token = registered.body.token as string;
    const userId = registered.body.user.id as number;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        http(baseUrl(), 'POST', '/api/chat/messages', { message: `burst ${n}` }, { token }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(
      statuses.every((status) => status === 201 || status === 429),
      JSON.stringify(results.map((r) => [r.status, r.body])),
    ).toBe(true);
    const accepted = statuses.filter((status) => status === 201).length;
    expect(accepted).toBeGreaterThanOrEqual(1);
    // The steady rate plus the burst allowance (CHAT_RATE_LIMIT 1 + CHAT_RATE_BURST 3 by default)
    // is never exceeded, whatever the interleaving.
    expect(accepted).toBeLessThanOrEqual(4);
    const page = await http(baseUrl(), 'GET', '/api/chat/messages?limit=100');
    expect(page.status).toBe(200);
    const stored = (page.body as { userId: number; message: string }[]).filter((message) => message.userId === userId);
    expect(stored.length).toBe(accepted);
    const acceptedTexts = results
      .filter((r) => r.status === 201)
      .map((r) => r.body.message as string)
      .sort();
    expect(stored.map((message) => message.message).sort()).toEqual(acceptedTexts);
  });

  it('200 parallel authenticated reads all answer 200 for the right user', async () => {
    const account = newAccount();
    const registered = await http(baseUrl(), 'POST', '/api/auth/register', account);
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;
    const results = await Promise.all(
      Array.from({ length: 200 }, () => http(baseUrl(), 'GET', '/api/auth/profile', undefined, { token })),
    );
    const wrong = results.filter((result) => result.status !== 200 || result.body.username !== account.username);
    expect(wrong.map((result) => [result.status, result.body])).toEqual([]);
  });
}

/** What the platform under the concurrency cases needs (env overrides). */
export const CONCURRENCY_PLATFORM_ENV = {
  EMAIL_VERIFICATION: 'false',
  RATE_LIMIT_REGISTER_IP: '1000/60',
  RATE_LIMIT_REGISTER_EMAIL: '1000/60',
  ARGON2_MEMORY_KIB: '4096',
  ARGON2_TIME_COST: '1',
} as const;
