import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDb } from '../../tests/support/database.js';
import type { Db } from '../client.js';
import { addPlayersXp, insertBetEconomy, type BetEconomyInsert } from './economy.repo.js';
import { insertOutboxEvent, markOutboxEventsPublished } from './event-outbox.repo.js';
import { applyDelta, balancesOfAccounts, ensureAccounts } from './ledger.repo.js';

/**
 * The grouped statements that take their lists as array parameters (one text for any length, so it is prepared once)
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
    expect(await balancesOfAccounts(db, ['house:a', 'house:b', 'house:none'], 'BZU')).toEqual(
      new Map([
        ['house:a', 7n],
        ['house:b', 11n],
      ]),
    );
    expect(await balancesOfAccounts(db, ['house:a'], 'USD')).toEqual(new Map([['house:a', 13n]]));
    expect(await balancesOfAccounts(db, [], 'USD')).toEqual(new Map());
  });

  it('markOutboxEventsPublished: marks exactly the ids given', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4]) ids.push(await insertOutboxEvent(db, { type: 'balance-update', payload: { n } }));
    await markOutboxEventsPublished(db, [ids[0]!, ids[2]!]);
    await markOutboxEventsPublished(db, [ids[3]!]);
    const rows = await sql<{ id: string; published: boolean }>`
      select id::text, published_at is not null as published from event_outbox where id = any(${ids}::bigint[])`.execute(
      db,
    );
    const published = new Map(rows.rows.map((row) => [row.id, row.published]));
    expect(ids.map((id) => published.get(id))).toEqual([true, false, true, true]);
  });

  const newUser = async (name: string) =>
    (
      await sql<{ id: number }>`
        insert into users (login_name, public_username, email, password_hash) values (${name}, ${name}, ${`${name}@repo.test`}, 'x') returning id`.execute(
        db,
      )
    ).rows[0]!.id;

  it('addPlayersXp: adds to each player (a row on first use) and answers the new totals and stored ranks', async () => {
    const [a, b] = [await newUser('xpa'), await newUser('xpb')];
    expect(
      await addPlayersXp(db, [
        { userId: b, xpE8: 5n },
        { userId: a, xpE8: 3n },
      ]),
    ).toEqual(
      new Map([
        [a, { xpE8: 3n, rank: 'unranked' }],
        [b, { xpE8: 5n, rank: 'unranked' }],
      ]),
    );
    expect(await addPlayersXp(db, [{ userId: a, xpE8: 10n }])).toEqual(new Map([[a, { xpE8: 13n, rank: 'unranked' }]]));
  });

  it('insertBetEconomy: inserts the rows, answers the new bet ids, and leaves a bet already accrued as it was', async () => {
    const userId = await newUser('econ');
    const row = (betId: string, rakebackE8: bigint): BetEconomyInsert => ({
      betId,
      userId,
      currency: 'USD',
      wageredE8: 100_000_000n,
      houseEdgePpm: 10_000,
      usdValueE8: 100_000_000n,
      xpE8: 100_000_000n,
      rankBefore: 'unranked',
      rankAfter: 'unranked',
      rakebackSharePpm: 50_000,
      boostPpm: 0,
      rakebackE8,
    });
    expect(await insertBetEconomy(db, [row('b1', 50_000n), row('b2', 60_000n)])).toEqual(new Set(['b1', 'b2']));
    expect(await insertBetEconomy(db, [row('b2', 1n), row('b3', 70_000n)])).toEqual(new Set(['b3']));
    const stored = await sql<{
      bet_id: string;
      rakeback_e8: string;
    }>`select bet_id, rakeback_e8::text from bet_economy where user_id = ${userId} order by bet_id`.execute(db);
    expect(stored.rows).toEqual([
      { bet_id: 'b1', rakeback_e8: '50000' },
      { bet_id: 'b2', rakeback_e8: '60000' },
      { bet_id: 'b3', rakeback_e8: '70000' },
    ]);
  });
});
