import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client.js';
import { findLedgerProblems } from '../../db/repositories/ledger.repo.js';
import { GAMES_HOUSE_CODES } from '../../db/repositories/house-shards.js';
import { createMigrator } from '../../db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/** Issue #47 point 1: the games house account split into shards on a database that already has its balance. */
describe('migration 20261203_0301: house:games shards', () => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb({ url: database.url, maxConnections: 4 });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const gamesTotal = async () =>
    (
      await sql<{ currency: string; total: string }>`
        select currency, sum(balance_e8)::text as total from ledger_accounts where code = any(${GAMES_HOUSE_CODES}::text[])
        group by currency order by currency`.execute(db)
    ).rows;

  it('keeps house:games and its history as shard 0, creates the other shards at zero, and preserves every total', async () => {
    const migrator = createMigrator(db);
    const before = await migrator.migrateTo('20261202_0902_bingo_many_purchases');
    expect(before.error).toBeUndefined();
    // A played-on house:games: a stake in and a payout out, as the platform wrote them before the shards.
    await sql`insert into ledger_accounts (code, currency, kind) values ('house:games', 'USD', 'house'), ('house:deposits', 'USD', 'house')`.execute(
      db,
    );
    const ids = Object.fromEntries(
      (await sql<{ code: string; id: string }>`select code, id::text as id from ledger_accounts`.execute(db)).rows.map(
        (row) => [row.code, row.id],
      ),
    );
    for (const [key, games] of [
      ['old-stake', 700n],
      ['old-payout', -200n],
    ] as const) {
      await db.transaction().execute(async (trx) => {
        const tx = await sql<{ id: string }>`
          insert into ledger_transactions (idempotency_key, kind, memo) values (${key}, 'bet', '{}') returning id::text as id`.execute(
          trx,
        );
        await sql`
          update ledger_accounts set balance_e8 = balance_e8 + case when code = 'house:games' then ${games}::bigint else ${-games}::bigint end
          where code in ('house:games', 'house:deposits')`.execute(trx);
        const after = await sql<{ code: string; balance: string }>`
          select code, balance_e8::text as balance from ledger_accounts where code in ('house:games', 'house:deposits')`.execute(
          trx,
        );
        const of = (code: string) => after.rows.find((row) => row.code === code)!.balance;
        await sql`insert into ledger_entries (transaction_id, account_id, currency, amount_e8, balance_after_e8) values
          (${tx.rows[0]!.id}, ${ids['house:games']}, 'USD', ${games}, ${of('house:games')}),
          (${tx.rows[0]!.id}, ${ids['house:deposits']}, 'USD', ${-games}, ${of('house:deposits')})`.execute(trx);
      });
    }
    expect(await gamesTotal()).toEqual([{ currency: 'USD', total: '500' }]);

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();
    expect(await gamesTotal()).toEqual([
      { currency: 'BZU', total: '0' },
      { currency: 'USD', total: '500' },
    ]);
    const shards = await sql<{ code: string; currency: string; balance: string; id: string }>`
      select code, currency, balance_e8::text as balance, id::text as id from ledger_accounts
      where code = any(${GAMES_HOUSE_CODES}::text[]) order by code, currency`.execute(db);
    // 16 shards in each currency (house:games had no BZU row yet: created with the others).
    expect(shards.rows).toHaveLength(32);
    expect(shards.rows.find((row) => row.code === 'house:games' && row.currency === 'USD')).toMatchObject({
      balance: '500',
      id: ids['house:games'],
    });
    expect(await findLedgerProblems(db)).toEqual([]);
  });
});
