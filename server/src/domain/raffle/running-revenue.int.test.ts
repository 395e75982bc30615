import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import { houseGamesRevenue } from '../../../../db/repositories/token-economy.repo.js';
import { createMigratedDb } from '../../../../tests/support/database.js';
import { RunningRevenue } from './running-revenue.js';

const MINUTE = 60_000;

describe('RunningRevenue: the open raffle live revenue from a settled part and a recent tail', () => {
  let database: Awaited<ReturnType<typeof createMigratedDb>>;
  let db: Db;
  let posted = 0;

  /** A bet the house won `amount` units on (or paid, when negative), stamped `at`. */
  async function houseGain(at: Date, amount: bigint, kind = 'bet-stake'): Promise<void> {
    posted += 1;
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        insert into ledger_transactions (idempotency_key, kind, memo, created_at)
        values (${`running-revenue-${posted}`}, ${kind}, '{}', ${at}) returning id::text`.execute(trx);
      const tx = rows[0]!.id;
      await sql`
        insert into ledger_entries (transaction_id, account_id, currency, amount_e8, balance_after_e8)
        select ${tx}::bigint, a.id, 'USD', case when a.code = 'house:games:3' then ${amount}::bigint else -${amount}::bigint end, 0
        from ledger_accounts a where a.currency = 'USD' and a.code in ('house:games:3', 'house:running-revenue-test')`.execute(
        trx,
      );
    });
  }

  beforeAll(async () => {
    database = await createMigratedDb();
    db = database.db;
    await sql`insert into ledger_accounts (code, currency, kind) values ('house:running-revenue-test', 'USD', 'house')`.execute(
      db,
    );
  });
  afterAll(() => database.drop());

  it('answers what one sum over the whole period answers, through late postings, rebases and a new raffle', async () => {
    let realNow = Date.parse('2026-11-29T12:00:00Z');
    const running = new RunningRevenue(() => realNow);
    const raffle = { id: '12', opensAt: new Date(realNow - 120 * MINUTE) };
    const exact = () => houseGamesRevenue(db, raffle.opensAt, new Date(realNow));
    const live = () => running.since(db, raffle, new Date(realNow));

    await houseGain(new Date(realNow - 130 * MINUTE), 1_000_000n); // before the raffle opened: not its revenue
    await houseGain(new Date(realNow - 100 * MINUTE), 500n);
    await houseGain(new Date(realNow - 30 * MINUTE), -200n);
    await houseGain(new Date(realNow - 1 * MINUTE), 70n);
    expect(await live()).toBe(370n);
    expect(await live()).toBe(await exact());

    // A transaction that began 2 minutes ago commits now, with its older stamp: inside the recent tail, so counted.
    await houseGain(new Date(realNow - 2 * MINUTE), 9n);
    expect(await live()).toBe(379n);

    // Twenty minutes on: the settled part moves forward, and what was the tail is added to it exactly once.
    realNow += 20 * MINUTE;
    await houseGain(new Date(realNow - 10 * MINUTE), 1n);
    await houseGain(new Date(realNow - 10_000), 1_000n);
    expect(await live()).toBe(1_380n);
    expect(await live()).toBe(await exact());
    realNow += 7 * MINUTE;
    await houseGain(new Date(realNow - 4 * MINUTE), 3n);
    expect(await live()).toBe(1_383n);
    expect(await live()).toBe(await exact());

    // The raffle's own funding is not revenue, here as in the close's sum.
    await houseGain(new Date(realNow - 1 * MINUTE), -50n, 'raffle-funding');
    expect(await live()).toBe(1_383n);

    // The next raffle starts from its own opening, not from the previous one's figure.
    const next = { id: '13', opensAt: new Date(realNow - 10 * MINUTE) };
    expect(await running.since(db, next, new Date(realNow))).toBe(
      await houseGamesRevenue(db, next.opensAt, new Date(realNow)),
    );
    expect(await running.since(db, next, new Date(realNow))).toBe(1_003n);
  });
});
