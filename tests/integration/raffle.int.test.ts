import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { drawWinners, parseEntrantsCsv } from '../../server/src/domain/raffle/rules/raffle-draw.js';
import { prizeAmounts, prizeShares, ticketsFor } from '../../server/src/domain/raffle/rules/raffle-prizes.js';
import { formatAmount, parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { raffleHandlers } from '../../worker/src/processors/raffle.processor.js';
import { http, signedInAccount } from '../support/auth.js';
import { testJobContext } from '../support/job-context.js';
import { platformSuite } from '../support/platform-suite.js';
import { raffleCloseFarFromNow } from '../support/test-clock.js';
import { TestSocket } from '../support/socket-client.js';
import { fundPlayer, trpc, PLAYING_TEST_ENV } from '../support/wallet.js';

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A seeded generator (mulberry32): the same bet sequence on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// Small numbers so a few bets earn tickets: a ticket per 1 USD or 100 BZU, 4 prizes (50 %, 30 %, then 2 x 10 %).
const RULE = { usdPerTicket: parseAmount('1'), bzuPerTicket: parseAmount('100') };
const SHARES = prizeShares([500_000, 300_000], 2);

describe('raffle: tickets from play, provably fair draw, prizes through the ledger', () => {
  const suite = platformSuite({
    ...PLAYING_TEST_ENV,
    RAFFLE_TICKET_WAGER_USD: '1',
    RAFFLE_TICKET_WAGER_BZU: '100',
    RAFFLE_TOP_PRIZES: '50,30',
    RAFFLE_EQUAL_PRIZES: '2',
    RAFFLE_REVENUE_SHARE: '0.5',
    RAFFLE_CLOSE_UTC: raffleCloseFarFromNow(),
  });
  const services = () => suite.platform.platform.services;
  const db = () => suite.platform.platform.infra.db;
  type Player = Awaited<ReturnType<typeof signedInAccount>>;

  const data = (answer: { status: number; body: any }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };
  const expectLedgerOk = async () => expect(await services().wallet.ledger.check()).toEqual([]);
  const cash = async (userId: number) => (await services().wallet.ledger.balances(userId)).USD;
  const houseRaffle = async () =>
    BigInt(
      (
        await sql<{
          b: string;
        }>`select coalesce(sum(balance_e8), 0)::text as b from ledger_accounts where code = 'house:raffle' and currency = 'USD'`.execute(
          db(),
        )
      ).rows[0]!.b,
    );
  const count = async (table: string) =>
    Number((await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db())).rows[0]!.n);
  const grantBzu = (userId: number, amount: string) =>
    services().wallet.ledger.post({
      key: `test-bzu:${randomBytes(6).toString('hex')}`,
      kind: 'deposit',
      userId,
      legs: [
        { account: { house: 'deposits' }, currency: 'BZU', amount: -parseAmount(amount) },
        { account: { user: userId }, currency: 'BZU', amount: parseAmount(amount) },
      ],
    });
  /** A jackpot for sure (house money moved in by hand), so every awarded prize pays something. */
  const seedJackpot = (usd: string) =>
    services().wallet.ledger.post({
      key: `test-jackpot:${randomBytes(6).toString('hex')}`,
      kind: 'test-jackpot',
      legs: [
        { account: { house: 'games' }, currency: 'USD', amount: -parseAmount(usd) },
        { account: { house: 'raffle' }, currency: 'USD', amount: parseAmount(usd) },
      ],
    });
  const funded = async (usd: string) => {
    const player = await signedInAccount(suite.platform);
    await fundPlayer(suite.platform, player.token, usd);
    return player;
  };
  const idOf = (player: Player) => Number(player.user.id);
  const current = async (player?: Player) =>
    data(await trpc(suite.platform, 'query', 'raffle.current', undefined, player?.token));
  const jobContext = () => testJobContext(suite.platform, `repeat:raffle-tick:${Date.now()}`);
  /** Puts the open raffle's close in the past, as if its time had come, without drawing it. */
  const expireOpenRaffle = () => sql`update raffles set closes_at = now() where status = 'open'`.execute(db());

  /** Replays a drawn raffle from what anyone can download: the REST detail, the CSV and the revealed seed. */
  const replay = async (id: string) => {
    const detail = await http(suite.platform.url, 'GET', `/api/raffle/${id}`);
    expect(detail.status).toBe(200);
    const csvAnswer = await fetch(`${suite.platform.url}/api/raffle/${id}/entrants.csv`);
    expect(csvAnswer.status).toBe(200);
    expect(csvAnswer.headers.get('content-type')).toMatch(/^text\/csv/);
    const csv = await csvAnswer.text();
    expect(sha256(csv)).toBe(detail.body.entrantsHash);
    expect(sha256(detail.body.serverSeed)).toBe(detail.body.serverSeedHash);
    const ranges = parseEntrantsCsv(csv);
    const winners = await drawWinners(hmac, {
      raffleId: id,
      serverSeed: detail.body.serverSeed,
      entrantsHash: detail.body.entrantsHash,
      ranges,
      prizeCount: detail.body.prizeCount,
    });
    return { detail: detail.body, ranges, winners };
  };

  let firstRaffleId = '';
  let players: { player: Player; usd: bigint; bzu: bigint; bonus: number; free: boolean }[] = [];

  it('tickets equal the formula over a seeded sequence of real bets (USD and BZU, holder bonus, free entry)', async () => {
    const open = await current();
    expect(open).toMatchObject({
      status: 'open',
      currency: 'USD',
      totalTickets: 0,
      players: 0,
      mine: null,
      ticketRule: { usdPerTicket: '1', bzuPerTicket: '100' },
    });
    expect(open.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(open.prizes.map((prize: any) => [prize.label, prize.sharePpm])).toEqual([
      ['1st', 500_000],
      ['2nd', 300_000],
      ['3rd', 100_000],
      ['4th', 100_000],
    ]);
    expect(open.holderBonusByTier[0]).toEqual({ tier: 'bronze', name: 'Bronze', tickets: 1 });
    firstRaffleId = open.id;

    const random = seeded(14);
    const [a, b, c, d] = [
      await funded('200'),
      await funded('200'),
      await funded('200'),
      await signedInAccount(suite.platform),
    ];
    // c holds Bronze-tier BZU (1 bonus ticket) and also plays BZU; d only holds BZU: holding alone enters nobody.
    await grantBzu(idOf(c), '5000');
    await grantBzu(idOf(d), '5000');
    players = [
      { player: a, usd: 0n, bzu: 0n, bonus: 0, free: false },
      { player: b, usd: 0n, bzu: 0n, bonus: 0, free: true },
      { player: c, usd: 0n, bzu: 0n, bonus: 1, free: false },
    ];
    for (let i = 0; i < 24; i += 1) {
      const entry = players[Math.floor(random() * players.length)]!;
      const bzu = entry.player === c && random() < 0.5;
      const amount = bzu
        ? formatAmount(BigInt(1 + Math.floor(random() * 40)) * 10n ** 8n)
        : formatAmount(BigInt(1_000_000 + Math.floor(random() * 699_000_000)));
      const answer = data(
        await trpc(
          suite.platform,
          'mutation',
          'games.dice.bet',
          { amount, currency: bzu ? 'BZU' : 'USD', target: 50.5, condition: random() < 0.5 ? 'over' : 'under' },
          entry.player.token,
        ),
      );
      expect(answer.bet.state).not.toBe('open');
      if (bzu) entry.bzu += parseAmount(amount);
      else entry.usd += parseAmount(amount);
    }
    expect(data(await trpc(suite.platform, 'mutation', 'raffle.claimFreeEntry', undefined, b.token))).toMatchObject({
      freeEntry: true,
    });

    const expected = players.map((entry) =>
      ticketsFor(RULE, {
        wageredUsd: entry.usd,
        wageredBzu: entry.bzu,
        holderBonus: entry.bonus,
        freeEntry: entry.free ? 1 : 0,
      }),
    );
    const total = expected.reduce((sum, tickets) => sum + tickets, 0);
    // Each player's own tickets are always fresh; the all-players total is cached for 3 s (LIVE_CACHE_MS): let it expire.
    expect((await current(a)).mine.tickets).toBe(expected[0]);
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    for (const [index, entry] of players.entries()) {
      const view = await current(entry.player);
      expect(view.mine).toMatchObject({
        tickets: expected[index],
        wageredUsd: formatAmount(entry.usd),
        wageredBzu: formatAmount(entry.bzu),
        holderBonus: entry.bonus,
        freeEntry: entry.free,
      });
      expect(view.totalTickets).toBe(total);
      expect(view.players).toBe(3);
      expect(Number(view.mine.winChance)).toBeGreaterThan(0);
    }
    expect((await current(d)).mine).toMatchObject({ tickets: 0, holderBonus: 0, winChance: '0' });
    // Wagered below one ticket: no ticket and not among the players, but the page shows what was wagered.
    const e = await funded('5');
    data(
      await trpc(
        suite.platform,
        'mutation',
        'games.dice.bet',
        { amount: '0.5', currency: 'USD', target: 50.5, condition: 'over' },
        e.token,
      ),
    );
    const below = await current(e);
    expect(below.mine).toMatchObject({ tickets: 0, wageredUsd: '0.5', wageredBzu: '0', winChance: '0' });
    expect([below.players, below.totalTickets]).toEqual([3, total]);
    // REST answers the same for the signed-in player.
    const rest = await http(suite.platform.url, 'GET', '/api/raffle/current', undefined, { token: a.token });
    expect(rest.status).toBe(200);
    expect(rest.body.mine.tickets).toBe(expected[0]);
  });

  it('the draw pays the prizes through the ledger; a replay from the published CSV and revealed seed picks the same winners', async () => {
    const before = new Map(
      await Promise.all(players.map(async (entry) => [idOf(entry.player), await cash(idOf(entry.player))] as const)),
    );
    const jackpotBefore = await houseRaffle();
    const { raffle, paid } = await services().raffle.drawNow();
    expect(paid).toBe(true);
    expect(raffle).toMatchObject({
      id: firstRaffleId,
      status: 'drawn',
      players: 3,
      jackpotCarried: formatAmount(jackpotBefore),
    });

    const { detail, ranges, winners } = await replay(firstRaffleId);
    // The CSV carries the formula's tickets, in user id order from ticket 0.
    const byUser = new Map(
      players.map((entry) => [
        idOf(entry.player),
        ticketsFor(RULE, {
          wageredUsd: entry.usd,
          wageredBzu: entry.bzu,
          holderBonus: entry.bonus,
          freeEntry: entry.free ? 1 : 0,
        }),
      ]),
    );
    expect(ranges.map((range) => [range.userId, range.tickets])).toEqual(
      [...byUser.entries()].sort((x, y) => x[0] - y[0]),
    );
    expect(winners.map((winner) => [winner.prizeIndex, winner.ticket, winner.userId])).toEqual(
      detail.prizes.map((prize: any) => [prize.index, prize.ticket, prize.userId]),
    );
    expect(detail.prizes).toHaveLength(4);

    // Pool: jackpot carried + the revenue share; each prize its share; what is not paid stays in house:raffle.
    const pool = parseAmount(detail.pool);
    expect(pool).toBe(jackpotBefore + parseAmount(detail.revenueShare));
    const amounts = prizeAmounts(pool, SHARES);
    expect(detail.prizes.map((prize: any) => prize.amount)).toEqual(amounts.map(formatAmount));
    const paidOut = amounts.reduce((sum, amount) => sum + amount, 0n);
    expect(parseAmount(detail.unawardedAmount)).toBe(pool - paidOut);
    expect(await houseRaffle()).toBe(pool - paidOut);
    for (const [userId, balance] of before) {
      const won = detail.prizes
        .filter((prize: any) => prize.userId === userId)
        .reduce((sum: bigint, prize: any) => sum + parseAmount(prize.amount), 0n);
      expect(await cash(userId)).toBe(balance + won);
    }
    const prizeTx = await sql<{
      n: number;
    }>`select count(*)::int as n from ledger_transactions where idempotency_key = ${`raffle:${firstRaffleId}:prizes`}`.execute(
      db(),
    );
    expect(prizeTx.rows[0]!.n).toBe(pool > 0n ? 1 : 0);
    // raffle-win per paid prize (outbox), and the Trollbox line naming the first winner.
    const wins = await sql<{ payload: any }>`select payload from event_outbox where type = 'raffle-win'`.execute(db());
    expect(wins.rows.filter((row) => row.payload.raffleId === firstRaffleId)).toHaveLength(
      amounts.filter((amount) => amount > 0n).length,
    );
    const line = await sql<{
      message: string;
    }>`select message from chat_messages where kind = 'raffle' and user_id is null order by id desc limit 1`.execute(
      db(),
    );
    expect(line.rows[0]!.message).toMatch(new RegExp(`^Raffle #${firstRaffleId} drawn: `));
    expect(line.rows[0]!.message).toContain('/raffle');
    // The past list shows it with the winners' names; a new raffle is open.
    const past = data(await trpc(suite.platform, 'query', 'raffle.past', { limit: 5 }));
    expect(past.items[0]).toMatchObject({ id: firstRaffleId, status: 'drawn', serverSeed: detail.serverSeed });
    expect(past.items[0].prizes[0].username).toEqual(expect.any(String));
    const next = await current();
    expect(next.id).not.toBe(firstRaffleId);
    expect(next.pool.jackpot).toBe(formatAmount(pool - paidOut));
    await expectLedgerOk();
  });

  it('the draw job run twice and concurrently closes and pays once', async () => {
    const player = await funded('50');
    await seedJackpot('20');
    data(
      await trpc(
        suite.platform,
        'mutation',
        'games.dice.bet',
        { amount: '5', currency: 'USD', target: 50.5, condition: 'over' },
        player.token,
      ),
    );
    const { id } = await current();
    await expireOpenRaffle();
    const balance = await cash(idOf(player));
    // Three ticks (a retry and a second worker) and a direct draw at once: one closes, one pays, one opens the next.
    const [draw, ...ticks] = (await Promise.all([
      services().raffle.draw(id),
      ...[1, 2, 3].map(() => raffleHandlers.tick({}, jobContext())),
    ])) as [{ paid: boolean }, ...{ closed: string[]; drawn: string[]; opened: string | null }[]];
    const again = (await raffleHandlers.tick({}, jobContext())) as {
      closed: string[];
      drawn: string[];
      opened: string | null;
    };
    expect(ticks.flatMap((tick) => tick.closed)).toEqual([id]);
    expect([...ticks.flatMap((tick) => tick.drawn), ...(draw.paid ? [id] : [])]).toEqual([id]);
    expect(ticks.filter((tick) => tick.opened !== null)).toHaveLength(1);
    expect(again).toEqual({ opened: null, closed: [], drawn: [] });
    expect((await services().raffle.draw(id)).paid).toBe(false);
    const keys = await sql<{
      key: string;
    }>`select idempotency_key as key from ledger_transactions where idempotency_key like ${`raffle:${id}:%`} order by 1`.execute(
      db(),
    );
    const detail = await services().raffle.byId(id);
    expect(detail.prizes).toHaveLength(4 > detail.totalTickets ? detail.totalTickets : 4);
    const won = detail.prizes.reduce((sum, prize) => sum + parseAmount(prize.amount), 0n);
    expect(won).toBeGreaterThan(0n);
    expect(keys.rows.map((row) => row.key)).toEqual([
      ...(detail.revenueShare !== '0' ? [`raffle:${id}:funding`] : []),
      `raffle:${id}:prizes`,
    ]);
    expect(await cash(idOf(player))).toBe(balance + won);
    expect(await count('raffles')).toBe(3);
    expect((await replay(id)).winners.map((winner) => winner.ticket)).toEqual(
      detail.prizes.map((prize) => prize.ticket),
    );
    await expectLedgerOk();
  });

  it('the free entry is one ticket, idempotent, signed-in only, and only while the raffle is open', async () => {
    const player = await signedInAccount(suite.platform);
    expect((await http(suite.platform.url, 'POST', '/api/raffle/free-entry')).status).toBe(401);
    const first = await http(suite.platform.url, 'POST', '/api/raffle/free-entry', undefined, { token: player.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ tickets: 1, freeEntry: true, holderBonus: 0 });
    const second = data(await trpc(suite.platform, 'mutation', 'raffle.claimFreeEntry', undefined, player.token));
    expect(second).toMatchObject({ tickets: 1, freeEntry: true });
    expect(await count('raffle_free_entries')).toBe(2);

    await expireOpenRaffle();
    const closed = await http(suite.platform.url, 'POST', '/api/raffle/free-entry', undefined, {
      token: (await signedInAccount(suite.platform)).token,
    });
    expect(closed.status).toBe(409);
    expect(await count('raffle_free_entries')).toBe(2);
    await raffleHandlers.tick({}, jobContext());
    // The next raffle takes a new free entry.
    expect(
      data(await trpc(suite.platform, 'mutation', 'raffle.claimFreeEntry', undefined, player.token)),
    ).toMatchObject({ tickets: 1, freeEntry: true });
    expect(await count('raffle_free_entries')).toBe(3);
  });

  it('bad input answers 4xx with a clear message and changes nothing', async () => {
    const player = await signedInAccount(suite.platform);
    const snapshot = async () => [
      await count('raffles'),
      await count('raffle_free_entries'),
      await count('raffle_prizes'),
      await count('ledger_transactions'),
    ];
    const before = await snapshot();
    const { id: openId } = await current();
    for (const [path, status, message] of [
      ['/api/raffle/abc', 400, /raffle id must be a whole number from 1/],
      ['/api/raffle/0', 400, /raffle id must be a whole number from 1/],
      ['/api/raffle/99999999', 404, /No raffle #99999999/],
      ['/api/raffle/past?limit=0', 400, /limit must be from 1 to 50/],
      ['/api/raffle/past?limit=500', 400, /limit must be from 1 to 50/],
      ['/api/raffle/past?cursor=x', 400, /cursor must be a whole number/],
      [`/api/raffle/${openId}/entrants.csv`, 409, /still open/],
      ['/api/raffle/99999999/entrants.csv', 404, /No raffle/],
    ] as const) {
      const answer = await http(suite.platform.url, 'GET', path, undefined, { token: player.token });
      expect(answer.status, path).toBe(status);
      expect(JSON.stringify(answer.body), path).toMatch(message);
    }
    expect((await trpc(suite.platform, 'query', 'raffle.byId', { id: 1 })).status).toBe(400);
    expect((await trpc(suite.platform, 'query', 'raffle.byId', { id: '-1' })).status).toBe(400);
    expect((await trpc(suite.platform, 'query', 'raffle.past', { limit: 'ten' })).status).toBe(400);
    expect((await trpc(suite.platform, 'query', 'raffle.past', { limit: 5, extra: true })).status).toBe(400);
    // The open raffle's detail never shows its seed.
    const open = data(await trpc(suite.platform, 'query', 'raffle.byId', { id: openId }));
    expect(open).toMatchObject({ status: 'open', serverSeed: null, entrantsHash: null, prizes: [] });
    expect(await snapshot()).toEqual(before);
  });

  it('a draw announces itself: raffle-update on the public raffle channel, raffle-win and balance-update to the winner', async () => {
    await seedJackpot('10');
    const winner = await signedInAccount(suite.platform);
    // The open raffle already has one free entry (the test before): two tickets, four prizes, both tickets win.
    data(await trpc(suite.platform, 'mutation', 'raffle.claimFreeEntry', undefined, winner.token));
    const socket = await TestSocket.open(suite.platform.url, `?token=${winner.token}`);
    socket.send({ type: 'subscribe', channels: ['raffle', `user:${winner.user.id}`] });
    await socket.next((frame) => frame.type === 'subscribed' && frame.channel === 'raffle');
    await socket.next((frame) => frame.type === 'subscribed' && frame.channel === `user:${winner.user.id}`);
    const { raffle } = await services().raffle.drawNow();
    expect(raffle.prizes).toHaveLength(2);
    const prize = raffle.prizes.find((item) => item.userId === idOf(winner))!;
    await socket.next(
      (frame) => frame.type === 'raffle-update' && frame.data.raffleId === raffle.id && frame.data.status === 'closed',
    );
    await socket.next(
      (frame) => frame.type === 'raffle-update' && frame.data.raffleId === raffle.id && frame.data.status === 'drawn',
    );
    await socket.next(
      (frame) => frame.type === 'raffle-update' && frame.data.status === 'open' && frame.data.raffleId !== raffle.id,
    );
    const win = await socket.next((frame) => frame.type === 'raffle-win');
    expect(win.data).toEqual({
      userId: String(idOf(winner)),
      raffleId: raffle.id,
      prizeIndex: prize.index,
      amount: prize.amount,
      currency: 'USD',
    });
    await socket.next((frame) => frame.type === 'balance-update' && frame.data.newBalance === Number(prize.amount));
    socket.close();
    // Each status change was written to the event outbox with the change itself (and published from there), so a
    // crash right after a commit still announces it: the sweep publishes what is left unpublished.
    const outboxed = await sql<{ status: string; raffle_id: string }>`
      select payload->>'status' as status, payload->>'raffleId' as raffle_id from event_outbox
      where type = 'raffle-update' and payload->>'raffleId' = ${raffle.id} order by id`.execute(db());
    expect(outboxed.rows.map((row) => row.status)).toEqual(['open', 'closed', 'drawn']);
    await expectLedgerOk();
  });

  it('a raffle nobody entered pays nothing: its pool rolls into the jackpot of the next', async () => {
    // Close the current raffle (it has a free entry) so the next one starts empty.
    await services().raffle.drawNow();
    const empty = await current();
    expect(empty).toMatchObject({ totalTickets: 0, players: 0 });
    const jackpot = await houseRaffle();
    const { raffle, paid } = await services().raffle.drawNow();
    expect(paid).toBe(true);
    expect(raffle).toMatchObject({
      id: empty.id,
      status: 'drawn',
      totalTickets: 0,
      players: 0,
      prizes: [],
      pool: formatAmount(jackpot),
      unawardedAmount: formatAmount(jackpot),
    });
    expect(await houseRaffle()).toBe(jackpot);
    const csv = await fetch(`${suite.platform.url}/api/raffle/${empty.id}/entrants.csv`);
    expect(await csv.text()).toBe('user_id,tickets,first_ticket,last_ticket\n');
    expect((await current()).pool.jackpot).toBe(formatAmount(jackpot));
    await expectLedgerOk();
  });
});
