import { createDb, type Db, type DbTimeouts } from './client.js';
import { embeddedDatabaseUrl, isEmbeddedPostgresRunning, startEmbeddedPostgres } from './embedded.js';

export interface OpenDatabase {
  db: Db;
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Host the embedded server in this process when no other process serves it yet. */
  hostEmbedded: boolean;
  timeouts?: Partial<DbTimeouts>;
  /** Name frequent statements (see db/prepared-statements.ts); default on. */
  preparedStatements?: boolean;
}

/**
 * One way to reach Postgres for every entry point: the configured server, or the embedded one under
 * DATA_DIR (hosted by whichever process finds it not yet running, normally the launcher). Both are
 * reached through the same pg pool.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const db = createDb({
      url: options.databaseUrl,
      ...options.timeouts,
      preparedStatements: options.preparedStatements,
    });
    return { db, url: options.databaseUrl, embedded: false, close: () => db.destroy() };
  }
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!(await isEmbeddedPostgresRunning(options.dataDir))) {
    if (!options.hostEmbedded) {
      throw new Error(
        `No DATABASE_URL is set and the embedded database under ${options.dataDir} is not running: start it with "npm start" or set DATABASE_URL.`,
      );
    }
    stopEmbedded = (await startEmbeddedPostgres(options.dataDir)).stop;
  }
  const url = embeddedDatabaseUrl(options.dataDir);
  const db = createDb({ url, ...options.timeouts, preparedStatements: options.preparedStatements });
  return {
    db,
    url,
    embedded: true,
    async close() {
      await db.destroy();
      await stopEmbedded?.();
    },
  };
}
