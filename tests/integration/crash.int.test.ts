import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixChainSalt, insertChain, type ChainRow, type RoundRow } from '../../db/repositories/rounds.repo.js';
import { CRASH_GAME } from '../../server/src/domain/games/crash/crash.game.js';
import { msToReach } from '../../server/src/domain/games/crash/rules.js';
import { buildChain, sha256Hex } from '../../server/src/domain/rounds/hash-chain.js';
import type { AnyRoundGame } from '../../server/src/domain/rounds/round-game.js';
import { FAST_HASHING, RELAXED_LIMITS, expectLegacyError, http, type signedInAccount } from '../support/auth.js';
import { CRASH_VECTORS, closeBetting, installVectorChain, runningFor } from '../support/crash.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { TestSocket } from '../support/socket-client.js';
import { fundedAccount, WALLET_TEST_ENV } from '../support/wallet.js';

const E8 = 100_000_000n;
const crash = CRASH_GAME as unknown as AnyRoundGame;
const TIMINGS = { bettingMs: 60_000, cooldownMs: 0 };

/**
 * Crash on the round engine, driven step by step (the runner's steps, without its clock): the vectors' chain makes each
 * round's crash point known (round 1: 10.30x, round 2: 1.86x, round 3: 1.75x), and moving a round's start into the
 * past puts every server's reading of the curve where a test needs it. The profit limit is 5 USD.
 */
describe('crash rounds: betting, cash-out, settlement, refunds', () => {
  let platform: TestPlatform;
  let chain: ChainRow;
  const services = () => platform.platform.services;
  const db = () => platform.platform.infra.db;
  type Player = Awaited<ReturnType<typeof signedInAccount>>;
  const post = (player: Player, path: string, body: unknown) =>
    http(platform.url, 'POST', path, body, { token: player.token });
  const balance = async (player: Player) => (await services().wallet.ledger.balances(player.user.id)).USD;
  const payoutCount = async (betId: string) =>
    (
      await sql<{
        n: string;
      }>`select count(*)::text as n from ledger_transactions where idempotency_key = ${`bet:${betId}:payout`}`.execute(
        db(),
      )
    ).rows[0]!.n;
  const roundRow = async (id: string) =>
    (await sql<{ state: string }>`select state from rounds where id = ${id}`.execute(db())).rows[0]!.state;

  beforeAll(async () => {
    platform = await startTestPlatform({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      ...WALLET_TEST_ENV,
      GAME_MIN_BET_USD: '0.01',
      GAME_MAX_PROFIT_USD: '5',
    });
    chain = await installVectorChain(db());
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('a chain published without its salt gets one once, before round 1', async () => {
    // Another game's slot (the wheel's, unused yet), so crash's chain stays as the vectors publish it.
    const built = buildChain(20, 10);
    await insertChain(db(), {
      game: 'wheel',
      length: 20,
      checkpointEvery: 10,
      terminalHash: built.terminalHash,
      salt: null,
      checkpoints: built.checkpoints,
    });
    expect(await fixChainSalt(db(), 'wheel', 'block 000000abc')).toBe(true);
    expect(await fixChainSalt(db(), 'wheel', 'a later choice')).toBe(false);
    const stored = await sql<{
      salt: string;
      set: boolean;
    }>`select salt, salt_set_at is not null as set from round_chains where game = 'wheel'`.execute(db());
    expect(stored.rows[0]).toEqual({ salt: 'block 000000abc', set: true });
  });

  it('publishes the terminal hash and salt before round 1', async () => {
    const published = await http(platform.url, 'GET', '/api/crash/chain');
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      terminalHash: CRASH_VECTORS.terminalHash,
      salt: CRASH_VECTORS.salt,
      rounds: 0,
    });
    const games = await http(platform.url, 'GET', '/api/games');
    expect(games.body.find((g: { slug: string }) => g.slug === 'crash')).toMatchObject({
      name: 'Crash',
      category: 'originals',
      rtp: 99,
    });
  });

  let round1: RoundRow;
  const players: Record<string, Player> = {};
  const bets: Record<string, string> = {};

  let socket: TestSocket;

  it('takes bets in the betting window, refuses bad ones with 4xx and no change, and 409 BETTING_CLOSED after it', async () => {
    // A guest watches the `crash` channel on /api/ws.
    socket = await TestSocket.open(platform.url);
    socket.send({ type: 'subscribe', channels: ['crash'] });
    await socket.next((frame) => frame.type === 'subscribed' && frame.channel === 'crash');
    round1 = await services().rounds.openBetting(crash, chain, TIMINGS);
    expect(round1).toMatchObject({ number: 1, state: 'betting' });
    const opened = await socket.next((frame) => frame.type === 'round-update');
    expect(opened.data).toMatchObject({
      game: 'crash',
      id: round1.id,
      number: 1,
      state: 'betting',
      bettingEndsAt: round1.bettingEndsAt!.toISOString(),
    });
    for (const name of ['manual', 'parallel', 'auto2', 'auto20', 'rider', 'late'])
      players[name] = await fundedAccount(platform, '100');

    const bad = [
      { amount: -1 },
      { amount: 1, autoCashout: 1 },
      { amount: 1, autoCashout: '2.001' },
      { amount: 1, currency: 'EUR' },
      {},
    ];
    for (const body of bad)
      expect((await post(players.manual!, '/api/crash/bets', body)).status, JSON.stringify(body)).toBe(400);
    expect(await balance(players.manual!)).toBe(100n * E8);

    const placed = await post(players.manual!, '/api/crash/bets', { amount: 1, clientBetId: 'crash-1' });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      game: 'crash',
      state: 'open',
      amount: 1,
      outcome: { roundId: round1.id, roundNumber: 1 },
      balance: '99',
    });
    bets.manual = placed.body.id;
    const seen = await socket.next((frame) => frame.type === 'round-bet');
    expect(seen.data).toMatchObject({
      roundId: round1.id,
      betId: bets.manual,
      state: 'open',
      amount: '1',
      currency: 'USD',
    });
    expect(JSON.stringify(seen.data)).not.toContain('userId');
    // A retry with the same clientBetId is the same bet; a second bet in the round is refused.
    expect((await post(players.manual!, '/api/crash/bets', { amount: 1, clientBetId: 'crash-1' })).body.id).toBe(
      bets.manual,
    );
    expectLegacyError(await post(players.manual!, '/api/crash/bets', { amount: 1 }), 409, /already/, 'ALREADY_BET');
    expect(await balance(players.manual!)).toBe(99n * E8);

    bets.parallel = (await post(players.parallel!, '/api/crash/bets', { amount: 2 })).body.id;
    bets.auto2 = (await post(players.auto2!, '/api/crash/bets', { amount: 3, autoCashout: 2 })).body.id;
    // 0.1 USD: the profit limit's point (51x) is above its target, so the target decides.
    bets.auto20 = (await post(players.auto20!, '/api/crash/bets', { amount: 0.1, autoCashout: '20.00' })).body.id;
    bets.rider = (await post(players.rider!, '/api/crash/bets', { amount: 1 })).body.id;

    const current = await http(platform.url, 'GET', '/api/crash/current');
    expect(current.body).toMatchObject({ id: round1.id, number: 1, state: 'betting' });
    expect(current.body.hash).toBeUndefined();
    expect(current.body.crashPoint).toBeUndefined();
    expect(current.body.bets).toHaveLength(5);
    expect(current.body.bets.find((b: { betId: string }) => b.betId === bets.auto2)).toMatchObject({
      autoCashout: '2.00',
      amount: '3',
    });

    await closeBetting(db(), round1.id);
    expectLegacyError(await post(players.late!, '/api/crash/bets', { amount: 1 }), 409, /closed/, 'BETTING_CLOSED');
    expect(await balance(players.late!)).toBe(100n * E8);
  });

  it('while a round runs, a new bet is queued for the next round; a cash-out before the start is refused', async () => {
    const started = await services().rounds.start(crash, chain, round1);
    expect(started?.round.state).toBe('running');
    expect(started?.runningMs).toBe(msToReach(1030));
    const queued = await post(players.late!, '/api/crash/bets', { amount: 1 });
    expect(queued.status).toBe(201);
    expect(queued.body.outcome).toMatchObject({ roundNumber: 2 });
    bets.late = queued.body.id;
    expectLegacyError(
      await post(players.late!, '/api/crash/cashout', {}),
      404,
      /no bet in the running round/,
      'NOT_FOUND',
    );
  });

  it('a cash-out pays floor(stake x the multiplier read from the start time), once under 100 parallel requests', async () => {
    await runningFor(db(), round1.id, msToReach(200));
    const cashed = await post(players.manual!, '/api/crash/cashout', {});
    expect(cashed.status, JSON.stringify(cashed.body)).toBe(200);
    const m = Number(cashed.body.multiplier);
    expect(m).toBeGreaterThanOrEqual(2);
    expect(m).toBeLessThan(2.1);
    expect(cashed.body).toMatchObject({ state: 'won', payout: m });
    expect(await balance(players.manual!)).toBe(99n * E8 + (BigInt(Math.round(m * 100)) * E8) / 100n);

    const answers = await Promise.all(
      Array.from({ length: 100 }, () => post(players.parallel!, '/api/crash/cashout', { betId: bets.parallel })),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const late of answers.filter((a) => a.status !== 200)) expect(late.body.code).toBe('ROUND_ENDED');
    expect(await payoutCount(bets.parallel!)).toBe('1');
    // Someone else's bet is not yours to cash out.
    expectLegacyError(
      await post(players.manual!, '/api/crash/cashout', { betId: bets.rider }),
      404,
      /No such bet/,
      'NOT_FOUND',
    );
  });

  it('a bet passed its auto cash-out on the way up: a late manual cash-out pays exactly the target', async () => {
    await runningFor(db(), round1.id, msToReach(300));
    const cashed = await post(players.auto2!, '/api/crash/cashout', {});
    expect(cashed.body).toMatchObject({ state: 'won', multiplier: 2, payout: 6 });
  });

  it('a cash-out read at or after the crash point is refused even before the runner ends the round', async () => {
    await runningFor(db(), round1.id, msToReach(1030));
    expectLegacyError(await post(players.auto20!, '/api/crash/cashout', {}), 409, /Too late/, 'ROUND_ENDED');
  });

  it('the bust settles every open bet once: autos at or below the crash point win exactly it, riders are capped at the profit limit', async () => {
    // The running round's correcting tick reaches every viewer with the database's clock (the one cash-outs read).
    await services().rounds.tick(crash, round1.id);
    const tick = await socket.next((frame) => frame.type === 'round-tick');
    expect(tick.data).toMatchObject({ game: 'crash', id: round1.id });
    const dbNow = (await sql<{ now: Date }>`select clock_timestamp() as now`.execute(db())).rows[0]!.now.getTime();
    expect(dbNow - Date.parse(String(tick.data.serverTime))).toBeGreaterThanOrEqual(0);
    expect(dbNow - Date.parse(String(tick.data.serverTime))).toBeLessThan(5_000);
    const ended = await services().rounds.end(crash, chain, round1);
    expect(ended.settled).toBe(2);
    // Every viewer sees the bust with the revealed hash, and each settled bet.
    const bust = await socket.next((frame) => frame.type === 'round-update' && frame.data.state === 'ended');
    expect(bust.data).toMatchObject({ id: round1.id, crashPoint: '10.30', hash: CRASH_VECTORS.rounds[0]!.hash });
    await socket.next(
      (frame) => frame.type === 'round-bet' && frame.data.betId === bets.rider && frame.data.cashedOutAt === '6.00',
    );
    socket.close();
    const view = await http(platform.url, 'GET', `/api/crash/rounds/${round1.id}`);
    expect(view.body).toMatchObject({ state: 'ended', crashPoint: '10.30', hash: CRASH_VECTORS.rounds[0]!.hash });
    expect(sha256Hex(view.body.hash)).toBe(CRASH_VECTORS.terminalHash);
    const byId = Object.fromEntries(view.body.bets.map((b: { betId: string }) => [b.betId, b]));
    expect(byId[bets.auto20!]).toMatchObject({ state: 'lost' });
    // 1 USD riding to 10.30x: the profit limit (5 USD) cashed it out at 6.00x.
    expect(byId[bets.rider!]).toMatchObject({ state: 'won', cashedOutAt: '6.00', payout: '6' });
    expect(await balance(players.rider!)).toBe(105n * E8);
    expect(await balance(players.auto20!)).toBe(100n * E8 - E8 / 10n);
    const details = await http(platform.url, 'GET', `/api/bets/${bets.rider}`);
    expect(details.body).toMatchObject({
      game: 'crash',
      state: 'won',
      capped: true,
      payout: 6,
      outcome: { roundId: round1.id, crashPoint: '10.30' },
    });
    // Every bet of the round shows the crash point once it ended, a hand cash-out's too; an auto bet shows its target.
    expect((await http(platform.url, 'GET', `/api/bets/${bets.manual}`)).body.outcome).toMatchObject({
      crashPoint: '10.30',
    });
    expect((await http(platform.url, 'GET', `/api/bets/${bets.auto20}`)).body.outcome).toMatchObject({
      autoCashout: '20.00',
      crashPoint: '10.30',
    });
    const mine = await http(platform.url, 'GET', '/api/bets?game=crash', undefined, { token: players.auto20!.token });
    expect(mine.body.bets.map((b: { id: string }) => b.id)).toEqual([bets.auto20]);
    // Settling again changes nothing.
    expect((await services().rounds.end(crash, chain, round1)).settled).toBe(0);
    const rounds = await http(platform.url, 'GET', '/api/crash/rounds');
    expect(rounds.body.rounds[0]).toMatchObject({ number: 1, crashPoint: '10.30' });
  });

  it('a cash-out racing the bust settles the bet exactly once, either way', async () => {
    const round2 = await services().rounds.openBetting(crash, chain, TIMINGS);
    expect(round2).toMatchObject({ number: 2, state: 'betting' });
    const racer = await fundedAccount(platform, '10');
    const bet = (await post(racer, '/api/crash/bets', { amount: 1 })).body.id as string;
    await closeBetting(db(), round2.id);
    const started = (await services().rounds.start(crash, chain, round2))!;
    // Just below 1.86x: a cash-out read now still pays, unless the bust got the bet first.
    await runningFor(db(), round2.id, msToReach(186) - 40);
    const [answers, ended] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => post(racer, '/api/crash/cashout', { betId: bet }))),
      services().rounds.end(crash, chain, started.round),
    ]);
    const won = answers.filter((a) => a.status === 200);
    expect(won.length + ended.settled).toBe(2); // the late bet queued in round 2 and the racer's
    expect(won.length).toBeLessThanOrEqual(1);
    for (const other of answers.filter((a) => a.status !== 200)) expect(other.body.code).toBe('ROUND_ENDED');
    const row = (await http(platform.url, 'GET', `/api/bets/${bet}`)).body;
    expect(['won', 'lost']).toContain(row.state);
    expect(await payoutCount(bet)).toBe(row.state === 'won' ? '1' : '0');
    expect(await balance(racer)).toBe(9n * E8 + BigInt(Math.round(row.payout * 1e8)));
    // The late player's queued bet (no auto) lost at 1.86x.
    expect((await http(platform.url, 'GET', `/api/bets/${bets.late}`)).body.state).toBe('lost');
  });

  it('a round its runner could not finish is cancelled: every open bet refunded exactly once, the hash revealed', async () => {
    const round3 = await services().rounds.openBetting(crash, chain, TIMINGS);
    const a = await fundedAccount(platform, '10');
    const b = await fundedAccount(platform, '10');
    const betA = (await post(a, '/api/crash/bets', { amount: 2 })).body.id as string;
    await post(b, '/api/crash/bets', { amount: 3, autoCashout: 1.5 });
    await closeBetting(db(), round3.id);
    await services().rounds.start(crash, chain, round3);
    // A bet for the queued round 4 is refunded too: its round will never run on this (dead) runner.
    const c = await fundedAccount(platform, '10');
    await post(c, '/api/crash/bets', { amount: 1 });

    expect(await services().rounds.cancelUnfinished(crash)).toBe(3);
    expect(await services().rounds.cancelUnfinished(crash)).toBe(0);
    for (const player of [a, b, c]) expect(await balance(player)).toBe(10n * E8);
    expect(await roundRow(round3.id)).toBe('cancelled');
    const view = (await http(platform.url, 'GET', `/api/crash/rounds/${round3.id}`)).body;
    expect(view).toMatchObject({ state: 'cancelled', hash: CRASH_VECTORS.rounds[2]!.hash });
    expect(view.bets.every((bet: { refunded?: boolean }) => bet.refunded === true)).toBe(true);
    // A refund is neither a win at 1.00x nor a loss: its own state in every view (issue 45, point 9).
    expect((await http(platform.url, 'GET', `/api/bets/${betA}`)).body).toMatchObject({
      state: 'refunded',
      payout: 2,
      multiplier: 1,
      outcome: { refunded: true },
    });
    expect(view.bets.map((bet: { state: string }) => bet.state)).toEqual(['refunded', 'refunded']);
    const mine = (await http(platform.url, 'GET', '/api/bets?state=refunded', undefined, { token: a.token })).body;
    expect(mine.bets.map((bet: { id: string }) => bet.id)).toEqual([betA]);
    const csv = await fetch(`${platform.url}/api/bets/export.csv`, { headers: { authorization: `Bearer ${a.token}` } });
    expect((await csv.text()).split('\r\n')[1]).toMatch(
      new RegExp(`^${betA},[^,]+,crash,USD,2,1\\.0000,2,0,refunded,`),
    );
    // XP and rakeback come with crash bets as with every game, but a refunded bet wagered nothing: none for it, not
    // even from the accrual sweep.
    await services().games.engine.accrueMissed({ olderThanMs: 0, limit: 1_000 });
    const accrued = async (betId: string) =>
      (await sql<{ n: string }>`select count(*)::text as n from bet_economy where bet_id = ${betId}`.execute(db()))
        .rows[0]!.n;
    expect(await accrued(betA)).toBe('0');
    expect(await accrued(bets.rider!)).toBe('1');
    // The salt of a chain that played rounds is fixed for good.
    await expect(services().rounds.fixSalt(crash, 'another salt')).rejects.toMatchObject({ code: 'SALT_FIXED' });
    // The next round takes the chain's next number.
    expect(await services().rounds.openBetting(crash, chain, TIMINGS)).toMatchObject({ number: 5, state: 'betting' });
  });
});
