import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../server/src/domain/errors.js';
import { parseOdds } from '../../server/src/domain/sports/sports-math.js';
import { placeBetInputSchema } from '../../server/src/domain/sports/sports.schemas.js';
import { SportsCatalogueService } from '../../server/src/domain/sports/sports.service.js';
import type { MarketView } from '../../server/src/domain/sports/sports.views.js';
import { parseAmount, type Currency } from '../../server/src/domain/wallet/amounts.js';
import { httpSportsFeed } from '../../server/src/infra/http-sports-feed.js';
import { createLogger } from '../../server/src/infra/logger.js';
import { sportsFeedHandlers } from '../../worker/src/processors/sports.processor.js';
import type { JobContext } from '../../worker/src/processors/types.js';
import type { RunningWorker } from '../../worker/src/worker.js';
import { FAST_HASHING, http, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { startTestPlatform, startTestWorker, type TestPlatform } from '../support/platform.js';
import { TestSocket } from '../support/socket-client.js';
import { trpc } from '../support/wallet.js';

const SPORTS_ENV = {
  SPORTS_ENABLED: 'true',
  SPORTS_MIN_STAKE_USD: '1',
  SPORTS_MAX_STAKE_USD: '500',
  SPORTS_MAX_PAYOUT_USD: '5000',
  SPORTS_CASHOUT_MARGIN: '0.05',
};

describe('sportsbook: odds, bets, settlement, cash-out, feed', () => {
  let platform: TestPlatform;
  let worker: RunningWorker;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  let eventCounter = 0;

  const services = () => platform.platform.services;
  const db = () => platform.platform.infra.db;
  const expectLedgerOk = async () => expect(await services().wallet.ledger.check()).toEqual([]);
  const balance = async (userId: number, currency: Currency = 'USD') =>
    (await services().wallet.ledger.balances(userId))[currency];
  const fund = (userId: number, amount: string, currency: Currency = 'USD') =>
    services().wallet.ledger.post({
      key: `test-fund-${randomUUID()}`,
      kind: 'test-deposit',
      userId,
      legs: [
        { account: { house: 'deposits' }, currency, amount: -parseAmount(amount) },
        { account: { user: userId }, currency, amount: parseAmount(amount) },
      ],
    });
  const player = async (funds?: string) => {
    const account = await signedInAccount(platform);
    const id = Number(account.user.id);
    if (funds) await fund(id, funds);
    return { ...account, id };
  };
  /** An upcoming event with one open 1x2 market at the given odds. */
  const market = async (
    odds: [string, string, string] = ['2.00', '3.00', '4.00'],
  ): Promise<MarketView & { eventId: string }> => {
    eventCounter += 1;
    const event = await services().sports.catalogue.createEvent({
      sport: 'Football',
      competition: 'Test League',
      home: `Home ${eventCounter}`,
      away: `Away ${eventCounter}`,
      startsAt: new Date(Date.now() + 3_600_000),
    });
    const withMarket = await services().sports.catalogue.addMarket({
      eventId: event.id,
      type: '1x2',
      selections: [
        { name: 'Home', odds: parseOdds(odds[0]) },
        { name: 'Draw', odds: parseOdds(odds[1]) },
        { name: 'Away', odds: parseOdds(odds[2]) },
      ],
    });
    return { ...withMarket.markets.at(-1)!, eventId: event.id };
  };
  const place = (
    userId: number,
    input: {
      legs: { selectionId: string; odds: string }[];
      stake: string;
      oddsPolicy?: string;
      clientId?: string;
      currency?: Currency;
    },
  ) =>
    services().sports.bets.place(
      userId,
      placeBetInputSchema.parse({
        clientId: input.clientId ?? randomUUID(),
        currency: input.currency ?? 'USD',
        oddsPolicy: input.oddsPolicy ?? 'none',
        stake: input.stake,
        legs: input.legs,
      }),
    );
  const rejection = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  };
  const results = (m: MarketView, winner: number | 'void') =>
    m.selections.map((selection, index) => ({
      selectionId: selection.id,
      result: winner === 'void' ? ('void' as const) : index === winner ? ('won' as const) : ('lost' as const),
    }));
  const ledgerKinds = async (userId: number) => {
    const { rows } = await sql<{
      kind: string;
    }>`select kind from ledger_transactions where user_id = ${userId} order by id`.execute(db());
    return rows.map((row) => row.kind);
  };
  const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS, ...SPORTS_ENV });
    worker = await startTestWorker(platform);
    admin = await signedInAccount(platform);
    await services().auth.accounts.setRole(admin.account.username, 'admin');
  });
  afterAll(async () => {
    await worker?.stop();
    await platform?.stop();
  });

  it('says there are no events until the operator creates one; the console is admins only; the flag off is 404', async () => {
    const empty = await http(platform.url, 'GET', '/api/sports/events');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);

    const someone = await player();
    const input = {
      sport: 'Tennis',
      competition: 'Open',
      home: 'Ada',
      away: 'Bea',
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const refused = await trpc(platform, 'mutation', 'admin.sports.createEvent', input, someone.token);
    expect(refused.status).toBe(403);
    const created = await trpc(platform, 'mutation', 'admin.sports.createEvent', input, admin.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const eventId = created.body.result.data.id as string;
    const withMarket = await trpc(
      platform,
      'mutation',
      'admin.sports.addMarket',
      {
        eventId,
        type: 'moneyline',
        selections: [
          { name: 'Ada', odds: '1.85' },
          { name: 'Bea', odds: '1.95' },
        ],
      },
      admin.token,
    );
    expect(withMarket.status, JSON.stringify(withMarket.body)).toBe(200);
    const badOdds = await trpc(
      platform,
      'mutation',
      'admin.sports.addMarket',
      {
        eventId,
        type: 'moneyline',
        selections: [
          { name: 'A', odds: '1.0' },
          { name: 'B', odds: '2' },
        ],
      },
      admin.token,
    );
    expect(badOdds.status).toBe(400);

    const listed = await http(platform.url, 'GET', '/api/sports/events');
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({
      sport: 'Tennis',
      home: 'Ada',
      status: 'upcoming',
      markets: [
        {
          type: 'moneyline',
          status: 'open',
          selections: [
            { name: 'Ada', odds: '1.85' },
            { name: 'Bea', odds: '1.95' },
          ],
        },
      ],
    });

    const off = new SportsCatalogueService({
      db: db(),
      events: services().events.publish,
      settlement: { enqueue: async () => undefined },
      enabled: false,
    });
    expect((await rejection(off.events())).code).toBe('SPORTS_DISABLED');
  });

  it('keeps every odds change, publishes it on the sports channel, and applies each odds-change policy at placement', async () => {
    const m = await market(['2.00', '3.00', '4.00']);
    const home = m.selections[0]!;
    const bettor = await player('100');
    const socket = await TestSocket.open(platform.url);
    socket.send({ type: 'subscribe', channels: ['sports'] });
    await socket.next((frame) => frame.type === 'subscribed' && frame.channel === 'sports');

    // The player saw 2.00; the operator shortens to 1.80 before the bet arrives.
    await services().sports.catalogue.setOdds(home.id, 1800);
    const pushed = await socket.next(
      (frame) => frame.type === 'sports-odds' && (frame.data as { selectionId: string }).selectionId === home.id,
    );
    expect(pushed.data).toMatchObject({ eventId: m.eventId, marketId: m.id, odds: '1.80', previousOdds: '2.00' });
    socket.close();

    const none = await rejection(
      place(bettor.id, { legs: [{ selectionId: home.id, odds: '2.00' }], stake: '10', oddsPolicy: 'none' }),
    );
    expect(none.code).toBe('ODDS_CHANGED');
    expect(none.details).toEqual({ legs: [{ selectionId: home.id, seen: '2.00', current: '1.80' }] });
    expect(
      (
        await rejection(
          place(bettor.id, { legs: [{ selectionId: home.id, odds: '2.00' }], stake: '10', oddsPolicy: 'higher' }),
        )
      ).code,
    ).toBe('ODDS_CHANGED');
    expect(await balance(bettor.id)).toBe(parseAmount('100'));
    const any = await place(bettor.id, {
      legs: [{ selectionId: home.id, odds: '2.00' }],
      stake: '10',
      oddsPolicy: 'any',
    });
    expect(any).toMatchObject({ status: 'open', odds: '1.80', potentialReturn: '18', legs: [{ odds: '1.80' }] });

    // Drifts out to 2.20: "higher" takes it at 2.20, "none" still refuses.
    await services().sports.catalogue.setOdds(home.id, 2200);
    expect(
      (
        await rejection(
          place(bettor.id, { legs: [{ selectionId: home.id, odds: '1.80' }], stake: '10', oddsPolicy: 'none' }),
        )
      ).code,
    ).toBe('ODDS_CHANGED');
    const higher = await place(bettor.id, {
      legs: [{ selectionId: home.id, odds: '1.80' }],
      stake: '10',
      oddsPolicy: 'higher',
    });
    expect(higher).toMatchObject({ odds: '2.20', potentialReturn: '22' });
    const exact = await place(bettor.id, {
      legs: [{ selectionId: home.id, odds: '2.20' }],
      stake: '10',
      oddsPolicy: 'none',
    });
    expect(exact.potentialReturn).toBe('22');
    expect(await balance(bettor.id)).toBe(parseAmount('70'));

    const history = await services().sports.catalogue.oddsHistory(home.id);
    expect(history.map((row) => [row.odds, row.previousOdds])).toEqual([
      ['2.20', '1.80'],
      ['1.80', '2.00'],
      ['2.00', null],
    ]);
    await expectLedgerOk();
  });

  it('refuses suspended markets, two legs of one event, stakes and payouts outside the limits, and self-excluded players; nothing is charged', async () => {
    const a = await market(['2.00', '3.00', '4.00']);
    const b = await market(['50.00', '3.00', '4.00']);
    const bettor = await player('1000');
    await services().sports.catalogue.setMarketStatus(a.id, 'suspended');
    expect(
      (await rejection(place(bettor.id, { legs: [{ selectionId: a.selections[0]!.id, odds: '2.00' }], stake: '10' })))
        .code,
    ).toBe('MARKET_SUSPENDED');
    await services().sports.catalogue.setMarketStatus(a.id, 'open');
    expect(
      (
        await rejection(
          place(bettor.id, {
            legs: [
              { selectionId: a.selections[0]!.id, odds: '2.00' },
              { selectionId: a.selections[1]!.id, odds: '3.00' },
            ],
            stake: '10',
          }),
        )
      ).code,
    ).toBe('SAME_EVENT');
    expect(
      (await rejection(place(bettor.id, { legs: [{ selectionId: a.selections[0]!.id, odds: '2.00' }], stake: '0.5' })))
        .code,
    ).toBe('STAKE_LIMIT');
    expect(
      (await rejection(place(bettor.id, { legs: [{ selectionId: a.selections[0]!.id, odds: '2.00' }], stake: '501' })))
        .code,
    ).toBe('STAKE_LIMIT');
    // 2.00 x 50.00 x 100 = 10000 > 5000 maximum payout
    expect(
      (
        await rejection(
          place(bettor.id, {
            legs: [
              { selectionId: a.selections[0]!.id, odds: '2.00' },
              { selectionId: b.selections[0]!.id, odds: '50.00' },
            ],
            stake: '100',
          }),
        )
      ).code,
    ).toBe('PAYOUT_LIMIT');
    expect(
      (await rejection(place(bettor.id, { legs: [{ selectionId: '999999', odds: '2.00' }], stake: '10' }))).code,
    ).toBe('SELECTION_NOT_FOUND');
    expect(await balance(bettor.id)).toBe(parseAmount('1000'));

    // Over REST: a bad body is a 400 and a JSON number stake is refused.
    const badBody = await http(
      platform.url,
      'POST',
      '/api/sports/bets',
      { clientId: 'x1', currency: 'USD', stake: 10, legs: [{ selectionId: a.selections[0]!.id, odds: '2.00' }] },
      { token: bettor.token },
    );
    expect(badBody.status).toBe(400);

    await services().wallet.responsibleGaming.selfExclude(bettor.id, '24h');
    const excluded = await http(
      platform.url,
      'POST',
      '/api/sports/bets',
      { clientId: 'x2', currency: 'USD', stake: '10', legs: [{ selectionId: a.selections[0]!.id, odds: '2.00' }] },
      { token: bettor.token },
    );
    expect(excluded.status).toBe(403);
    expect(excluded.body.code).toBe('SELF_EXCLUDED');
    expect(await balance(bettor.id)).toBe(parseAmount('1000'));
    await expectLedgerOk();
  });

  it('is idempotent by clientId (a retry returns the same bet and charges once) and refuses a reused clientId', async () => {
    const m = await market();
    const bettor = await player('50');
    const body = {
      clientId: 'slip-1',
      currency: 'USD',
      stake: '10',
      oddsPolicy: 'none',
      legs: [{ selectionId: m.selections[0]!.id, odds: '2.00' }],
    };
    const answers = await Promise.all(
      [1, 2, 3].map(() => http(platform.url, 'POST', '/api/sports/bets', body, { token: bettor.token })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await balance(bettor.id)).toBe(parseAmount('40'));
    const reused = await http(
      platform.url,
      'POST',
      '/api/sports/bets',
      { ...body, stake: '20' },
      { token: bettor.token },
    );
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('CLIENT_ID_REUSED');
    const listed = await http(platform.url, 'GET', '/api/sports/bets?status=open', undefined, { token: bettor.token });
    expect(listed.body.items).toHaveLength(1);
    await expectLedgerOk();
  });

  it('accepts exactly 10 of 50 parallel placements against a balance for 10', async () => {
    const m = await market();
    const bettor = await player('100');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        place(bettor.id, { legs: [{ selectionId: m.selections[0]!.id, odds: '2.00' }], stake: '10' }),
      ),
    );
    const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(accepted).toHaveLength(10);
    expect(new Set(refused.map((outcome) => (outcome.reason as DomainError).code))).toEqual(
      new Set(['INSUFFICIENT_FUNDS']),
    );
    expect(await balance(bettor.id)).toBe(0n);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from sports_bets where user_id = ${bettor.id}`.execute(db());
    expect(rows[0]!.n).toBe(10);
    await expectLedgerOk();
  });

  it('settles through the worker once: a second run and a repeated job pay nothing more; the player gets game-result and balance-update', async () => {
    const first = await market(['2.50', '3.00', '4.00']);
    const second = await market(['1.50', '3.00', '4.00']);
    const bettor = await player('100');
    const socket = await TestSocket.open(platform.url, `?token=${bettor.token}`);
    socket.send({ type: 'subscribe', channels: [`game-results:${bettor.id}`, `user:${bettor.id}`] });
    await socket.next((frame) => frame.type === 'subscribed' && frame.channel === `game-results:${bettor.id}`);

    const single = await place(bettor.id, {
      legs: [{ selectionId: first.selections[0]!.id, odds: '2.50' }],
      stake: '10',
    });
    const multi = await place(bettor.id, {
      legs: [
        { selectionId: first.selections[0]!.id, odds: '2.50' },
        { selectionId: second.selections[0]!.id, odds: '1.50' },
      ],
      stake: '10',
    });
    const loser = await place(bettor.id, {
      legs: [{ selectionId: first.selections[2]!.id, odds: '4.00' }],
      stake: '10',
    });
    expect(await balance(bettor.id)).toBe(parseAmount('70'));

    await services().sports.catalogue.settleMarket(first.id, results(first, 0));
    const settled = await waitFor(
      () => services().sports.bets.bet(bettor.id, single.id),
      (bet) => bet.status !== 'open',
    );
    expect(settled).toMatchObject({ status: 'won', payout: '25' });
    await waitFor(
      () => services().sports.bets.bet(bettor.id, loser.id),
      (bet) => bet.status === 'lost',
    );
    // The multi waits for its second leg.
    expect((await services().sports.bets.bet(bettor.id, multi.id)).status).toBe('open');
    const result = await socket.next(
      (frame) => frame.type === 'game-result' && (frame.data as { betId: string }).betId === single.id,
    );
    expect(result.data).toMatchObject({ gameId: 'sportsbook', outcome: 'won', payout: '25', currency: 'USD' });
    await socket.next(
      (frame) => frame.type === 'balance-update' && (frame.data as { newBalance: number }).newBalance === 95,
    );

    await services().sports.catalogue.settleMarket(second.id, results(second, 0));
    await waitFor(
      () => services().sports.bets.bet(bettor.id, multi.id),
      (bet) => bet.status === 'won',
    );
    // 10 x 2.50 x 1.50 = 37.5
    expect(await balance(bettor.id)).toBe(parseAmount('132.5'));
    const transactions = (await ledgerKinds(bettor.id)).length;

    // Run settlement again by hand and enqueue the same job again: nothing more is paid.
    expect(await services().sports.bets.settleMarket(first.id)).toEqual({ bets: 3, changed: 0 });
    expect(await services().sports.bets.settleMarket(second.id)).toEqual({ bets: 1, changed: 0 });
    await platform.platform.infra.jobs.enqueue(
      'sports',
      'settle-market',
      { marketId: first.id, resultVersion: 1 },
      { jobId: `sports-settle-${first.id}-v1` },
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await balance(bettor.id)).toBe(parseAmount('132.5'));
    expect((await ledgerKinds(bettor.id)).length).toBe(transactions);
    socket.close();
    await expectLedgerOk();
  });

  it('a void leg drops out of a multi at odds 1.0; a cancelled event refunds a single', async () => {
    const a = await market(['2.00', '3.00', '4.00']);
    const b = await market(['3.00', '3.00', '4.00']);
    const c = await market(['2.00', '3.00', '4.00']);
    const bettor = await player('30');
    const multi = await place(bettor.id, {
      legs: [
        { selectionId: a.selections[0]!.id, odds: '2.00' },
        { selectionId: b.selections[0]!.id, odds: '3.00' },
      ],
      stake: '10',
    });
    const single = await place(bettor.id, { legs: [{ selectionId: c.selections[1]!.id, odds: '3.00' }], stake: '10' });
    await services().sports.catalogue.settleMarket(b.id, results(b, 'void'));
    await services().sports.catalogue.settleMarket(a.id, results(a, 0));
    await services().sports.bets.settleMarket(b.id);
    await services().sports.bets.settleMarket(a.id);
    // 10 x 2.00 x 1.0 = 20
    expect(await services().sports.bets.bet(bettor.id, multi.id)).toMatchObject({ status: 'won', payout: '20' });
    await services().sports.catalogue.setEventStatus(c.eventId, 'cancelled');
    await services().sports.bets.settleMarket(c.id);
    expect(await services().sports.bets.bet(bettor.id, single.id)).toMatchObject({ status: 'void', payout: '10' });
    expect(await balance(bettor.id)).toBe(parseAmount('40'));
    expect((await ledgerKinds(bettor.id)).filter((kind) => kind.startsWith('sports'))).toEqual([
      'sports-bet',
      'sports-bet',
      'sports-payout',
      'sports-refund',
    ]);
    await expectLedgerOk();
  });

  it('resettles a corrected result with new ledger transactions (reverse, re-apply), never edits', async () => {
    const m = await market(['2.00', '3.00', '4.00']);
    const bettor = await player('20');
    const onHome = await place(bettor.id, { legs: [{ selectionId: m.selections[0]!.id, odds: '2.00' }], stake: '10' });
    const onAway = await place(bettor.id, { legs: [{ selectionId: m.selections[2]!.id, odds: '4.00' }], stake: '10' });
    await services().sports.catalogue.settleMarket(m.id, results(m, 0));
    await services().sports.bets.settleMarket(m.id);
    expect(await balance(bettor.id)).toBe(parseAmount('20'));
    // Let the worker's own job for version 1 finish too, so the snapshot below is final.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { rows: before } = await sql<{
      id: string;
      amount_e8: string;
    }>`select id::text, amount_e8::text from ledger_entries order by id`.execute(db());

    // Correction: the away side won.
    await services().sports.catalogue.settleMarket(m.id, results(m, 2));
    // The worker's job (market + version 2) resettles; running it here as well changes nothing twice.
    await services().sports.bets.settleMarket(m.id);
    await waitFor(
      () => services().sports.bets.bet(bettor.id, onAway.id),
      (bet) => bet.status === 'won',
    );
    expect(await services().sports.bets.bet(bettor.id, onHome.id)).toMatchObject({ status: 'lost', payout: '0' });
    expect(await services().sports.bets.bet(bettor.id, onAway.id)).toMatchObject({ status: 'won', payout: '40' });
    expect(await balance(bettor.id)).toBe(parseAmount('40'));
    expect((await ledgerKinds(bettor.id)).filter((kind) => kind.startsWith('sports'))).toEqual([
      'sports-bet',
      'sports-bet',
      'sports-payout',
      'sports-reversal',
      'sports-payout',
    ]);
    // Every earlier entry is untouched.
    const { rows: after } = await sql<{
      id: string;
      amount_e8: string;
    }>`select id::text, amount_e8::text from ledger_entries order by id`.execute(db());
    const afterById = new Map(after.map((row) => [row.id, row.amount_e8]));
    expect(before.map((row) => [row.id, afterById.get(row.id)])).toEqual(before.map((row) => [row.id, row.amount_e8]));
    expect(after.length).toBeGreaterThan(before.length);
    expect(await services().sports.bets.settleMarket(m.id)).toEqual({ bets: 2, changed: 0 });
    await expectLedgerOk();
  });

  it('cashes out at stake x original/current odds x (1 - margin), once, and refuses while the market is suspended', async () => {
    const m = await market(['2.00', '3.00', '4.00']);
    const bettor = await player('10');
    const bet = await place(bettor.id, { legs: [{ selectionId: m.selections[0]!.id, odds: '2.00' }], stake: '10' });
    await services().sports.catalogue.setOdds(m.selections[0]!.id, 1500);
    const quoted = await services().sports.bets.bet(bettor.id, bet.id);
    // 10 x 2.00 / 1.50 x 0.95 = 12.66666666 (floored)
    expect(quoted.cashOut).toEqual({ available: true, value: '12.66666666', reason: null });

    await services().sports.catalogue.setMarketStatus(m.id, 'suspended');
    const suspended = await http(
      platform.url,
      'POST',
      `/api/sports/bets/${bet.id}/cashout`,
      {},
      { token: bettor.token },
    );
    expect(suspended.status).toBe(409);
    expect(suspended.body.code).toBe('MARKET_SUSPENDED');
    await services().sports.catalogue.setMarketStatus(m.id, 'open');

    const tooHigh = await http(
      platform.url,
      'POST',
      `/api/sports/bets/${bet.id}/cashout`,
      { expectedValue: '13' },
      { token: bettor.token },
    );
    expect(tooHigh.body.code).toBe('CASHOUT_CHANGED');
    const other = await player();
    expect(
      (await http(platform.url, 'POST', `/api/sports/bets/${bet.id}/cashout`, {}, { token: other.token })).status,
    ).toBe(404);

    const [one, two] = await Promise.all(
      [1, 2].map(() =>
        http(
          platform.url,
          'POST',
          `/api/sports/bets/${bet.id}/cashout`,
          { expectedValue: '12.66666666' },
          { token: bettor.token },
        ),
      ),
    );
    expect([one!.status, two!.status]).toEqual([200, 200]);
    expect(one!.body).toMatchObject({ status: 'cashed_out', payout: '12.66666666' });
    expect(await balance(bettor.id)).toBe(parseAmount('12.66666666'));
    // Settlement afterwards leaves a cashed-out bet alone.
    await services().sports.catalogue.settleMarket(m.id, results(m, 0));
    await services().sports.bets.settleMarket(m.id);
    expect(await balance(bettor.id)).toBe(parseAmount('12.66666666'));
    expect((await ledgerKinds(bettor.id)).filter((kind) => kind === 'sports-cashout')).toHaveLength(1);
    await expectLedgerOk();
  });

  describe('HTTP feed adapter against a local server', () => {
    let feedServer: Server;
    let feedUrl: string;
    let reply: { status: number; body: string; headers?: Record<string, string>; delayMs?: number } = {
      status: 200,
      body: '{"events":[]}',
    };

    const snapshot = (odds: string, marketStatus = 'open', homeResult: string | null = null) => ({
      events: [
        {
          id: 'feed-ev-1',
          sport: 'Basketball',
          competition: 'Feed League',
          home: 'Feeders',
          away: 'Pollers',
          startsAt: new Date(Date.now() + 7_200_000).toISOString(),
          status: 'upcoming',
          markets: [
            {
              id: 'ml',
              type: 'moneyline',
              status: marketStatus,
              selections: [
                { id: 'home', name: 'Feeders', odds, result: homeResult },
                {
                  id: 'away',
                  name: 'Pollers',
                  odds: '2.40',
                  result: homeResult === null ? null : homeResult === 'won' ? 'lost' : 'won',
                },
              ],
            },
          ],
        },
      ],
    });

    beforeAll(async () => {
      feedServer = createServer((_req, res) => {
        const send = () => {
          res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
          res.end(reply.body);
        };
        if (reply.delayMs) setTimeout(send, reply.delayMs);
        else send();
      });
      await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
      feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed`;
    });
    afterAll(async () => {
      feedServer.closeAllConnections();
      await new Promise((resolve) => feedServer.close(resolve));
    });

    const catalogue = (timeoutMs = 1_000) =>
      new SportsCatalogueService({
        db: db(),
        events: services().events.publish,
        settlement: {
          enqueue: (marketId, version) =>
            platform.platform.infra.jobs.enqueue(
              'sports',
              'settle-market',
              { marketId, resultVersion: version },
              { jobId: `sports-settle-${marketId}-v${version}` },
            ),
        },
        enabled: true,
        feed: httpSportsFeed({ url: feedUrl, timeoutMs }),
      });
    const feedEvent = async () =>
      (await services().sports.catalogue.events('all')).find((event) => event.home === 'Feeders');

    it('imports events and odds, keeps odds history, settles from feed results, and refuses bad payloads, 429 and timeouts', async () => {
      reply = { status: 200, body: JSON.stringify(snapshot('1.60')) };
      expect(await catalogue().pollFeed()).toEqual({ polled: true, events: 1 });
      const imported = await feedEvent();
      expect(imported).toMatchObject({
        sport: 'Basketball',
        source: 'feed',
        markets: [{ type: 'moneyline', selections: [{ odds: '1.60' }, { odds: '2.40' }] }],
      });
      // A second identical poll changes nothing; a new price is one history row.
      await catalogue().pollFeed();
      reply = { status: 200, body: JSON.stringify(snapshot('1.70')) };
      await catalogue().pollFeed();
      const home = (await feedEvent())!.markets[0]!.selections[0]!;
      expect((await services().sports.catalogue.oddsHistory(home.id)).map((row) => row.odds)).toEqual(['1.70', '1.60']);

      const bettor = await player('10');
      const bet = await place(bettor.id, { legs: [{ selectionId: home.id, odds: '1.70' }], stake: '10' });

      // Bad payloads: odds as a float number, a missing field, not JSON. Nothing changes.
      for (const body of [
        JSON.stringify({
          events: [
            {
              ...snapshot('1.90').events[0],
              markets: [
                {
                  ...snapshot('1.90').events[0]!.markets[0],
                  selections: [
                    { id: 'home', name: 'x', odds: 1.9 },
                    { id: 'away', name: 'y', odds: '2' },
                  ],
                },
              ],
            },
          ],
        }),
        JSON.stringify({ events: [{ id: 'x' }] }),
        'not json',
      ]) {
        reply = { status: 200, body };
        const error = await rejection(catalogue().pollFeed());
        expect(error.kind).toBe('UNAVAILABLE');
      }
      expect((await feedEvent())!.markets[0]!.selections[0]!.odds).toBe('1.70');

      reply = { status: 429, body: '', headers: { 'retry-after': '7' } };
      const limited = await rejection(catalogue().pollFeed());
      expect([limited.kind, limited.retryAfterSeconds]).toEqual(['TOO_MANY_REQUESTS', 7]);
      // The worker's handler pauses the feed queue for that long instead of failing the job.
      const pauses: number[] = [];
      const context = {
        services: { sports: { catalogue: catalogue() } },
        logger: createLogger('silent', 'test'),
        rateLimit: async (ms: number) => {
          pauses.push(ms);
          throw new Error('rate limited');
        },
      } as unknown as JobContext;
      await expect(sportsFeedHandlers.poll({}, context)).rejects.toThrow('rate limited');
      expect(pauses).toEqual([7_000]);

      reply = { status: 200, body: JSON.stringify(snapshot('1.70')), delayMs: 1_500 };
      expect((await rejection(catalogue(200).pollFeed())).message).toMatch(/timed out after 200 ms/);

      // The feed reports the result: the worker settles the bet.
      reply = { status: 200, body: JSON.stringify(snapshot('1.70', 'settled', 'won')) };
      await catalogue().pollFeed();
      await waitFor(
        () => services().sports.bets.bet(bettor.id, bet.id),
        (view) => view.status === 'won',
      );
      expect(await balance(bettor.id)).toBe(parseAmount('17'));
      await expectLedgerOk();
    });
  });
});
