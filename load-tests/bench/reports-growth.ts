/**
 * Back-office reports on the growth database (issue 43; docs/performance.md "Back-office reports"):
 *
 *   DATABASE_URL=... npx tsx load-tests/bench/reports-growth.ts
 *
 * On a database `npm run seed:growth` filled: rebuilds the report aggregates from the first bet to today (what the
 * worker does for two days every 5 minutes), then times the reports an operator opens, each over every day the
 * seed covers, median of 5 runs, and the same GGR answered by scanning the bets for comparison.
 */
import { sql } from 'kysely';
import { createDb } from '../../db/client.js';
import { migrateToLatest } from '../../db/migrate.js';
import { ReportsService } from '../../server/src/domain/staff/reports.service.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const db = createDb({ url, maxConnections: 4 });
await migrateToLatest(db);
const reports = new ReportsService(db);

const time = async <T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
};
const median = async (fn: () => Promise<unknown>, runs = 5) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push((await time(fn)).ms);
  return Number(times.sort((a, b) => a - b)[Math.floor(runs / 2)]!.toFixed(1));
};

const { rows: span } = await sql<{ bets: string; first: string; last: string }>`
  select count(*)::text as bets, to_char(min(settled_at) at time zone 'UTC', 'YYYY-MM-DD') as first,
    to_char(max(settled_at) at time zone 'UTC', 'YYYY-MM-DD') as last
  from bets where state <> 'open'`.execute(db);
const { bets, first, last } = span[0]!;
const rebuild = await time(() => reports.rebuild(new Date(`${last}T12:00:00Z`), first, last));
const range = { from: first, to: last, currency: 'USD' };
const result = {
  settledBets: Number(bets),
  days: rebuild.value,
  rebuildSeconds: Number((rebuild.ms / 1000).toFixed(1)),
  perDayRefreshMs: Number((rebuild.ms / rebuild.value).toFixed(0)),
  summaryDayMs: await median(() => reports.summary({ ...range, period: 'day' })),
  summaryMonthMs: await median(() => reports.summary({ ...range, period: 'month' })),
  ggrByGameWeekMs: await median(() => reports.ggr({ ...range, period: 'week' }, 'game')),
  csvSummaryDayMs: await median(() => reports.csv({ ...range, period: 'day' }, 'summary')),
  rtpWatchMs: await median(() => reports.rtpWatch()),
  // What a report would cost without the aggregates: GGR per day and game straight from the bets.
  scanGgrFromBetsMs: await median(
    () =>
      sql`
      select (settled_at at time zone 'UTC')::date, game, sum(amount_e8 - payout_e8) from bets
      where state <> 'open' and currency = 'USD' group by 1, 2`.execute(db),
    3,
  ),
};
console.log(JSON.stringify(result, null, 2));
await db.destroy();
