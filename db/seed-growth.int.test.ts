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

describe('growth seeding: the player of the day and the running totals', () => {
  let database: Awaited<ReturnType<typeof createMigratedDb>>;
  let counts: GrowthCounts;
  const since = new Date(Date.now() - 30 * 60_000);
  beforeAll(async () => {
    database = await createMigratedDb();
    counts = await seedGrowth(database.url, {
      players: 5,
      bets: 200,
      chat: 10,
      whaleShare: 3,
      todayBets: 90,
      todaySince: since,
    });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("puts the day's bets on one more player, all since todaySince, and fills the running totals as triggers would", async () => {
    expect(counts.todayPlayer).not.toBeNull();
    const { rows } = await sql<{ n: string; first: Date; last: Date; login: string }>`
      select count(*)::text as n, min(b.settled_at) as first, max(b.settled_at) as last, min(u.login_name) as login
      from bets b join users u on u.id = b.user_id where b.user_id = ${counts.todayPlayer}`.execute(database.db);
    expect(rows[0]).toMatchObject({ n: '90', login: 'growth-today' });
    expect(new Date(rows[0]!.first).getTime()).toBeGreaterThanOrEqual(since.getTime() - 1000);
    expect(new Date(rows[0]!.last).getTime()).toBeLessThanOrEqual(Date.now());
    const { rows: drift } = await sql<{ n: string }>`
      select count(*)::text as n from (
        select user_id, game, currency, count(*) as bets, sum(amount_e8) as wagered, sum(payout_e8 - amount_e8) as profit
        from bets where state <> 'open' group by 1, 2, 3
      ) d full join player_game_totals t using (user_id, game, currency)
      where d.bets is distinct from t.bets or d.wagered is distinct from t.wagered_e8 or d.profit is distinct from t.profit_e8`.execute(
      database.db,
    );
    expect(drift[0]!.n).toBe('0');
    const { rows: minutes } = await sql<{ n: string }>`
      select count(*)::text as n from (
        select user_id, date_trunc('minute', settled_at) as minute, currency, sum(amount_e8) as wagered
        from bets where state <> 'open' group by 1, 2, 3
      ) d full join player_wager_minutes t using (user_id, minute, currency)
      where d.wagered is distinct from t.wagered_e8`.execute(database.db);
    expect(minutes[0]!.n).toBe('0');
    expect(await findLedgerProblems(database.db)).toEqual([]);
  });
});

describe('growth seeding: round games and provider rounds', () => {
  let database: Awaited<ReturnType<typeof createMigratedDb>>;
  let counts: GrowthCounts;
  beforeAll(async () => {
    database = await createMigratedDb();
    counts = await seedGrowth(database.url, {
      players: 30,
      bets: 300,
      chat: 10,
      whaleShare: 5,
      roundBets: 400,
      providerRounds: 120,
    });
  });
  afterAll(async () => {
    await database?.drop();
  });
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(database.db)).rows;

  it('ends crash, wheel and bingo rounds on inactive chains, with their settled bets, one a player a round', async () => {
    expect(counts).toMatchObject({ bets: 300, roundBets: 400, providerRounds: 120 });
    const games = await rows(sql<{ game: string; bets: string; rounds: string; open: string; dup: string }>`
      select b.game, count(*)::text as bets, count(distinct b.round_id)::text as rounds,
             count(*) filter (where b.state = 'open' or not r.state = 'ended')::text as open,
             (count(*) - count(distinct (b.round_id, b.user_id)))::text as dup
      from bets b join rounds r on r.id = b.round_id group by b.game order by b.game`);
    expect(games).toEqual([
      { game: 'bingo', bets: '60', rounds: '8', open: '0', dup: '0' },
      { game: 'crash', bets: '240', rounds: '30', open: '0', dup: '0' },
      { game: 'wheel', bets: '100', rounds: '13', open: '0', dup: '0' },
    ]);
    expect(await rows(sql<{ active: boolean }>`select distinct active from round_chains`)).toEqual([{ active: false }]);
    // A crash bet cashed out at 2.00x won exactly when its round crashed at 2.00x or later.
    const wrong = await rows(sql<{ n: string }>`
      select count(*)::text as n from bets b join rounds r on r.id = b.round_id
      where b.game = 'crash' and (b.state = 'won') <> ((r.result->>'crashPoint')::int >= 200)`);
    expect(wrong[0]!.n).toBe('0');
  });

  it('records each provider call with the ledger transaction that moved its money, the whale playing its share', async () => {
    const calls = await rows(sql<{ kind: string; n: string; linked: string; whale: string }>`
      select p.kind, count(*)::text as n,
             count(*) filter (where t.idempotency_key = 'provider:growth-studio:' || p.transaction_id
                              and t.id = p.ledger_transaction_id)::text as linked,
             count(*) filter (where p.user_id = (select min(id) from users))::text as whale
      from provider_transactions p join ledger_transactions t on t.id = p.ledger_transaction_id
      group by p.kind order by p.kind`);
    expect(calls).toEqual([
      { kind: 'bet', n: '120', linked: '120', whale: '24' },
      { kind: 'win', n: '60', linked: '60', whale: '12' },
    ]);
  });

  it('dates each ledger transaction at its bet or call, so the period reports read a year, not one moment', async () => {
    const { rows: undated } = await sql<{ n: string }>`
      select count(*)::text as n from ledger_transactions t join bets b on t.idempotency_key = 'bet:' || b.id || ':payout'
      where t.created_at <> b.settled_at`.execute(database.db);
    expect(undated[0]!.n).toBe('0');
    const { rows: calls } = await sql<{ n: string }>`
      select count(*)::text as n from provider_transactions p join ledger_transactions t on t.id = p.ledger_transaction_id
      where t.created_at <> p.created_at`.execute(database.db);
    expect(calls[0]!.n).toBe('0');
    const { rows: span } = await sql<{ days: number }>`
      select extract(day from max(created_at) - min(created_at))::int as days from ledger_transactions where kind = 'bet-stake'`.execute(
      database.db,
    );
    expect(span[0]!.days).toBeGreaterThan(300);
  });

  it('keeps nonces contiguous, the running totals equal to the rows, and the ledger clean', async () => {
    const { rows: gaps } = await sql<{ bad: string }>`
      select count(*)::text as bad from seed_pairs sp
      left join (select seed_pair_id, count(*) as n, max(nonce) as top from bets group by seed_pair_id) b on b.seed_pair_id = sp.id
      where sp.nonce <> coalesce(b.n, 0) or coalesce(b.top + 1, 0) <> coalesce(b.n, 0)`.execute(database.db);
    expect(gaps[0]!.bad).toBe('0');
    const { rows: drift } = await sql<{ n: string }>`
      select count(*)::text as n from (
        select user_id, game, currency, count(*) as bets, sum(amount_e8) as wagered from bets where state <> 'open' group by 1, 2, 3
      ) d full join player_game_totals t using (user_id, game, currency)
      where d.bets is distinct from t.bets or d.wagered is distinct from t.wagered_e8`.execute(database.db);
    expect(drift[0]!.n).toBe('0');
    // Wagers per minute: the settled bets' and the studio's bets'.
    const { rows: minutes } = await sql<{ n: string }>`
      select count(*)::text as n from (
        select user_id, minute, currency, sum(wagered) as wagered from (
          select user_id, date_trunc('minute', settled_at) as minute, currency, amount_e8 as wagered from bets where state <> 'open'
          union all
          select user_id, date_trunc('minute', created_at), currency, amount_e8 from provider_transactions where kind = 'bet'
        ) w group by 1, 2, 3
      ) d full join player_wager_minutes t using (user_id, minute, currency)
      where d.wagered is distinct from t.wagered_e8`.execute(database.db);
    expect(minutes[0]!.n).toBe('0');
    expect(await findLedgerProblems(database.db)).toEqual([]);
  });
});
