import fs from 'node:fs';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHashLine } from '../../server/src/infra/password-hasher.js';
import { http, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';

/**
 * Issue #31: the platform hashes passwords in a child process at nice 19 (PASSWORD_HASH_PROCESS=child, the
 * default). A login whose hashing child dies is answered 503 at once, the next login hashes on a new child,
 * and the platform's shutdown stops the child.
 */

/** This process's hashing children (the platform runs in the test's process). */
function hashingChildren(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return (
          state !== 'Z' &&
          Number(ppid) === process.pid &&
          fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('password-hash-process')
        );
      } catch {
        return false; // Ended while we looked.
      }
    })
    .map(Number);
}

describe('sign-ins hashed in a child process', () => {
  let platform: TestPlatform | undefined;

  beforeAll(async () => {
    platform = await startTestPlatform({ ...RELAXED_LIMITS, PASSWORD_HASH_CONCURRENCY: '1' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('answers 503 when the child dies mid-login, signs in on a new child next, and stops the child at shutdown', async () => {
    const running = platform!;
    const player = await signedInAccount(running, {}, '10.72.0.1');
    const [first] = hashingChildren();
    expect(hashingChildren()).toHaveLength(1);
    const login = () =>
      http(
        running.url,
        'POST',
        '/api/auth/login',
        { login_name: player.account.username, password: player.account.password },
        { ip: '10.72.0.1' },
      );

    // A stored digest whose verify takes a second or more, so the child is surely mid-hash when killed.
    const normal = await running.platform.infra.db
      .selectFrom('users')
      .select('password_hash')
      .where('login_name', '=', player.account.username)
      .executeTakeFirstOrThrow();
    const slow = await argon2.hash(player.account.password, {
      type: argon2.argon2id,
      memoryCost: 65_536,
      timeCost: 30,
      parallelism: 1,
    });
    await running.platform.infra.db
      .updateTable('users')
      .set({ password_hash: slow })
      .where('login_name', '=', player.account.username)
      .execute();
    const answer = login();
    await expect.poll(() => passwordHashLine.running, { interval: 5 }).toBe(1);
    process.kill(first!, 'SIGKILL');
    const died = await answer;
    expect(died.status, JSON.stringify(died.body)).toBe(503);
    expect(died.body).toMatchObject({
      code: 'PASSWORD_HASHING_UNAVAILABLE',
      message: 'Signing in is briefly unavailable, try again in a few seconds',
    });
    expect(died.headers.get('retry-after')).toBe('3');

    await running.platform.infra.db
      .updateTable('users')
      .set({ password_hash: normal.password_hash })
      .where('login_name', '=', player.account.username)
      .execute();
    expect((await login()).status).toBe(200);
    const [second] = hashingChildren();
    expect(second).toBeGreaterThan(0);
    expect(second).not.toBe(first);

    await running.stop();
    platform = undefined;
    expect(hashingChildren()).toEqual([]);
  });
});
