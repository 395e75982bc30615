import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/support/database.js';
import { createDb, type Db } from './client.js';

/** What the server holds for the connection that runs this: its named prepared statements. */
async function preparedOnConnection(db: Db): Promise<string[]> {
  return db.connection().execute(async (connection) => {
    for (let run = 0; run < 6; run += 1) await sql`select ${run}::int + 1 as n`.execute(connection);
    const { rows } = await sql<{
      statement: string;
    }>`select statement from pg_prepared_statements where name like 'bzu_%'`.execute(connection);
    return rows.map((row) => row.statement);
  });
}

describe('named prepared statements (real Postgres)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('prepares a statement that runs often, once per connection, and its answers stay right', async () => {
    const db = createDb({ url: database.url, maxConnections: 1 });
    try {
      const statements = await preparedOnConnection(db);
      expect(statements).toContain('select $1::int + 1 as n');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => sql<{ n: number }>`select ${i}::int + 1 as n`.execute(db)),
      );
      expect(answers.map((answer) => answer.rows[0]!.n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    } finally {
      await db.destroy();
    }
  });

  it('prepares nothing when switched off (a pooler in transaction mode)', async () => {
    const db = createDb({ url: database.url, maxConnections: 1, preparedStatements: false });
    try {
      expect(await preparedOnConnection(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('leaves statements without values on the simple protocol, so several statements still run as one', async () => {
    const db = createDb({ url: database.url, maxConnections: 1 });
    try {
      for (let run = 0; run < 4; run += 1) {
        await sql`create temporary table if not exists scratch (n int); insert into scratch values (1)`.execute(db);
      }
      const { rows } = await sql<{ n: string }>`select count(*)::text as n from scratch`.execute(db);
      expect(rows[0]!.n).toBe('4');
    } finally {
      await db.destroy();
    }
  });
});
