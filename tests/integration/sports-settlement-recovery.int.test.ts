import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOdds } from '../../server/src/domain/sports/sports-math.js';
import { placeBetInputSchema } from '../../server/src/domain/sports/sports.schemas.js';
import type { MarketView } from '../../server/src/domain/sports/sports.views.js';
import { parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { FAST_HASHING, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { startTestPlatform, startTestWorker, type TestPlatform } from '../support/platform.js';
import { PrivateRedis } from '../support/private-redis.js';
import { startWorkerProcess } from '../support/server-process.js';

const SPORTS_ENV = {
  SPORTS_ENABLED: 'true',
  SPORTS_MIN_STAKE_USD: '1',
  SPORTS_MAX_STAKE_USD: '500',
  SPORTS_MAX_PAYOUT_USD: '5000',
};

/**
 * Issue #23 point 2 follow-up: a market's settlement job lost with Redis' data (FLUSHALL here, on a
 * private Redis) no longer leaves its bets open. Postgres knows which results no run has applied
 * (sports_markets.settled_version behind result_version), and the housekeeping sweep settles them;
 * the job and the sweep racing settle every bet exactly once.
 */
describe('sports settlement survives a lost job', () => {
  let redis: PrivateRedis;
  let platform: TestPlatform;
  let players: number[] = [];
  let eventCounter = 0;

  const services = () => platform.platform.services;
  const db = () => platform.platform.infra.db;
  const market = async (): Promise<MarketView & { eventId: string }> => {
    eventCounter += 1;
    const event = await services().sports.catalogue.createEvent({
      sport: 'Football',
      competition: 'Recovery League',
      home: `Home ${eventCounter}`,
      away: `Away ${eventCounter}`,
      startsAt: new Date(Date.now() + 3_600_000),
    });
    const withMarket = await services().sports.catalogue.addMarket({
      eventId: event.id,
      type: '1x2',
      selections: [
        { name: 'Home', odds: parseOdds('2.00') },
        { name: 'Draw', odds: parseOdds('3.00') },
        { name: 'Away', odds: parseOdds('4.00') },
      ],
    });
    return { ...withMarket.markets.at(-1)!, eventId: event.id };
  };
  /** `perPlayer` singles of 10 USD from every player, on the selections in turn. */
  const betOn = async (m: MarketView, perPlayer: number) => {
    const ids: string[] = [];
    for (const userId of players) {
      for (let n = 0; n < perPlayer; n += 1) {
        const selection = m.selections[n % m.selections.length]!;
        const input = placeBetInputSchema.parse({
          clientId: randomUUID(),
          currency: 'USD',
          oddsPolicy: 'none',
          stake: '10',
          legs: [{ selectionId: selection.id, odds: selection.odds }],
        });
        ids.push((await services().sports.bets.place(userId, input)).id);
      }
    }
    return ids;
  };
  const homeWins = (m: MarketView) =>
    m.selections.map((selection, index) => ({
      selectionId: selection.id,
      result: index === 0 ? ('won' as const) : ('lost' as const),
    }));
  /** As if the result had been set two minutes ago: the sweep leaves younger ones to their job. */
  const ageResults = (marketIds: string[]) =>
    sql`update sports_markets set updated_at = now() - interval '2 minutes' where id in (${sql.join(marketIds)})`.execute(
      db(),
    );
  const bets = async (ids: string[]) =>
    (
      await sql<{
        id: string;
        status: string;
        paid: string;
        count: number;
      }>`select id::text, status, paid_e8::text as paid, settlement_count as count from sports_bets where id in (${sql.join(ids)}) order by id`.execute(
        db(),
      )
    ).rows;
  /** Ledger transactions that paid, refunded or reversed these bets, counted per bet. */
  const settlementPostings = async (ids: string[]) =>
    (
      await sql<{ bet: string; n: number }>`select memo->>'betId' as bet, count(*)::int as n from ledger_transactions
        where kind in ('sports-payout', 'sports-refund', 'sports-reversal') and memo->>'betId' in (${sql.join(ids)}) group by 1`.execute(
        db(),
      )
    ).rows;
  /** Every bet decided once: one settlement step, a payout or refund for each winner, none for a loser. */
  const expectSettledOnce = async (ids: string[], expected: { status: string; paid: string }[]) => {
    const rows = await bets(ids);
    expect(rows.map(({ status, paid }) => ({ status, paid: String(Number(paid) / 1e8) }))).toEqual(expected);
    expect(rows.every((row) => row.count === 1)).toBe(true);
    const postings = await settlementPostings(ids);
    expect(postings.map((row) => row.n).every((n) => n === 1)).toBe(true);
    expect(postings).toHaveLength(expected.filter((bet) => bet.paid !== '0').length);
    expect(await services().wallet.ledger.check()).toEqual([]);
  };
  const unsettledMarkets = async () =>
    Number(
      (
        await sql<{
          n: string;
        }>`select count(*) as n from sports_markets where settled_version < result_version`.execute(db())
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS, ...SPORTS_ENV, REDIS_URL: redis.url });
    players = [];
    for (let n = 0; n < 3; n += 1) {
      const userId = Number((await signedInAccount(platform)).user.id);
      await services().wallet.ledger.post({
        key: `test-fund-${randomUUID()}`,
        kind: 'test-deposit',
        userId,
        legs: [
          { account: { house: 'deposits' }, currency: 'USD', amount: -parseAmount('1000') },
          { account: { user: userId }, currency: 'USD', amount: parseAmount('1000') },
        ],
      });
      players.push(userId);
    }
  }, 60_000);
  afterAll(async () => {
    await platform?.stop();
    await redis?.stop();
  });

  it('settles, from Postgres alone, the bets of a result and of a cancelled event whose jobs Redis lost', async () => {
    const won = await market();
    const cancelled = await market();
    const wonBets = await betOn(won, 3);
    const cancelledBets = await betOn(cancelled, 1);
    await services().sports.catalogue.settleMarket(won.id, homeWins(won));
    await services().sports.catalogue.setEventStatus(cancelled.eventId, 'cancelled');
    // No worker yet: both settlement jobs wait in Redis, and Redis loses them.
    expect(await platform.platform.infra.jobs.queue('sports').getJobCounts('wait')).toMatchObject({ wait: 2 });
    await redis.flushAll();
    await ageResults([won.id, cancelled.id]);
    expect(await unsettledMarkets()).toBe(2);
    expect((await bets([...wonBets, ...cancelledBets])).every((bet) => bet.status === 'open')).toBe(true);

    // A worker on the empty Redis re-creates its schedules; the first housekeeping tick sweeps.
    const worker = await startWorkerProcess(platform.env, { WORKER_SCHEDULE_CHECK_MS: '1000' });
    try {
      const started = performance.now();
      await expect.poll(unsettledMarkets, { timeout: 30_000, interval: 200 }).toBe(0);
      console.info(
        `lost settlement jobs recovered ${Math.round(performance.now() - started)} ms after the worker started`,
      );
    } finally {
      await worker.stop();
    }
    const wonExpected = players.flatMap(() => [
      { status: 'won', paid: '20' },
      { status: 'lost', paid: '0' },
      { status: 'lost', paid: '0' },
    ]);
    await expectSettledOnce(wonBets, wonExpected);
    await expectSettledOnce(
      cancelledBets,
      players.map(() => ({ status: 'void', paid: '10' })),
    );
    // Another sweep finds nothing more to do.
    expect(await services().sports.bets.settlePending({ olderThanMs: 0, limit: 50 })).toEqual({
      markets: 0,
      changed: 0,
      failed: 0,
    });
  }, 120_000);

  it('resettles a corrected result whose job was lost, though none of its bets is open any more', async () => {
    const m = await market();
    const ids = await betOn(m, 1);
    await services().sports.catalogue.settleMarket(m.id, homeWins(m));
    // Version 1 settles (as its job would), then the operator corrects to an away win and Redis loses that job.
    await services().sports.bets.settleMarket(m.id);
    await platform.platform.infra.jobs.queue('sports').drain();
    await services().sports.catalogue.settleMarket(
      m.id,
      m.selections.map((selection, index) => ({
        selectionId: selection.id,
        result: index === 2 ? ('won' as const) : ('lost' as const),
      })),
    );
    await redis.flushAll();
    await ageResults([m.id]);
    expect(await services().sports.bets.settlePending({ olderThanMs: 60_000, limit: 50 })).toEqual({
      markets: 1,
      changed: ids.length,
      failed: 0,
    });
    const rows = await bets(ids);
    expect(rows.map(({ status, paid, count }) => ({ status, paid, count }))).toEqual(
      ids.map(() => ({ status: 'lost', paid: '0', count: 2 })),
    );
    // One payout for version 1 and its reversal for version 2, per bet.
    expect((await settlementPostings(ids)).map((row) => row.n)).toEqual(ids.map(() => 2));
    expect(await services().wallet.ledger.check()).toEqual([]);
    expect(await unsettledMarkets()).toBe(0);
  }, 60_000);

  it('leaves a fresh result to its job, and the job and sweeps racing settle each bet once', async () => {
    const m = await market();
    const ids = await betOn(m, 8);
    await services().sports.catalogue.settleMarket(m.id, homeWins(m));
    // Younger than the sweep's age: not swept.
    expect(await services().sports.bets.settlePending({ olderThanMs: 60_000, limit: 50 })).toEqual({
      markets: 0,
      changed: 0,
      failed: 0,
    });
    await ageResults([m.id]);
    // The queued job (a worker in this process), two sweeps and a direct run all at once.
    const worker = await startTestWorker(platform);
    try {
      const runs = await Promise.all([
        services().sports.bets.settlePending({ olderThanMs: 60_000, limit: 50 }),
        services().sports.bets.settlePending({ olderThanMs: 60_000, limit: 50 }),
        services().sports.bets.settleMarket(m.id),
      ]);
      await expect
        .poll(() => platform.platform.infra.jobs.queue('sports').getJobCounts('completed', 'wait', 'active'), {
          timeout: 20_000,
          interval: 100,
        })
        .toMatchObject({ completed: 1, wait: 0, active: 0 });
      const changed = runs[0].changed + runs[1].changed + runs[2].changed;
      expect(changed).toBeLessThanOrEqual(ids.length);
    } finally {
      await worker.stop();
    }
    expect(await unsettledMarkets()).toBe(0);
    await expectSettledOnce(
      ids,
      players.flatMap(() =>
        [0, 1, 2, 0, 1, 2, 0, 1].map((n) => (n === 0 ? { status: 'won', paid: '20' } : { status: 'lost', paid: '0' })),
      ),
    );
  }, 120_000);
});
