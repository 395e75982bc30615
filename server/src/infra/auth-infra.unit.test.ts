import fc from 'fast-check';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors.js';
import { loadEnv } from '../env.js';
import { isCommonPassword, commonPasswords } from './common-passwords.js';
import { createArgon2Hasher, passwordHashLine, Semaphore } from './password-hasher.js';
import { tooManyRequestsMessage } from './rate-limiter.js';

describe('Semaphore', () => {
  it('never runs more than its limit at once and runs every task', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 25 }),
        async (limit, delays) => {
          const semaphore = new Semaphore(limit);
          let running = 0;
          let peak = 0;
          const results = await Promise.all(
            delays.map((delay, i) =>
              semaphore.run(async () => {
                running += 1;
                peak = Math.max(peak, running);
                await new Promise((resolve) => setTimeout(resolve, delay));
                running -= 1;
                return i;
              }),
            ),
          );
          expect(results).toEqual(delays.map((_, i) => i));
          expect(peak).toBeLessThanOrEqual(limit);
          expect(semaphore.inFlight).toBe(0);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('frees its slot when a task fails', async () => {
    const semaphore = new Semaphore(1);
    await expect(semaphore.run(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(semaphore.run(async () => 'ok')).resolves.toBe('ok');
  });
});

describe('argon2id hasher', () => {
  it('hashes with the baseline parameters, two at a time, and verifies', async () => {
    const hasher = createArgon2Hasher({ memoryKib: 19_456, timeCost: 2, parallelism: 1, concurrency: 2 });
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, hasher.semaphore.inFlight)), 1);
    const digests = await Promise.all(['one-password', 'two-password', 'three-password'].map((p) => hasher.hash(p)));
    clearInterval(watch);
    expect(peak).toBeLessThanOrEqual(2);
    expect(digests[0]).toMatch(/^\$argon2id\$v=19\$/);
    const params = Object.fromEntries(
      digests[0]!
        .split('$')[3]!
        .split(',')
        .map((pair) => pair.split('=')),
    );
    expect(params).toEqual({ m: '19456', t: '2', p: '1' });
    expect(await hasher.verify(digests[0]!, 'one-password')).toBe(true);
    expect(await hasher.verify(digests[0]!, 'two-password')).toBe(false);
    expect(await hasher.verify('not-a-digest', 'x')).toBe(false);
    expect(hasher.needsRehash(digests[0]!)).toBe(false);
    const stronger = createArgon2Hasher({ memoryKib: 20_480, timeCost: 2, parallelism: 1, concurrency: 1 });
    expect(stronger.needsRehash(digests[0]!)).toBe(true);
  });
});

describe('the sign-in line', () => {
  it('turns a sign-in away at once while the line is full, lets a password re-check wait its turn, and takes sign-ins again once it drains', async () => {
    const hasher = createArgon2Hasher({
      memoryKib: 19_456,
      timeCost: 2,
      parallelism: 1,
      concurrency: 1,
      maxWaiting: 2,
    });
    const refusedBefore = passwordHashLine.refused;
    const line = ['first-password', 'second-password', 'third-password'].map((p) => hasher.hash(p));
    expect([hasher.semaphore.inFlight, hasher.semaphore.queued]).toEqual([1, 2]);
    expect([passwordHashLine.running, passwordHashLine.waiting]).toEqual([1, 2]);
    expect(hasher.hasRoom()).toBe(false);

    const askedAt = performance.now();
    const refusal = (() => {
      try {
        hasher.turnAwayIfFull();
        return null;
      } catch (error) {
        return error;
      }
    })();
    // Answered without waiting for a hash (one is ~25-40 ms of a core; three are in line).
    expect(performance.now() - askedAt).toBeLessThan(15);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      kind: 'UNAVAILABLE',
      code: 'TOO_MANY_SIGN_INS',
      message: 'Too many sign-ins at once, try again in a few seconds',
      retryAfterSeconds: 3,
    });
    expect(passwordHashLine.refused).toBe(refusedBefore + 1);
    // A sign-in that got past the first check before the line filled is turned away at its hash.
    await expect(
      hasher.verify('$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', 'x', { signIn: true }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_SIGN_INS' });
    expect(passwordHashLine.refused).toBe(refusedBefore + 2);
    // A signed-in player's re-check is not a sign-in: it queues behind the line instead of failing.
    const recheck = hasher.verify('$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', 'fourth-password');
    expect(hasher.semaphore.queued).toBe(3);
    expect(await recheck).toBe(false);

    const digests = await Promise.all(line);
    expect(digests.every((digest) => digest.startsWith('$argon2id$'))).toBe(true);
    expect([hasher.semaphore.inFlight, hasher.semaphore.queued]).toEqual([0, 0]);
    expect([passwordHashLine.running, passwordHashLine.waiting]).toEqual([0, 0]);
    expect(hasher.hasRoom()).toBe(true);
    expect(await hasher.verify(digests[0]!, 'first-password')).toBe(true);
  });

  it('with no room to wait, still lets a sign-in in when a slot is free', async () => {
    const hasher = createArgon2Hasher({
      memoryKib: 19_456,
      timeCost: 2,
      parallelism: 1,
      concurrency: 1,
      maxWaiting: 0,
    });
    expect(() => hasher.turnAwayIfFull()).not.toThrow();
    const running = hasher.hash('only-password');
    expect(() => hasher.turnAwayIfFull()).toThrow(expect.objectContaining({ code: 'TOO_MANY_SIGN_INS' }));
    expect(await hasher.verify(await running, 'only-password')).toBe(true);
  });
});

describe('common passwords', () => {
  it('ships a list of well over 1000 and matches case-insensitively', () => {
    expect(commonPasswords().size).toBeGreaterThan(1000);
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('Tr0ub4dor&3-horse-battery')).toBe(false);
  });
});

describe('rate limit messages', () => {
  it('start with "Too Many Requests" and say how long to wait', () => {
    expect(tooManyRequestsMessage(30)).toBe('Too Many Requests: please wait 30 seconds before trying again.');
    expect(tooManyRequestsMessage(900)).toBe('Too Many Requests: please wait 15 minutes before trying again.');
  });
});

describe('auth configuration', () => {
  it('has secure defaults and parses "<points>/<seconds>" limits', () => {
    const env = loadEnv({ RATE_LIMIT_LOGIN_IP: '5/60' });
    expect(env.EMAIL_VERIFICATION).toBe(true);
    expect([env.ARGON2_MEMORY_KIB, env.ARGON2_TIME_COST, env.ARGON2_PARALLELISM]).toEqual([19_456, 2, 1]);
    // One hash per core but one (a core stays free for everything else during a burst of sign-ins), and a bounded line.
    expect(env.PASSWORD_HASH_CONCURRENCY).toBe(Math.max(1, os.availableParallelism() - 1));
    expect(env.PASSWORD_HASH_QUEUE_MAX).toBe(32);
    expect(loadEnv({ PASSWORD_HASH_CONCURRENCY: '3', PASSWORD_HASH_QUEUE_MAX: '0' })).toMatchObject({
      PASSWORD_HASH_CONCURRENCY: 3,
      PASSWORD_HASH_QUEUE_MAX: 0,
    });
    expect(env.RATE_LIMIT_LOGIN_IP).toEqual({ points: 5, durationSeconds: 60 });
    expect(env.RATE_LIMIT_LOGIN_ACCOUNT).toEqual({ points: 10, durationSeconds: 900 });
    expect(env.SESSION_TTL_MS).toBe(86_400_000);
    expect(loadEnv({ EMAIL_VERIFICATION: 'false' }).EMAIL_VERIFICATION).toBe(false);
    expect(() => loadEnv({ RATE_LIMIT_LOGIN_IP: 'lots' })).toThrow(/RATE_LIMIT_LOGIN_IP/);
  });

  it('refuses argon2 below the baseline except in tests', () => {
    expect(() => loadEnv({ ARGON2_MEMORY_KIB: '4096' })).toThrow(/ARGON2_MEMORY_KIB must be >= 19456/);
    expect(() => loadEnv({ NODE_ENV: 'production', ARGON2_TIME_COST: '1' })).toThrow(/ARGON2/);
    expect(loadEnv({ NODE_ENV: 'test', ARGON2_MEMORY_KIB: '4096' }).ARGON2_MEMORY_KIB).toBe(4096);
  });
});
