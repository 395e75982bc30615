import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainRow, RoundRow } from '../../db/repositories/rounds.repo.js';
import { sha256Hex } from '../../server/src/domain/rounds/hash-chain.js';
import { FAST_HASHING, RELAXED_LIMITS, expectLegacyError, http, type signedInAccount } from '../support/auth.js';
import { closeBetting } from '../support/crash.js';
import { betEconomy, creditBzu, payoutCount, raffleStanding } from '../support/game-checks.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { TestSocket } from '../support/socket-client.js';
import { rafflePerWagerEnv } from '../support/test-clock.js';
import { fundedAccount, WALLET_TEST_ENV } from '../support/wallet.js';
import { installWheelChain, wheelSteps, wheelVector, WHEEL_VECTORS } from '../support/wheel.js';

const E8 = 100_000_000n;

/**
 * The money wheel on the round engine, driven step by step (the runner's steps without its clock), on the vectors'
 * chain from vector round 16: round 1 lands on 2x, 2x, then 10 (chips on 10 return 41 times), round 2 on 1. The
 * profit limit is 5 USD.
 */
describe('money wheel rounds: chips, re-spins, settlement once, USD and BZU', () => {
  let platform: TestPlatform;
  let chain: ChainRow;
  let steps: ReturnType<typeof wheelSteps>;
  const services = () => platform.platform.services;
  const db = () => platform.platform.infra.db;
  type Player = Awaited<ReturnType<typeof signedInAccount>>;
  const post = (player: Player, body: unknown) =>
    http(platform.url, 'POST', '/api/wheel/bets', body, { token: player.token });
  const balance = async (player: Player, currency: 'USD' | 'BZU' = 'USD') =>
    (await services().wallet.ledger.balances(player.user.id))[currency];
  const expectLedgerOk = async () => expect(await services().wallet.ledger.check()).toEqual([]);

  beforeAll(async () => {
    platform = await startTestPlatform({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      ...WALLET_TEST_ENV,
      GAME_MIN_BET_USD: '0.01',
      GAME_MAX_PROFIT_USD: '5',
      ...rafflePerWagerEnv(),
    });
    chain = await installWheelChain(db());
    steps = wheelSteps(services(), chain);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  let round1: RoundRow;
  const players: Record<string, Player> = {};
  const bets: Record<string, string> = {};

  it('is in the catalogue under Game Shows with its exact lowest RTP; its chain is published before round 1', async () => {
    const games = await http(platform.url, 'GET', '/api/games');
    expect(games.body.find((g: { slug: string }) => g.slug === 'wheel')).toMatchObject({
      name: 'Money Wheel',
      category: 'gameshows',
      rtp: 95.25,
    });
    const published = await http(platform.url, 'GET', '/api/wheel/chain');
    expect(published.body).toMatchObject({
      terminalHash: WHEEL_VECTORS.rounds[14]!.hash,
      salt: WHEEL_VECTORS.salt,
      rounds: 0,
    });
  });

  it('bad input is a 400 that changes nothing; a self-excluded player gets 403', async () => {
    round1 = await steps.openBetting();
    expect(round1).toMatchObject({ number: 1, state: 'betting' });
    const player = await fundedAccount(platform, '10');
    const bad = [
      {},
      { chips: [] },
      { chips: [{ value: 3, amount: 1 }] },
      {
        chips: [
          { value: 10, amount: 1 },
          { value: 10, amount: 2 },
        ],
      },
      { chips: [{ value: 10, amount: -1 }] },
      { chips: [{ value: 10, amount: 0 }] },
      { chips: [{ value: 10, amount: '0.000000001' }] },
      { chips: [{ value: '10', amount: 1 }] },
      { chips: [{ value: 10, amount: 1 }], currency: 'EUR' },
      { chips: [{ value: 10, amount: 11 }] },
    ];
    for (const body of bad) {
      const answer = await post(player, body);
      expect([400, 409], JSON.stringify(body)).toContain(answer.status);
      if (answer.status === 409) expect(answer.body.code, JSON.stringify(body)).toBe('INSUFFICIENT_FUNDS');
    }
    expectLegacyError(
      await post(player, { chips: [{ value: 3, amount: 1 }] }),
      400,
      /one of the values 1, 2, 4, 10, 42/,
    );
    expectLegacyError(
      await post(player, {
        chips: [
          { value: 2, amount: 1 },
          { value: 2, amount: 1 },
        ],
      }),
      400,
      /one chip per value/,
    );
    expect(await balance(player)).toBe(10n * E8);
    const excluded = await fundedAccount(platform, '10');
    await services().wallet.responsibleGaming.selfExclude(excluded.user.id, '24h');
    expectLegacyError(
      await post(excluded, { chips: [{ value: 1, amount: 1 }] }),
      403,
      /self-excluded/,
      'SELF_EXCLUDED',
    );
    expect(await balance(excluded)).toBe(10n * E8);
    const count = await sql<{ n: number }>`select count(*)::int as n from bets where game = 'wheel'`.execute(db());
    expect(count.rows[0]!.n).toBe(0);
  });

  it('100 parallel bets against one balance take one stake; a clientBetId retry is the same bet; guests see the chips live', async () => {
    const socket = await TestSocket.open(platform.url);
    socket.send({ type: 'subscribe', channels: ['wheel'] });
    await socket.next((frame) => frame.type === 'subscribed' && frame.channel === 'wheel');
    for (const name of ['parallel', 'capped', 'loser', 'bzu']) players[name] = await fundedAccount(platform, '100');

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(players.parallel!, {
          chips: [
            { value: 10, amount: 0.1 },
            { value: 1, amount: '0.2' },
          ],
          clientBetId: `par-${i}`,
        }),
      ),
    );
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(1);
    for (const other of answers.filter((a) => a.status !== 201))
      expect(other.body.code, JSON.stringify(other.body)).toBe('ALREADY_BET');
    expect(await balance(players.parallel!)).toBe(100n * E8 - 3n * (E8 / 10n));
    bets.parallel = placed[0]!.body.id;
    expect(placed[0]!.body).toMatchObject({
      game: 'wheel',
      state: 'open',
      amount: 0.3,
      outcome: {
        roundId: round1.id,
        roundNumber: 1,
        chips: [
          { value: 1, amount: '0.2' },
          { value: 10, amount: '0.1' },
        ],
      },
    });
    const seen = await socket.next((frame) => frame.type === 'round-bet' && frame.data.betId === bets.parallel);
    expect(seen.data).toMatchObject({
      game: 'wheel',
      roundId: round1.id,
      state: 'open',
      amount: '0.3',
      chips: [
        { value: 1, amount: '0.2' },
        { value: 10, amount: '0.1' },
      ],
    });

    const first = await post(players.capped!, { chips: [{ value: 10, amount: 1 }], clientBetId: 'wheel-1' });
    expect(first.status).toBe(201);
    const retry = await post(players.capped!, { chips: [{ value: 10, amount: 1 }], clientBetId: 'wheel-1' });
    expect(retry.body.id).toBe(first.body.id);
    expect(await balance(players.capped!)).toBe(99n * E8);
    bets.capped = first.body.id;
    bets.loser = (
      await post(players.loser!, {
        chips: [
          { value: 1, amount: 2 },
          { value: 42, amount: 1 },
        ],
      })
    ).body.id;
    await creditBzu(platform, players.bzu!.user.id, '1000', `wheel-${players.bzu!.user.id}`);
    const bzu = await post(players.bzu!, { chips: [{ value: 10, amount: 100 }], currency: 'BZU' });
    expect(bzu.body).toMatchObject({ currency: 'BZU', amount: 100, state: 'open' });
    bets.bzu = bzu.body.id;
    expect(await balance(players.bzu!, 'BZU')).toBe(900n * E8);

    const current = (await http(platform.url, 'GET', '/api/wheel/current')).body;
    expect(current).toMatchObject({ id: round1.id, state: 'betting' });
    expect(current.wheel).toBeUndefined();
    expect(current.hash).toBeUndefined();
    expect(current.bets).toHaveLength(4);
    expect(current.bets.find((b: { betId: string }) => b.betId === bets.loser)).toMatchObject({
      chips: [
        { value: 1, amount: '2' },
        { value: 42, amount: '1' },
      ],
    });

    await closeBetting(db(), round1.id);
    expectLegacyError(
      await post(players.loser!, { chips: [{ value: 2, amount: 1 }] }),
      409,
      /closed/,
      'BETTING_CLOSED',
    );
    // Once betting closed every screen spins to the result (the hash waits for the end); later bets ride round 2.
    const started = (await steps.start(round1))!;
    expect(started.runningMs).toBe(6_000 + 2 * 4_000);
    const spinning = await socket.next(
      (frame) => frame.type === 'round-update' && frame.data.id === round1.id && frame.data.state === 'running',
    );
    expect(spinning.data).toMatchObject({ wheel: { spins: wheelVector(1).spins, value: 10, multiplier: 4 } });
    expect(spinning.data.hash).toBeUndefined();
    const running = (await http(platform.url, 'GET', '/api/wheel/current')).body;
    expect(running).toMatchObject({ state: 'running', wheel: { spins: [25, 25, 37], value: 10, multiplier: 4 } });
    const queued = await post(players.loser!, { chips: [{ value: 1, amount: 1 }] });
    expect(queued.body.outcome).toMatchObject({ roundNumber: 2 });
    bets.queued = queued.body.id;
    expectLegacyError(
      await http(platform.url, 'POST', '/api/wheel/cashout', {}, { token: players.capped!.token }),
      400,
      /no cash-out/,
    );
    socket.close();
  });

  it('the round settles every bet once: 1 + 10 x 4 on the chips on 10, the profit limit caps, XP/rakeback/raffle accrue', async () => {
    const [a, b] = await Promise.all([steps.end(round1), steps.end(round1)]);
    expect(a.settled + b.settled).toBe(4);
    expect((await steps.end(round1)).settled).toBe(0);
    // 0.1 on 10 returns 4.1; 0.2 on 1 nothing: 4.1 of 0.3.
    expect(await balance(players.parallel!)).toBe(100n * E8 - 3n * (E8 / 10n) + 41n * (E8 / 10n));
    // 1 on 10 would return 41: the 5 USD profit limit pays 6.
    expect(await balance(players.capped!)).toBe(105n * E8);
    expect(await balance(players.loser!)).toBe(96n * E8);
    expect(await balance(players.bzu!, 'BZU')).toBe(900n * E8 + 4100n * E8);
    for (const name of ['parallel', 'capped', 'bzu']) expect(await payoutCount(db(), bets[name]!), name).toBe(1);
    expect(await payoutCount(db(), bets.loser!)).toBe(0);

    const view = (await http(platform.url, 'GET', `/api/wheel/rounds/${round1.id}`)).body;
    expect(view).toMatchObject({
      state: 'ended',
      hash: wheelVector(1).hash,
      wheel: { spins: [25, 25, 37], value: 10, multiplier: 4 },
    });
    expect(sha256Hex(view.hash)).toBe(WHEEL_VECTORS.rounds[14]!.hash);
    const byId = Object.fromEntries(view.bets.map((bet: { betId: string }) => [bet.betId, bet]));
    expect(byId[bets.capped!]).toMatchObject({ state: 'won', payout: '6' });
    expect(byId[bets.loser!]).toMatchObject({ state: 'lost' });
    const details = (await http(platform.url, 'GET', `/api/bets/${bets.capped}`)).body;
    expect(details).toMatchObject({
      game: 'wheel',
      state: 'won',
      capped: true,
      payout: 6,
      outcome: { roundId: round1.id, wheel: { value: 10, multiplier: 4 } },
    });
    expect((await http(platform.url, 'GET', `/api/bets/${bets.parallel}`)).body).toMatchObject({
      payout: 4.1,
      state: 'won',
    });
    const mine = await http(platform.url, 'GET', '/api/bets?game=wheel', undefined, { token: players.loser!.token });
    expect(mine.body.bets.map((bet: { id: string }) => bet.id)).toEqual([bets.queued, bets.loser]);
    const rounds = (await http(platform.url, 'GET', '/api/wheel/rounds')).body;
    expect(rounds.rounds[0]).toMatchObject({ number: 1, wheel: { value: 10 } });

    await expect
      .poll(async () => (await betEconomy(db(), bets.capped!))?.house_edge_ppm, { timeout: 10_000 })
      .toBe(26_923);
    expect(BigInt((await betEconomy(db(), bets.capped!))!.xp_e8)).toBeGreaterThan(0n);
    expect(BigInt((await betEconomy(db(), bets.capped!))!.rakeback_e8)).toBeGreaterThan(0n);
    // A ticket per 1 USD and per 100 BZU wagered, plus the bonus of the player's BZU holding.
    await expect
      .poll(async () => (await raffleStanding(platform, players.bzu!.token)).wageredBzu, { timeout: 10_000 })
      .toBe('100');
    const standing = await raffleStanding(platform, players.bzu!.token);
    expect(standing.tickets).toBe(1 + standing.holderBonus);
    expect((await raffleStanding(platform, players.capped!.token)).wageredUsd).toBe('1');
    await expectLedgerOk();
  });

  it('round 2 pays the queued bet on 1 at 2x; the chain links round to round', async () => {
    const round2 = await steps.openBetting();
    expect(round2).toMatchObject({ number: 2, state: 'betting' });
    await closeBetting(db(), round2.id);
    const started = (await steps.start(round2))!;
    expect(started.runningMs).toBe(6_000);
    expect((await steps.end(started.round)).settled).toBe(1);
    expect(await balance(players.loser!)).toBe(98n * E8);
    const view = (await http(platform.url, 'GET', `/api/wheel/rounds/${round2.id}`)).body;
    expect(view).toMatchObject({ wheel: { spins: wheelVector(2).spins, value: 1, multiplier: 1 } });
    expect(sha256Hex(view.hash)).toBe(wheelVector(1).hash);
    await expectLedgerOk();
  });
});
