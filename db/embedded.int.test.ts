import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './client.js';
import { isEmbeddedPostgresRunning, startEmbeddedPostgres } from './embedded.js';
import { migrateToLatest } from './migrate.js';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bzu-pglite-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('embedded Postgres (PGlite over pglite-socket)', () => {
  it('runs the same migrations, round-trips rows through the pg driver, and keeps them across restarts', async () => {
    const first = await startEmbeddedPostgres(dataDir);
    expect(await isEmbeddedPostgresRunning(dataDir)).toBe(true);
    const db = createDb({ url: first.url, maxConnections: 4 });
    const { results = [] } = await migrateToLatest(db);
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.status === 'Success')).toBe(true);

    await db.insertInto('app_settings').values({ key: 'probe', value: JSON.stringify({ n: 42 }) }).execute();
    // Concurrent transactions from several pool connections are serialized by the socket server.
    await Promise.all(
      [1, 2, 3, 4].map((n) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('app_settings').values({ key: `tx-${n}`, value: JSON.stringify(n) }).execute();
        }),
      ),
    );
    const { rows } = await sql<{ count: string }>`select count(*) as count from app_settings`.execute(db);
    expect(Number(rows[0]!.count)).toBe(5);
    await db.destroy();
    await first.stop();
    expect(await isEmbeddedPostgresRunning(dataDir)).toBe(false);

    const second = await startEmbeddedPostgres(dataDir);
    const again = createDb({ url: second.url, maxConnections: 2 });
    try {
      expect((await migrateToLatest(again)).results).toEqual([]);
      const probe = await again.selectFrom('app_settings').select('value').where('key', '=', 'probe').executeTakeFirstOrThrow();
      expect(probe.value).toEqual({ n: 42 });
    } finally {
      await again.destroy();
      await second.stop();
    }
  }, 60_000);
});
