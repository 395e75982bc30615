import { loadEnv } from '../server/src/env.js';
import { migrateToLatest } from './migrate.js';
import { openDatabase } from './open.js';

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, hostEmbedded: true });
try {
  const { results = [] } = await migrateToLatest(database.db);
  for (const result of results) console.log(`${result.status}: ${result.migrationName}`);
  console.log(results.length ? `Applied ${results.length} migration(s).` : 'Database is up to date.');
} finally {
  await database.close();
}
