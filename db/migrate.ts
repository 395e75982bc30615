import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Db } from './client.js';

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Loads db/migrations/*.ts in name order. The import happens here rather than inside kysely's
 * FileMigrationProvider so that whatever runs the app's TypeScript (tsx, vitest) also loads these.
 */
class MigrationFolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(migrationFolder)).filter((file) => /^\d{8}_\d{4}_[a-z0-9_]+\.ts$/.test(file)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.ts$/, '')] = (await import(
        pathToFileURL(path.join(migrationFolder, file)).href
      )) as Migration;
    }
    return migrations;
  }
}

export function createMigrator(db: Db): Migrator {
  // Migrations written on parallel branches land with dates out of order; each still runs once.
  return new Migrator({ db, provider: new MigrationFolderProvider(), allowUnorderedMigrations: true });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const result = await createMigrator(db).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed} failed: ${reason}`);
  }
  return result;
}
