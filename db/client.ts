import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { StatementNamer } from './prepared-statements.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** How long the app waits for Postgres before it answers 503 instead of hanging (see env.ts). */
export interface DbTimeouts {
  /** A new connection that is not established within this is given up (pool connectionTimeoutMillis). */
  connectTimeoutMs: number;
  /** A request waiting this long for a free pooled connection is given up (503): a burst queues instead of failing. */
  poolWaitTimeoutMs: number;
  /** The server cancels any statement running longer (statement_timeout, per connection). */
  statementTimeoutMs: number;
  /** The server ends a session that sits idle inside a transaction this long (idle_in_transaction_session_timeout). */
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  connectTimeoutMs: 2_000,
  poolWaitTimeoutMs: 10_000,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
};

export interface DbOptions extends Partial<DbTimeouts> {
  url: string;
  maxConnections?: number;
  /** Run frequent statements as named prepared statements (default true; see prepared-statements.ts). */
  preparedStatements?: boolean;
}

export function createDb({ url, maxConnections = 10, preparedStatements = true, ...timeouts }: DbOptions): Db {
  const { connectTimeoutMs, poolWaitTimeoutMs, statementTimeoutMs, idleInTransactionTimeoutMs } = {
    ...DEFAULT_DB_TIMEOUTS,
    ...stripUndefined(timeouts),
  };
  // pg-pool uses one timeout for both waiting in its queue and opening a connection. A burst of
  // requests must queue for a slot, while an unanswering server must fail fast: the pool gets the
  // long wait and each new connection its own short connect timeout.
  const namer = preparedStatements ? new StatementNamer() : undefined;
  class FailFastClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    }

    // Kysely passes (text, values). A statement without values stays on the simple protocol: it may hold several
    // statements (migrations), which a prepared statement cannot.
    override query(...args: unknown[]): never {
      const [text, values] = args;
      const name =
        namer && typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2
          ? namer.nameFor(text)
          : undefined;
      if (!name) return (super.query as (...rest: unknown[]) => never).apply(this, args);
      // A Query built from text is not copied property by property as a config object would be (a measurable cost
      // per statement); as a submittable it gets no promise from pg, so it gets one here.
      const query = new pg.Query(text as string, values as unknown[]) as pg.Query & {
        name: string;
        callback: (error: Error | null, result: unknown) => void;
      };
      query.name = name;
      const submit = super.query.bind(this) as (query: unknown) => unknown;
      return new Promise((resolve, reject) => {
        query.callback = (error, result) => (error ? reject(error) : resolve(result));
        submit(query);
      }) as never;
    }
  }
  const pool = new pg.Pool({
    Client: FailFastClient,
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: Math.max(poolWaitTimeoutMs, connectTimeoutMs),
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
