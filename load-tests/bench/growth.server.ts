/**
 * The server half of the growth bench: the real platform on a database filled by the growth seeding (db/seed-growth.ts)
 * at the scale GROWTH_SCALE names ("large": the options the parent passes in GROWTH_OPTIONS; "empty": one player with
 * just enough bets for page 50 of My bets). Adds 50 funded bettors and an admin, times `ledger:check` (the same
 * LedgerService.check the CLI runs) with this process's peak RSS around it, and replies with what the client needs.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { DEFAULT_ROUND_GROWTH } from '../../db/seed-growth-rounds.js';
import { DEFAULT_GROWTH, seedGrowth, type GrowthOptions } from '../../db/seed-growth.js';
import { makeAccounts } from './bench-ledger.js';
import { serveParent, startPlatformUnderTest } from './platform-under-test.js';

const large = process.env.GROWTH_SCALE === 'large';
const options: GrowthOptions = large
  ? {
      ...DEFAULT_GROWTH,
      ...DEFAULT_ROUND_GROWTH,
      ...(JSON.parse(process.env.GROWTH_OPTIONS ?? '{}') as Partial<GrowthOptions>),
    }
  : // Enough of each list for its page 50: My bets (1,500 dice bets), 1,000+ crash rounds and the whale's provider rounds.
    { players: 10, bets: 1500, chat: 100, whaleShare: 1, todayBets: 100, roundBets: 14_000, providerRounds: 1_200 };

const { platform, databaseUrl, url, stop } = await startPlatformUnderTest();
const db = platform.infra.db;
// The player of the day bets within the open raffle's period, so each of their bets is one of its figures.
const raffle = await platform.services.raffle.current(null);
const seeded = await seedGrowth(databaseUrl, {
  todayBets: 100_000,
  ...options,
  todaySince: raffle ? new Date(raffle.opensAt) : undefined,
});
const whale = (await sql<{ id: number }>`select min(id) as id from users where login_name like 'growth%'`.execute(db))
  .rows[0]!.id;
// Seeded players have no password: the bench signs them in through a session row, as makeAccounts does.
async function sessionOf(userId: number): Promise<string> {
  const token = randomBytes(24).toString('hex');
  await sql`insert into sessions (user_id, token_hash, expires_at) values (${userId}, ${createHash('sha256').update(token).digest('hex')}, now() + interval '1 day')`.execute(
    db,
  );
  return token;
}
const whaleToken = await sessionOf(whale);
// A seeded crash round in the middle of the year, for the round page (the round and its bets).
const crashRound = (
  await sql<{
    id: string | null;
  }>`select (array_agg(id order by id))[count(*) / 2 + 1]::text as id from rounds where game = 'crash' and state = 'ended'`.execute(
    db,
  )
).rows[0]!.id;
const todayToken = seeded.todayPlayer === null ? null : await sessionOf(seeded.todayPlayer);
const bettors = await makeAccounts(db, platform.services.wallet.ledger, 'g', 50);
const admin = await makeAccounts(db, platform.services.wallet.ledger, 'admin', 1, 1n);
await sql`update users set role = 'admin' where id = ${admin.ids[0]!}`.execute(db);

const rssBefore = process.memoryUsage().rss;
const checkStarted = performance.now();
const problems = await platform.services.wallet.ledger.check();
const checkMs = performance.now() - checkStarted;
const checkRssMb = (process.memoryUsage().rss - rssBefore) / 1e6;
const whaleEntries = Number(
  (
    await sql<{
      n: string;
    }>`select count(*)::text as n from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = ${whale}`.execute(
      db,
    )
  ).rows[0]!.n,
);

serveParent(
  {
    url,
    seeded,
    whale,
    whaleToken,
    whaleEntries,
    crashRound,
    todayToken,
    bettorTokens: bettors.tokens,
    adminToken: admin.tokens[0]!,
    checkMs,
    checkRssMb,
    ledgerProblems: problems.length,
  },
  stop,
);
