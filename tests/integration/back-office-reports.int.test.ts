import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import type { ReportPeriod } from '../../db/repositories/reports.repo.js';
import { GAMES, ROUND_GAMES } from '../../server/src/domain/games/registry.js';
import { ReportsService } from '../../server/src/domain/staff/reports.service.js';
import { housekeepingHandlers } from '../../worker/src/processors/housekeeping.processor.js';
import type { JobContext } from '../../worker/src/processors/types.js';
import { createMigratedDb } from '../support/database.js';

/**
 * Reports (issue 43) against a direct SQL computation over the raw tables, on a seeded year: originals and round
 * games, a provider with rollbacks, the sportsbook, deposits, payouts, rakeback and its reversals, house-funded and
 * player-funded rain, a promotions account, burns, in USD and BZU, with events on both sides of UTC midnights.
 * Bet and ledger ids are past 2^31; names are not ASCII.
 */
const FROM = '2025-10-01';
const TO = '2026-10-31';
const BIG = 3_000_000_000;

async function seedYear(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Foreign keys and the ledger's balance triggers off for the seed, as the growth seed does: the rows are made
    // consistent by construction where a report reads them, and nothing else reads this database.
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`
      insert into users (id, login_name, public_username, email, password_hash, created_at)
      overriding system value
      select n, 'joueur' || n, 'Jöran' || n, 'p' || n || '@exämple.test', 'x',
        timestamp '2025-09-20' at time zone 'UTC' + n * interval '9 days 3 hours'
      from generate_series(1, 45) n`.execute(trx);
    // One bet every ~26 minutes over the year; a few land exactly on midnight or half a second before it. 40 stay open
    // (one per player, as the platform allows).
    await sql`
      insert into bets (id, user_id, game, currency, amount_e8, payout_e8, multiplier, state, params, outcome,
        seed_pair_id, nonce, created_at, settled_at)
      select ${BIG}::bigint + n, 1 + n % 40, (array['dice', 'plinko', 'crash', 'keno', 'wheel'])[1 + n % 5],
        case when n % 5 = 1 then 'BZU' else 'USD' end,
        100000000 * (1 + n % 7) + n,
        case when (n % 11 = 0 and n <= 440) then 0 when hashtext(n::text) % 2 = 0 then (100000000 * (1 + n % 7) + n) * (n % 4) else 0 end,
        '0', case when (n % 11 = 0 and n <= 440) then 'open' when hashtext(n::text) % 2 = 0 and n % 4 > 0 then 'won' else 'lost' end,
        '{}', '{}', 1, n, t, case when (n % 11 = 0 and n <= 440) then null else t end
      from generate_series(1, 20000) n,
        lateral (select case when n % 97 = 0 then date_trunc('day', ts) when n % 89 = 0 then date_trunc('day', ts) - interval '0.5 second' else ts end as t
          from (select timestamp '2025-10-01' at time zone 'UTC' + n * interval '1579 seconds' as ts) x) y`.execute(
      trx,
    );
    await sql`
      insert into providers (id, name, secret, origin, launch_url_template)
      values ('northstar', 'Nordstjärna Studio', 'secret-0123456789abcdef', 'https://ns.example', 'https://ns.example/{token}')`.execute(
      trx,
    );
    await sql`
      insert into provider_games (provider_id, game_id, name, category, rtp_percent, max_multiplier)
      values ('northstar', 'slot-1', 'Fjärilar', 'slots', 96.5, 5000), ('northstar', 'live-bj', 'Blackjack Ünï', 'live', 99.2, 5000)`.execute(
      trx,
    );
    // Rounds: a bet, a win on two of three, and every 17th bet rolled back (sometimes the next day).
    await sql`
      insert into provider_transactions (id, provider_id, transaction_id, request_id, kind, round_id, game_id,
        reference_transaction_id, amount_e8, currency, user_id, created_at)
      select ${BIG}::bigint + n * 3 + k, 'northstar', 'tx-' || n || '-' || k, 'rq-' || n || '-' || k,
        (array['bet', 'win', 'rollback'])[k + 1], 'round-' || n, case when n % 3 = 0 then 'live-bj' else 'slot-1' end,
        case when k = 2 then 'tx-' || n || '-0' end,
        case when k = 0 then 50000000 + n * 1000 else 40000000 + n * 997 end,
        case when n % 4 = 0 then 'BZU' else 'USD' end, 1 + n % 30,
        timestamp '2025-10-02' at time zone 'UTC' + n * interval '2 hours 53 minutes' + k * interval '20 hours'
      from generate_series(1, 3000) n, generate_series(0, 2) k
      where k = 0 or (k = 1 and n % 3 <> 0) or (k = 2 and n % 17 = 0)`.execute(trx);
    await sql`
      insert into sports_bets (id, user_id, client_id, kind, currency, stake_e8, potential_return_e8, status, paid_e8,
        created_at, settled_at)
      select ${BIG}::bigint + n, 1 + n % 35, 'c' || n, 'single', case when n % 6 = 0 then 'BZU' else 'USD' end,
        200000000 + n, 400000000, (array['won', 'lost', 'void', 'cashed_out', 'open'])[1 + n % 5],
        case n % 5 when 0 then 400000000 + 2 * n when 2 then 200000000 + n when 3 then 150000000 else 0 end,
        t, case when n % 5 = 4 then null else t + interval '3 hours' end
      from generate_series(1, 800) n,
        lateral (select timestamp '2025-10-01' at time zone 'UTC' + n * interval '11 hours 7 minutes' as t) x`.execute(
      trx,
    );
    await sql`
      insert into deposits (id, user_id, network, asset, currency, address, tx_hash, amount_e8, required_confirmations,
        status, ledger_transaction_id, created_at, credited_at)
      select ${BIG}::bigint + n, 1 + n % 45, 'ERC20', 'USDT', case when n % 7 = 0 then 'BZU' else 'USD' end,
        '0xaddr' || n, '0x' || lpad(to_hex(n), 64, '0'), 1000000000 + n * 12345, 3,
        case when n % 9 = 0 then 'PENDING' else 'CREDITED' end, case when n % 9 = 0 then null else n end,
        t, case when n % 9 = 0 then null else t + interval '40 minutes' end
      from generate_series(1, 700) n,
        lateral (select timestamp '2025-10-01' at time zone 'UTC' + n * interval '13 hours 31 minutes' as t) x`.execute(
      trx,
    );
    await sql`
      insert into withdrawals (id, user_id, currency, asset, network, address, amount_e8, fee_e8, status, txid, created_at,
        sent_at)
      select ${BIG}::bigint + n, 1 + n % 45, case when n % 5 = 0 then 'BZU' else 'USD' end, 'USDT', 'ERC20', '0xout',
        500000000 + n * 777, 0, (array['SENT', 'CONFIRMED', 'REJECTED', 'PENDING', 'FAILED'])[1 + n % 5],
        case when n % 5 in (0, 1, 4) then 'txid' || n end, t,
        case when n % 5 in (0, 1, 4) then t + interval '2 hours' end
      from generate_series(1, 400) n,
        lateral (select timestamp '2025-10-01' at time zone 'UTC' + n * interval '23 hours 41 minutes' as t) x`.execute(
      trx,
    );
    await sql`
      insert into ledger_accounts (id, code, currency, kind, user_id)
      select ${BIG}::bigint + i, code, cur, case when code like 'user:%' then 'user' else 'house' end,
        case when code like 'user:%' then 1 end
      from (values (1, 'house:rakeback', 'USD'), (2, 'house:rakeback', 'BZU'), (3, 'house:rain', 'USD'),
        (4, 'house:rain', 'BZU'), (5, 'house:promotions', 'USD'), (6, 'house:promotions', 'BZU'),
        (7, 'house:games', 'USD'), (8, 'user:1', 'USD')) a(i, code, cur)
      on conflict (code, currency) do nothing`.execute(trx);
    // Rakeback accruals (some reversed), house-funded rain (counts) and player-funded rain (does not), promotions.
    await sql`
      insert into ledger_transactions (id, idempotency_key, kind, user_id, memo, created_at)
      select ${BIG}::bigint + n, 'seed-' || n,
        case when n <= 400 then 'rakeback-accrual' when n <= 430 then 'rakeback-reversal' when n <= 500 then 'rain-funding'
          when n <= 540 then 'rain-contribution' else 'promo-grant' end,
        null, '{}', timestamp '2025-10-01' at time zone 'UTC' + n * interval '15 hours 11 minutes'
      from generate_series(1, 600) n`.execute(trx);
    await sql`
      insert into ledger_entries (transaction_id, account_id, currency, amount_e8, balance_after_e8)
      select t.id, a.id, a.currency, case when side = 0 then -amount else amount end, 0
      from (
        select id, (id - ${BIG}::bigint)::int as n, kind from ledger_transactions where idempotency_key like 'seed-%'
      ) t
      cross join lateral (select case when t.n % 3 = 0 then 'BZU' else 'USD' end as cur, 3000000 + t.n * 4321 as amount) m
      cross join generate_series(0, 1) side
      join ledger_accounts a on a.currency = m.cur and a.code = case
        when t.kind = 'rakeback-accrual' then (array['house:rakeback', 'user:1'])[side + 1]
        when t.kind = 'rakeback-reversal' then (array['user:1', 'house:rakeback'])[side + 1]
        when t.kind = 'rain-funding' then (array['house:games', 'house:rain'])[side + 1]
        when t.kind = 'rain-contribution' then (array['user:1', 'house:rain'])[side + 1]
        else (array['house:promotions', 'user:1'])[side + 1] end`.execute(trx);
    await sql`
      insert into token_burns (amount_e8, usd_value_e8, usd_spent_e8, reason, idempotency_key, created_at)
      select 700000000 + n * 3, 50000000 + n, 50000000 + n, 'buy-and-burn', 'burn-' || n,
        timestamp '2025-10-01' at time zone 'UTC' + n * interval '1 day 1 hour'
      from generate_series(1, 300) n`.execute(trx);
  });
}

/** The reports' definitions written straight over the raw tables, for one currency and period. */
async function directGgr(db: Db, period: ReportPeriod, currency: string, by: 'game' | 'family' | 'provider') {
  const key = by === 'game' ? sql`game` : by === 'family' ? sql`family` : sql`provider`;
  const { rows } = await sql<{ bucket: string; key: string; bets: string; stake: string; payout: string }>`
    with moves as (
      select (settled_at at time zone 'UTC')::date as d, currency, 'originals' as provider, game,
        case when game in ('crash', 'wheel') then 'gameshows' else 'originals' end as family,
        1 as bet, amount_e8 as stake, payout_e8 as payout, user_id
      from bets where state <> 'open'
      union all
      select (p.created_at at time zone 'UTC')::date, p.currency, p.provider_id, p.game_id, g.category,
        case when p.kind = 'bet' then 1 else 0 end, case when p.kind = 'bet' then p.amount_e8 else 0 end,
        case when p.kind = 'win' then p.amount_e8 else 0 end, p.user_id
      from provider_transactions p join provider_games g using (provider_id, game_id)
      where p.kind in ('bet', 'win') and p.transaction_id not in (
        select reference_transaction_id from provider_transactions where kind = 'rollback')
      union all
      select (settled_at at time zone 'UTC')::date, currency, 'sportsbook', 'sports', 'sports', 1, stake_e8, paid_e8, user_id
      from sports_bets where status <> 'open'
    )
    select to_char(date_trunc(${period}, d::timestamp), 'YYYY-MM-DD') as bucket, ${key} as key,
      sum(bet)::text as bets, sum(stake)::text as stake, sum(payout)::text as payout
    from moves where currency = ${currency} and d between ${FROM}::date and ${TO}::date
    group by 1, 2 order by 1, 2`.execute(db);
  return rows;
}

async function directSummary(db: Db, period: ReportPeriod, currency: string) {
  const bucket = (column: string) =>
    sql`to_char(date_trunc(${period}, (${sql.ref(column)} at time zone 'UTC')::date::timestamp), 'YYYY-MM-DD')`;
  const one = async (query: ReturnType<typeof sql<{ bucket: string; v: string }>>) =>
    new Map((await query.execute(db)).rows.map((row) => [row.bucket, row.v]));
  const inRange = (column: string) =>
    sql`(${sql.ref(column)} at time zone 'UTC')::date between ${FROM}::date and ${TO}::date`;
  const houseAccount = (code: string, kinds: string[]) => sql<{ bucket: string; v: string }>`
    select ${bucket('t.created_at')} as bucket, sum(e.amount_e8)::text as v
    from ledger_transactions t join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
    where a.code = ${code} and a.currency = ${currency} and t.kind in (${sql.join(kinds)}) and ${inRange('t.created_at')}
    group by 1`;
  return {
    rakeback: await one(houseAccount('house:rakeback', ['rakeback-accrual', 'rakeback-reversal'])),
    tips: await one(houseAccount('house:rain', ['rain-funding'])),
    promotions: await one(houseAccount('house:promotions', ['promo-grant'])),
    deposits: await one(sql`
      select ${bucket('credited_at')} as bucket, sum(amount_e8)::text || '/' || count(*) as v from deposits
      where status = 'CREDITED' and currency = ${currency} and ${inRange('credited_at')} group by 1`),
    withdrawals: await one(sql`
      select ${bucket('sent_at')} as bucket, sum(amount_e8)::text || '/' || count(*) as v from withdrawals
      where status in ('SENT', 'CONFIRMED') and currency = ${currency} and ${inRange('sent_at')} group by 1`),
    burns: await one(sql`
      select ${bucket('created_at')} as bucket, sum(usd_spent_e8)::text || '/' || sum(amount_e8) as v from token_burns
      where ${inRange('created_at')} group by 1`),
    players: await one(sql`
      with active as (
        select user_id, settled_at as at from bets where state <> 'open'
        union all select user_id, created_at from provider_transactions where kind = 'bet'
        union all select user_id, settled_at from sports_bets where status <> 'open'
      ), buckets as (
        select ${bucket('at')} as bucket, user_id, 'a' as k from active where ${inRange('at')}
        union all select ${bucket('created_at')}, id, 'n' from users where role = 'user' and ${inRange('created_at')}
        union all select ${bucket('credited_at')}, user_id, 'd' from deposits where status = 'CREDITED' and ${inRange('credited_at')}
      )
      select bucket, count(distinct user_id) filter (where k = 'a') || '/' || count(distinct user_id) filter (where k = 'n')
        || '/' || count(distinct user_id) filter (where k = 'd') as v
      from buckets group by 1`),
  };
}

describe('back office reports', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let reports: ReportsService;

  beforeAll(async () => {
    ({ db, drop } = await createMigratedDb());
    await seedYear(db);
    reports = new ReportsService(db);
    expect(await reports.rebuild(new Date(`${TO}T12:00:00Z`), FROM, TO)).toBe(396);
  }, 180_000);

  afterAll(async () => {
    await drop?.();
  });

  it.each([
    ['day', 'USD', 'game'],
    ['week', 'BZU', 'family'],
    ['month', 'USD', 'provider'],
    ['month', 'BZU', 'game'],
  ] as const)('GGR per %s in %s by %s equals the direct computation', async (period, currency, by) => {
    const direct = await directGgr(db, period, currency, by);
    expect(direct.length).toBeGreaterThan(by === 'game' && period === 'day' ? 300 : 10);
    const served = await reports.ggr({ from: FROM, to: TO, period, currency }, by);
    expect(served).toEqual(
      direct.map((row) => ({
        bucket: row.bucket,
        key: row.key,
        bets: row.bets,
        stakeE8: row.stake,
        payoutE8: row.payout,
        ggrE8: (BigInt(row.stake) - BigInt(row.payout)).toString(),
      })),
    );
  });

  it.each([
    ['month', 'USD'],
    ['week', 'BZU'],
    ['day', 'USD'],
  ] as const)(
    'the %s summary in %s (NGR, money, players, burn) equals the direct computation',
    async (period, currency) => {
      const served = await reports.summary({ from: FROM, to: TO, period, currency });
      const direct = await directSummary(db, period, currency);
      const ggr = new Map<string, bigint>();
      for (const row of await directGgr(db, period, currency, 'provider'))
        ggr.set(row.bucket, (ggr.get(row.bucket) ?? 0n) + BigInt(row.stake) - BigInt(row.payout));
      const int = (value: string | undefined) => BigInt(value ?? '0');
      const pair = (value: string | undefined) => (value ?? '0/0').split('/');
      // How many periods have each figure non-zero: the seed reaches every one of them.
      const seen: Record<string, number> = {};
      for (const row of served) {
        const rakeback = -int(direct.rakeback.get(row.bucket));
        const promotions = -int(direct.promotions.get(row.bucket));
        const tips = int(direct.tips.get(row.bucket));
        const [depositsE8, deposits] = pair(direct.deposits.get(row.bucket));
        const [withdrawalsE8, withdrawals] = pair(direct.withdrawals.get(row.bucket));
        const [burnUsd, burnBzu] = currency === 'USD' ? pair(direct.burns.get(row.bucket)) : ['0', '0'];
        const [active, fresh, depositing] = pair(direct.players.get(row.bucket)).concat(['0', '0', '0']).slice(0, 3);
        const expected = {
          bucket: row.bucket,
          ggrE8: (ggr.get(row.bucket) ?? 0n).toString(),
          rakebackE8: rakeback.toString(),
          promotionsE8: promotions.toString(),
          houseTipsE8: tips.toString(),
          ngrE8: ((ggr.get(row.bucket) ?? 0n) - rakeback - promotions - tips).toString(),
          depositsE8: String(int(depositsE8)),
          deposits: Number(deposits),
          withdrawalsE8: String(int(withdrawalsE8)),
          withdrawals: Number(withdrawals),
          burnUsdE8: String(int(burnUsd)),
          burnedBzuE8: String(int(burnBzu)),
          activePlayers: Number(active),
          newPlayers: Number(fresh),
          depositingPlayers: Number(depositing),
        };
        expect(row).toEqual(expected);
        for (const [name, value] of Object.entries(expected))
          if (value !== 0 && value !== '0') seen[name] = (seen[name] ?? 0) + 1;
      }
      // Every period exists (empty ones as zeros) and the figures are not all zero.
      expect(served[0]!.bucket <= FROM && served.at(-1)!.bucket <= TO).toBe(true);
      const figures = ['ggrE8', 'rakebackE8', 'promotionsE8', 'houseTipsE8', 'ngrE8', 'depositsE8', 'withdrawalsE8'];
      const players = ['activePlayers', 'newPlayers', 'depositingPlayers'];
      const burn = currency === 'USD' ? ['burnUsdE8', 'burnedBzuE8'] : [];
      for (const name of [...figures, ...players, ...burn]) expect(seen[name] ?? 0, name).toBeGreaterThan(1);
    },
  );

  it('rewrites a day idempotently, from the worker job too', async () => {
    const snapshot = async () =>
      (
        await sql<{ t: string }>`
        select (select json_agg(g order by day, currency, provider, game) from report_game_days g)::text
          || (select json_agg(m order by day, currency) from report_money_days m)::text
          || (select json_agg(p order by day, user_id) from report_player_days p)::text as t`.execute(db)
      ).rows[0]!.t;
    const before = await snapshot();
    const context = { services: { backOffice: { reports } } } as unknown as JobContext;
    await Promise.all([
      housekeepingHandlers.reports({ day: '2026-03-15' }, context),
      housekeepingHandlers.reports({ day: '2026-03-15' }, context),
      reports.refreshDay('2026-03-16'),
    ]);
    expect(await snapshot()).toBe(before);
  });

  it('watches realised RTP per game with its standard error (as a direct computation says)', async () => {
    // The seed pays 0x-3x at random: far from any published RTP, and dice has over 2,000 bets but not 10,000, so no flag yet.
    const watch = await reports.rtpWatch();
    const { rows } = await sql<{ game: string; n: string; mean: number; sd: number }>`
      select game, count(*)::text as n, avg(payout_e8::float8 / amount_e8) as mean,
        stddev_samp(payout_e8::float8 / amount_e8) as sd
      from bets where state <> 'open' group by game order by game`.execute(db);
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      const line = watch.find((entry) => entry.provider === 'originals' && entry.game === row.game)!;
      expect(line.bets).toBe(Number(row.n));
      expect(line.realisedPercent).toBeCloseTo(row.mean * 100, 8);
      expect(line.standardErrorPercent!).toBeCloseTo((row.sd / Math.sqrt(Number(row.n))) * 100, 8);
      const published = [...GAMES, ...ROUND_GAMES].find((game) => game.slug === row.game)!.rtp;
      expect(line.publishedPercent).toBe(Number(published));
      expect(Math.abs(line.deviationSe!)).toBeGreaterThan(4);
      expect(line.flagged).toBe(false);
    }
    const slot = watch.find((entry) => entry.game === 'slot-1')!;
    expect(slot).toMatchObject({ provider: 'northstar', publishedPercent: 96.5 });
    expect(watch.find((entry) => entry.provider === 'sportsbook')!.publishedPercent).toBeNull();
  });

  it('exports CSV with exact amounts, and refuses a bad range', async () => {
    const range = { from: '2026-01-01', to: '2026-03-31', period: 'month' as const, currency: 'USD' };
    const csv = await reports.csv(range, 'summary');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^period,currency,ggr,rakeback,promotions,house_tips,ngr,/);
    expect(lines).toHaveLength(4);
    const [january] = await reports.summary(range);
    const units = (e8: string) => (Number(BigInt(e8)) / 1e8).toString();
    expect(lines[1]!.split(',').slice(0, 3)).toEqual(['2026-01-01', 'USD', units(january!.ggrE8)]);
    const byGame = (await reports.csv(range, 'game')).trimEnd().split('\r\n');
    expect(byGame[0]).toBe('period,currency,game,bets,stakes,wins,ggr');
    await expect(reports.summary({ ...range, from: '2026-04-01' })).rejects.toThrow(/before/);
    await expect(reports.summary({ ...range, from: '2000-01-01', to: '2030-01-01' })).rejects.toThrow(/at most/);
  });
});
