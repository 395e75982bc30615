import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** How long the app waits for Postgres before it answers 503 instead of hanging (see env.ts). */
export interface DbTimeouts {
  /** A new connection that is not established within this is given up (pool connectionTimeoutMillis). */
  connectTimeoutMs: number;
  /** The server cancels any statement running longer (statement_timeout, per connection). */
  statementTimeoutMs: number;
  /** The server ends a session that sits idle inside a transaction this long (idle_in_transaction_session_timeout). */
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  connectTimeoutMs: 2_000,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
};

export interface DbOptions extends Partial<DbTimeouts> {
  url: string;
  maxConnections?: number;
}

export function createDb({ url, maxConnections = 10, ...timeouts }: DbOptions): Db {
  const { connectTimeoutMs, statementTimeoutMs, idleInTransactionTimeoutMs } = { ...DEFAULT_DB_TIMEOUTS, ...stripUndefined(timeouts) };
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    // Sent as startup parameters, so they hold for every session of the pool.
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: idleInTransactionTimeoutMs,
    keepAlive: true,
  });
  // A dropped idle connection must not crash the process; the pool replaces it on the next checkout.
  pool.on('error', () => undefined);
  // Nor one that is checked out but between statements (inside a transaction) when the server goes
  // away: pg emits 'error' on the client, which without a listener ends the process. Its next query
  // fails instead ("not queryable", a 503), and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
