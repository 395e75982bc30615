import pg from 'pg';
import { Redis } from 'ioredis';
import { migratedTemplate } from './database.js';
import { TEST_POSTGRES_ADMIN_URL, TEST_REDIS_URL } from './services.js';

/**
 * Fails the run at once, with a clear line, when the services the tests need are not there; then builds the migrated
 * template the tests' databases are copied from, once, before the workers start.
 */
export default async function checkServices(): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`Integration tests need Postgres at ${TEST_POSTGRES_ADMIN_URL}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3_000 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Integration tests need Redis at ${TEST_REDIS_URL}: ${(error as Error).message}`);
  } finally {
    redis.disconnect();
  }
  await migratedTemplate();
}
