import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../server/src/domain/errors.js';
import { PasswordHashChild } from '../../server/src/infra/password-hash-child.js';
import { createArgon2Hasher } from '../../server/src/infra/password-hasher.js';

/**
 * Issue #31: the server hashes passwords in a separate process at nice 19, so 200 sign-ins a second take
 * only the CPU the event loop does not want. Real argon2id, real child processes.
 */
const BASELINE = { memoryKib: 19_456, timeCost: 2, parallelism: 1 };

/** A live (not zombie) process. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Field 19 of /proc/<pid>/task/<tid>/stat (the nice value) of every thread of the process. */
function niceOfEveryThread(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

const hashers: ReturnType<typeof createArgon2Hasher>[] = [];

function childHasher(
  settings: { concurrency?: number; maxWaiting?: number; timeoutMs?: number; cost?: typeof BASELINE } = {},
) {
  return track(
    createArgon2Hasher({
      ...(settings.cost ?? BASELINE),
      concurrency: settings.concurrency ?? 1,
      maxWaiting: settings.maxWaiting,
      process: 'child',
      timeoutMs: settings.timeoutMs ?? 20_000,
    }),
  );
}

function track(hasher: ReturnType<typeof createArgon2Hasher>) {
  hashers.push(hasher);
  return hasher;
}

afterAll(async () => {
  await Promise.all(hashers.map((hasher) => hasher.child?.stop()));
});

describe('the password hashing child', () => {
  it('hashes with the baseline parameters, and its digests verify inline and the inline digests in it', async () => {
    const child = childHasher({ concurrency: 2 });
    const inline = createArgon2Hasher({ ...BASELINE, concurrency: 1 });
    const fromChild = await child.hash('child-password');
    expect(fromChild).toMatch(/^\$argon2id\$v=19\$/);
    expect(
      Object.fromEntries(
        fromChild
          .split('$')[3]!
          .split(',')
          .map((pair) => pair.split('=')),
      ),
    ).toEqual({ m: '19456', t: '2', p: '1' });
    expect(child.child?.pid).toBeGreaterThan(0);
    expect(await inline.verify(fromChild, 'child-password')).toBe(true);
    expect(await inline.verify(fromChild, 'other-password')).toBe(false);
    const fromInline = await inline.hash('inline-password');
    expect(await child.verify(fromInline, 'inline-password')).toBe(true);
    expect(await child.verify(fromInline, 'child-password')).toBe(false);
    expect(await child.verify('not-a-digest', 'x')).toBe(false);
    expect(child.needsRehash(fromChild)).toBe(false);
  });

  it('runs every thread of the child, the argon2 ones included, at nice 19', async () => {
    const hasher = childHasher({ concurrency: 2 });
    await Promise.all([hasher.hash('one-password'), hasher.hash('two-password')]);
    const pid = hasher.child!.pid!;
    const nice = niceOfEveryThread(pid);
    // node's main thread, its platform threads and libuv's pool (where argon2 ran): 7+ threads.
    expect(nice.length).toBeGreaterThan(4);
    expect(new Set(nice)).toEqual(new Set([19]));
    expect(niceOfEveryThread(process.pid)).not.toContain(19);
  });

  it('fails the requests of a child that dies with a clear 503 at once, and hashes on a new child next', async () => {
    const hasher = childHasher();
    await hasher.hash('warm-password');
    const first = hasher.child!.pid!;
    const slow = track(
      createArgon2Hasher({
        ...BASELINE,
        memoryKib: 65_536,
        timeCost: 40,
        concurrency: 1,
        process: 'child',
        timeoutMs: 20_000,
      }),
    );
    await slow.verify('not-a-digest', 'x'); // started
    const victim = slow.child!.pid!;
    const inFlight = slow.hash('never-finished-password').catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const killedAt = performance.now();
    process.kill(victim, 'SIGKILL');
    const failure = await inFlight;
    expect(performance.now() - killedAt).toBeLessThan(2_000);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ kind: 'UNAVAILABLE', code: 'PASSWORD_HASHING_UNAVAILABLE', retryAfterSeconds: 3 });
    expect(slow.semaphore.inFlight).toBe(0);

    expect(await slow.verify('not-a-digest', 'x')).toBe(false);
    expect(slow.child!.pid).not.toBe(victim);
    expect(alive(victim)).toBe(false);
    expect(hasher.child!.pid).toBe(first);
  });

  it('fails a hash that takes longer than the timeout with 503 and replaces the child', async () => {
    const hasher = childHasher({ cost: { memoryKib: 65_536, timeCost: 60, parallelism: 1 }, timeoutMs: 1_000 });
    await hasher.verify('not-a-digest', 'x');
    const stuck = hasher.child!.pid!;
    const askedAt = performance.now();
    const failure = await hasher.hash('slow-password').catch((error: unknown) => error);
    expect(performance.now() - askedAt).toBeLessThan(5_000);
    expect(failure).toMatchObject({ kind: 'UNAVAILABLE', code: 'PASSWORD_HASHING_UNAVAILABLE' });
    await expect.poll(() => alive(stuck)).toBe(false);
    expect(await hasher.verify('not-a-digest', 'x')).toBe(false);
    expect(hasher.child!.pid).not.toBe(stuck);
  });

  it('still refuses at once when the line is full', async () => {
    const hasher = childHasher({ concurrency: 1, maxWaiting: 0 });
    await hasher.verify('not-a-digest', 'x');
    const running = hasher.hash('first-password');
    const askedAt = performance.now();
    expect(() => hasher.turnAwayIfFull()).toThrow(
      expect.objectContaining({ kind: 'UNAVAILABLE', code: 'TOO_MANY_SIGN_INS' }),
    );
    expect(performance.now() - askedAt).toBeLessThan(15);
    expect(await running).toMatch(/^\$argon2id\$/);
  });

  it('is stopped by the shutdown and hashes on a new child afterwards', async () => {
    const hasher = childHasher();
    await hasher.hash('before-password');
    const before = hasher.child!.pid!;
    await hasher.child!.stop();
    expect(alive(before)).toBe(false);
    expect(hasher.child).not.toBeNull();
    await hasher.hash('after-password');
    expect(hasher.child!.pid).not.toBe(before);
  });

  it('exits mid-hash when its parent is killed with SIGKILL (no orphan)', async () => {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const parent = spawn(process.execPath, ['--import', tsx, path.resolve('tests/fixtures/password-hash-parent.ts')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const childPid = await new Promise<number>((resolve, reject) => {
      let out = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /child (\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      parent.once('exit', (code) => reject(new Error(`parent exited early (${code})`)));
    });
    expect(alive(childPid)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    parent.kill('SIGKILL');
    // Well before the hash it was given (64 MiB, 200 passes: over 5 s) could end.
    await expect.poll(() => alive(childPid), { timeout: 2_000 }).toBe(false);
  });
});

describe('PasswordHashChild', () => {
  it('starts no process until asked to hash', () => {
    const child = new PasswordHashChild({ cost: BASELINE, timeoutMs: 1_000 });
    expect(child.pid).toBeUndefined();
  });

  it('fails the requests of a child not ready within its start deadline, however long the request timeout', async () => {
    const never = new PasswordHashChild({ cost: BASELINE, timeoutMs: 60_000, startTimeoutMs: 1 });
    await expect(never.verify('not-a-digest', 'x')).rejects.toMatchObject({ code: 'PASSWORD_HASHING_UNAVAILABLE' });
    await never.stop();
  });
});
