import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from '../../db/client.js';
import { migrateToLatest } from '../../db/migrate.js';
import { TEST_POSTGRES_ADMIN_URL } from './services.js';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the real server; every test file gets its own, so files run in parallel. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `bzu_test_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** A migrated database with a Kysely handle, for repository and service tests. */
export async function createMigratedDb(): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const database = await createTestDatabase();
  const db = createDb({ url: database.url, maxConnections: 20 });
  await migrateToLatest(db);
  return {
    db,
    url: database.url,
    async drop() {
      await db.destroy();
      await database.drop();
    },
  };
}
