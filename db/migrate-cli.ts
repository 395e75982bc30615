import { loadDatabaseLocation } from './config.js';
import { migrateToLatest } from './migrate.js';
import { openDatabase } from './open.js';

const location = loadDatabaseLocation();
const database = await openDatabase({ ...location, hostEmbedded: true });
try {
  const { results = [] } = await migrateToLatest(database.db);
  for (const result of results) console.log(`${result.status}: ${result.migrationName}`);
  console.log(results.length ? `Applied ${results.length} migration(s).` : 'Database is up to date.');
} finally {
  await database.close();
}
