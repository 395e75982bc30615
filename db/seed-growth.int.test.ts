import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDb } from '../tests/support/database.js';
import { findLedgerProblems } from './repositories/ledger.repo.js';
import { seedGrowth, type GrowthCounts } from './seed-growth.js';

describe('growth seeding (small count)', () => {
  let database: Awaited<ReturnType<typeof createMigratedDb>>;
  let counts: GrowthCounts;
  /** What the migrations themselves post (the token economy's opening transaction). */
  const before = { transactions: 0, entries: 0 };
  beforeAll(async () => {
    database = await createMigratedDb();
    before.transactions = await count('ledger_transactions');
    before.entries = await count('ledger_entries');
    counts = await seedGrowth(database.url, { players: 25, bets: 600, chat: 120, whaleShare: 4 });
  });
  afterAll(async () => {
    await database?.drop();
  });

  const count = async (table: string, where = sql`true`) =>
    Number(
      (
        await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)} where ${where}`.execute(
          database.db,
        )
      ).rows[0]!.n,
    );

  it('writes the asked-for players, bets, chat messages and two ledger entries per transaction', async () => {
    expect(await count('users')).toBe(25);
    expect(await count('bets')).toBe(600);
    expect(await count('chat_messages')).toBe(120);
    const won = await count('bets', sql`state = 'won'`);
    expect(won).toBeGreaterThan(0);
    expect(won).toBeLessThan(600);
    // One funding transaction per player, one stake per bet, one payout per won bet.
    expect(await count('ledger_transactions')).toBe(before.transactions + 25 + 600 + won);
    expect(await count('ledger_entries')).toBe(before.entries + 2 * (25 + 600 + won));
    expect(counts).toMatchObject({
      players: 25,
      bets: 600,
      ledgerTransactions: 25 + 600 + won,
      ledgerEntries: 2 * (25 + 600 + won),
    });
  });

  it("gives every fourth bet to the first player (the admin ledger bench's big account)", async () => {
    const first = (await sql<{ id: number }>`select min(id) as id from users`.execute(database.db)).rows[0]!.id;
    expect(await count('bets', sql`user_id = ${first}`)).toBe(150);
    const entries = await count(
      'ledger_entries',
      sql`account_id = (select id from ledger_accounts where user_id = ${first} and currency = 'USD')`,
    );
    // Funding, 150 stakes and a payout per won bet, each one entry on the player's account.
    expect(entries).toBe(1 + 150 + (await count('bets', sql`user_id = ${first} and state = 'won'`)));
    expect(counts.whaleEntries).toBe(entries);
  });

  it('leaves a ledger the ledger check finds clean: balanced, running balances and account balances exact', async () => {
    expect(await findLedgerProblems(database.db)).toEqual([]);
  });

  it("keeps each seed pair's nonces contiguous from 0 and its counter at the next one", async () => {
    const { rows } = await sql<{ bad: string }>`
      select count(*)::text as bad from seed_pairs sp
      left join (select seed_pair_id, count(*) as n, max(nonce) as top, count(distinct nonce) as d from bets group by seed_pair_id) b on b.seed_pair_id = sp.id
      where sp.nonce <> coalesce(b.n, 0) or coalesce(b.top + 1, 0) <> coalesce(b.n, 0) or coalesce(b.d, 0) <> coalesce(b.n, 0)`.execute(
      database.db,
    );
    expect(rows[0]!.bad).toBe('0');
  });
});
