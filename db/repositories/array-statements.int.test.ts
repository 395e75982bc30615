import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDb } from '../../tests/support/database.js';
import type { Db } from '../client.js';
import { insertOutboxEvent, markOutboxEventsPublished } from './event-outbox.repo.js';
import { applyDelta, balancesOfAccounts, ensureAccounts } from './ledger.repo.js';

/**
 * The grouped statements that take a list as one array parameter (one text for any length, so it is prepared once)
 * answer as their IN-list versions did, for one value and for many, against real Postgres.
 */
describe('statements with an array parameter (real Postgres)', () => {
  let database: Awaited<ReturnType<typeof createMigratedDb>>;
  let db: Db;
  beforeAll(async () => {
    database = await createMigratedDb();
    db = database.db;
  });
  afterAll(async () => {
    await database.drop();
  });

  it('balancesOfAccounts: the balances of the codes asked for, in the currency asked for, and nothing else', async () => {
    const ids = await ensureAccounts(db, [
      { code: 'house:a', currency: 'BZU', kind: 'house', userId: null },
      { code: 'house:b', currency: 'BZU', kind: 'house', userId: null },
      { code: 'house:a', currency: 'USD', kind: 'house', userId: null },
    ]);
    await applyDelta(db, ids.get('house:a/BZU')!, 7n);
    await applyDelta(db, ids.get('house:b/BZU')!, 11n);
    await applyDelta(db, ids.get('house:a/USD')!, 13n);
    expect(await balancesOfAccounts(db, ['house:a', 'house:b', 'house:none'], 'BZU')).toEqual(new Map([['house:a', 7n], ['house:b', 11n]]));
    expect(await balancesOfAccounts(db, ['house:a'], 'USD')).toEqual(new Map([['house:a', 13n]]));
    expect(await balancesOfAccounts(db, [], 'USD')).toEqual(new Map());
  });

  it('markOutboxEventsPublished: marks exactly the ids given', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4]) ids.push(await insertOutboxEvent(db, { type: 'balance-update', payload: { n } }));
    await markOutboxEventsPublished(db, [ids[0]!, ids[2]!]);
    await markOutboxEventsPublished(db, [ids[3]!]);
    const rows = await sql<{ id: string; published: boolean }>`
      select id::text, published_at is not null as published from event_outbox where id = any(${ids}::bigint[])`.execute(db);
    const published = new Map(rows.rows.map((row) => [row.id, row.published]));
    expect(ids.map((id) => published.get(id))).toEqual([true, false, true, true]);
  });
});
