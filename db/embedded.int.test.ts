import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { chmod, chown, readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './client.js';
import { embeddedLayout, isEmbeddedPostgresRunning, startEmbeddedPostgres } from './embedded.js';
import { migrateToLatest } from './migrate.js';
import { isDatabaseUnavailable } from './unavailable.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function tempDataDir(prefix = 'bzu-pg-'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

describe('embedded PostgreSQL (a real server on a Unix socket under DATA_DIR)', () => {
  it('runs the migrations, serves many parallel parameterised queries correctly, and keeps its data across restarts', async () => {
    const dataDir = await tempDataDir();
    const first = await startEmbeddedPostgres(dataDir);
    expect(await isEmbeddedPostgresRunning(dataDir)).toBe(true);
    const db = createDb({ url: first.url });
    const { results = [] } = await migrateToLatest(db);
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.status === 'Success')).toBe(true);

    await db
      .insertInto('app_settings')
      .values({ key: 'probe', value: JSON.stringify({ n: 42 }) })
      .execute();
    // Many sessions at once, each with its own parameters (what PGlite's single session mixed up).
    const echoes = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        sql<{ a: number; b: string }>`select ${n}::int as a, ${`v${n}`}::text as b`.execute(db),
      ),
    );
    expect(echoes.map(({ rows }) => rows[0])).toEqual(Array.from({ length: 40 }, (_, n) => ({ a: n, b: `v${n}` })));
    await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('app_settings')
            .values({ key: `tx-${n}`, value: JSON.stringify(n) })
            .execute();
        }),
      ),
    );
    const { rows } = await sql<{
      count: string;
    }>`select count(*) as count from app_settings where key like 'tx-%' or key = 'probe'`.execute(db);
    expect(Number(rows[0]!.count)).toBe(7);
    // Fail-fast settings reach every session.
    const settings = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db);
    expect(settings.rows[0]!.statement_timeout).toBe('15s');
    await db.destroy();
    await first.stop();
    expect(await isEmbeddedPostgresRunning(dataDir)).toBe(false);

    const second = await startEmbeddedPostgres(dataDir);
    const again = createDb({ url: second.url });
    try {
      expect((await migrateToLatest(again)).results).toEqual([]);
      const probe = await again
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', 'probe')
        .executeTakeFirstOrThrow();
      expect(probe.value).toEqual({ n: 42 });
    } finally {
      await again.destroy();
      await second.stop();
    }
  }, 60_000);

  it('starts past a stale postmaster.pid whose pid now belongs to another program, and puts the socket of a long DATA_DIR under the temp dir', async () => {
    const base = await tempDataDir();
    // A project folder as usual (mkdtemp's is private): the server user must be able to pass it.
    await chmod(base, 0o755);
    const dataDir = path.join(
      base,
      'a-rather-long-folder-name-for-a-data-dir',
      'and-another-level-to-pass-the-socket-limit',
    );
    const first = await startEmbeddedPostgres(dataDir);
    const layout = embeddedLayout(dataDir);
    expect(layout.socketDir.startsWith(dataDir)).toBe(false);
    const pidFile = path.join(layout.pgData, 'postmaster.pid');
    const lockLines = (await readFile(pidFile, 'utf8')).split('\n');
    await first.stop();

    // As after a crash and a reboot: the lock file is back and names a live process that is not postgres.
    lockLines[0] = String(process.pid);
    await writeFile(pidFile, lockLines.join('\n'));
    const second = await startEmbeddedPostgres(dataDir);
    const db = createDb({ url: second.url });
    try {
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows[0]!.one).toBe(1);
    } finally {
      await db.destroy();
      await second.stop();
      await rm(layout.socketDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('a connection held inside a transaction when the server stops fails its next query as unavailable, and the pool recovers', async () => {
    const dataDir = await tempDataDir();
    const first = await startEmbeddedPostgres(dataDir);
    const db = createDb({ url: first.url });
    try {
      let stopped!: () => void;
      let inside!: () => void;
      const serverGone = new Promise<void>((resolve) => (stopped = resolve));
      const holding = new Promise<void>((resolve) => (inside = resolve));
      const transaction = db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        inside();
        await serverGone;
        await sql`select 2`.execute(trx);
      });
      const outcome = transaction.then(
        () => 'committed',
        (error: unknown) => error,
      );
      await holding;
      // The server ends every session (57P01) while this one sits between two statements: without
      // an error listener on checked-out clients, pg's 'error' event would end this process.
      await first.stop();
      stopped();
      expect(isDatabaseUnavailable(await outcome)).toBe(true);
      const refused = await sql`select 1`.execute(db).then(
        () => 'answered',
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(refused)).toBe(true);

      const second = await startEmbeddedPostgres(dataDir);
      try {
        const { rows } = await sql<{ three: number }>`select 3 as three`.execute(db);
        expect(rows[0]!.three).toBe(3);
      } finally {
        await db.destroy();
        await second.stop();
      }
    } finally {
      await first.stop();
    }
  }, 60_000);

  it('runs for an unprivileged user as that user (root is tested by every other case here)', async () => {
    const home = await tempDataDir();
    const asRoot = process.getuid?.() === 0;
    // nobody (65534) stands in for an ordinary user; tsx keeps its cache under TMPDIR.
    if (asRoot) await chown(home, 65534, 65534);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'tests/support/embedded-probe.ts', path.join(home, 'data')],
      {
        env: { ...process.env, HOME: home, TMPDIR: home },
        ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
      },
    );
    const seen = JSON.parse(stdout.trim().split('\n').pop()!) as {
      user: string;
      answer: number;
      owner: number;
      uid: number;
    };
    expect(seen.user).toBe('postgres');
    expect(seen.answer).toBe(42);
    expect(seen.owner).toBe(seen.uid);
  }, 60_000);
});
