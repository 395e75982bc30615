import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

const migrationFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

/** Names the migrated template by what the migrations say, so a changed or added migration builds a new one. */
async function templateName(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await readdir(migrationFolder)).filter((name) => name.endsWith('.ts')).sort()) {
    hash.update(file).update(await readFile(path.join(migrationFolder, file)));
  }
  return `bzu_template_${hash.digest('hex').slice(0, 16)}`;
}

/**
 * A database every migration has run on, kept between runs as the template of the tests' databases: migrating a
 * fresh database took 2-7 s and every platform a test starts needs one (hundreds a run); copying it takes a fraction
 * of that. Built under a temporary name and renamed once complete, so a run (or a parallel one) never copies a
 * half-migrated template; whoever loses the race drops its copy.
 */
async function buildTemplate(): Promise<string> {
  const name = await templateName();
  const exists = await admin((client) => client.query('select 1 from pg_database where datname = $1', [name]));
  if (exists.rowCount) return name;
  const building = `${name}_building_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${building}`));
  const url = new URL(TEST_POSTGRES_ADMIN_URL);
  url.pathname = `/${building}`;
  const db = createDb({ url: url.toString(), maxConnections: 2 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  await admin(async (client) => {
    try {
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      if ((error as { code?: string }).code !== '42P04') throw error; // duplicate_database: another run built it first
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    }
  });
  return name;
}

let template: Promise<string> | undefined;

/** The migrated template, built at most once per process (the test run's global setup builds it up front). */
export function migratedTemplate(): Promise<string> {
  template ??= buildTemplate().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return template;
}

/**
 * A fresh database on the real server; every test file gets its own, so files run in parallel. Empty by default;
 * `migrated` copies it from the migrated template (the platform's own migration run then finds nothing to do).
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `bzu_test_${randomBytes(6).toString('hex')}`;
  const source = options.migrated ? ` TEMPLATE ${await migratedTemplate()}` : '';
  await admin((client) => client.query(`CREATE DATABASE ${name}${source}`));
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
  const database = await createTestDatabase({ migrated: true });
  const db = createDb({ url: database.url, maxConnections: 20 });
  return {
    db,
    url: database.url,
    async drop() {
      await db.destroy();
      await database.drop();
    },
  };
}
