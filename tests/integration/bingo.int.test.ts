import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainRow, RoundRow } from '../../db/repositories/rounds.repo.js';
import { BINGO_GAME } from '../../server/src/domain/games/bingo/bingo.game.js';
import type { AnyRoundGame } from '../../server/src/domain/rounds/round-game.js';
import { FAST_HASHING, RELAXED_LIMITS, expectLegacyError, http, type signedInAccount } from '../support/auth.js';
import { BINGO_VECTORS, installBingoVectorChain } from '../support/bingo.js';
import { closeBetting, runningFor } from '../support/crash.js';
import { RoundRunner } from '../../server/src/domain/rounds/round-runner.js';
import { parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { betEconomy, creditBzu, payoutCount, raffleStanding } from '../support/game-checks.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { TestSocket } from '../support/socket-client.js';
import { rafflePerWagerEnv } from '../support/test-clock.js';
import { fundedAccount, WALLET_TEST_ENV } from '../support/wallet.js';

const E8 = 100_000_000n;
const bingo = BINGO_GAME as unknown as AnyRoundGame;
// A minute a ball: a read a few seconds after the test moved the start still sees the same balls.
const BALL_MS = 60_000;
const [FAST, SLOW, SLOWEST] = BINGO_VECTORS.rounds[0]!.cards;

/**
 * Bingo on the round engine, driven step by step (the runner's steps without its clock). The vectors' chain fixes
 * round 1's draw, and its cards' prize balls were computed by the independent Python implementation: FAST completes
 * one line on ball 9, two lines on 12 and the full house on 42, before SLOW and SLOWEST, so every copy of FAST shares
 * every prize. Identical cards in different purchases make simultaneous winners.
 */
describe('bingo rooms: card sales, the draw, the pot split exactly', () => {
  let platform: TestPlatform;
  let chain: ChainRow;
  let round1: RoundRow;
  const services = () => platform.platform.services;
  const db = () => platform.platform.infra.db;
  type Player = Awaited<ReturnType<typeof signedInAccount>>;
  const post = (player: Player, body: unknown) =>
    http(platform.url, 'POST', '/api/bingo/bets', body, { token: player.token });
  const balance = async (player: Player, currency: 'USD' | 'BZU' = 'USD') =>
    (await services().wallet.ledger.balances(player.user.id))[currency];
  const players: Record<string, Player> = {};
  const bets: Record<string, string> = {};

  beforeAll(async () => {
    platform = await startTestPlatform({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      ...WALLET_TEST_ENV,
      ...rafflePerWagerEnv(),
      GAME_MIN_BET_USD: '0.01',
      // A profit limit below the pot's shares: a pot share is never cut by it.
      GAME_MAX_PROFIT_USD: '5',
      BINGO_BALL_MS: String(BALL_MS),
      BINGO_MIN_POT_USD: '5',
      // One unit over an even amount: the full house's odd unit goes to the earlier of two identical cards.
      BINGO_MIN_POT_BZU: '500.00000001',
    });
    chain = await installBingoVectorChain(db());
    for (const name of ['a', 'b', 'e', 'c', 'd', 'f', 'g', 'late'])
      players[name] = await fundedAccount(platform, '100');
    await creditBzu(platform, players.f!.user.id, '1000', 'bingo-f');
    await creditBzu(platform, players.g!.user.id, '1000', 'bingo-g');
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('is in the catalogue under Bingo with its chain published; no sale before a game opens', async () => {
    const games = await http(platform.url, 'GET', '/api/games');
    expect(games.body.find((g: { slug: string }) => g.slug === 'bingo')).toMatchObject({
      name: 'Bingo',
      category: 'bingo',
      rtp: 90,
    });
    expect((await http(platform.url, 'GET', '/api/bingo/chain')).body).toMatchObject({
      terminalHash: BINGO_VECTORS.terminalHash,
      salt: BINGO_VECTORS.salt,
      rounds: 0,
    });
    expectLegacyError(await post(players.late!, { count: 1 }), 409, /closed/, 'BETTING_CLOSED');
    expect(await balance(players.late!)).toBe(100n * E8);
  });

  it('sells cards in the sale window: bad input 400 and the per-player limit change nothing; self-excluded 403', async () => {
    round1 = await services().rounds.openBetting(bingo, chain, { bettingMs: 60_000, cooldownMs: 0 });
    expect(round1).toMatchObject({ number: 1, state: 'betting' });
    const wrongColumn = FAST!.card.map((n, i) => (i === 0 ? 16 : n));
    const bad = [
      {},
      { count: 0 },
      { count: 25 },
      { count: 1.5 },
      { count: 1, currency: 'EUR' },
      { cards: [wrongColumn] },
      { cards: [FAST!.card.slice(0, 24)] },
      { count: 2, cards: [FAST!.card] },
      { cards: Array(25).fill(FAST!.card) },
    ];
    for (const body of bad) expect((await post(players.d!, body)).status, JSON.stringify(body)).toBe(400);
    expect(await balance(players.d!)).toBe(100n * E8);

    const excluded = await fundedAccount(platform, '5');
    await services().wallet.responsibleGaming.selfExclude(excluded.user.id, '24h');
    expectLegacyError(await post(excluded, { count: 1 }), 403, /self-excluded/, 'SELF_EXCLUDED');
    expect(await balance(excluded)).toBe(5n * E8);

    const a = await post(players.a!, { cards: [FAST!.card, SLOW!.card], clientBetId: 'bingo-a' });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body).toMatchObject({
      game: 'bingo',
      state: 'open',
      amount: 2,
      outcome: { roundId: round1.id, roundNumber: 1, cards: [FAST!.card, SLOW!.card] },
      balance: '98',
    });
    bets.a = a.body.id;
    // A retry is the same purchase; more cards in the same game may not take the player past 24 (issue 45, point 12).
    expect((await post(players.a!, { cards: [FAST!.card, SLOW!.card], clientBetId: 'bingo-a' })).body.id).toBe(bets.a);
    expectLegacyError(await post(players.a!, { count: 23 }), 409, /24 cards/, 'CARD_LIMIT');
    expect(await balance(players.a!)).toBe(98n * E8);
    bets.b = (await post(players.b!, { cards: [FAST!.card] })).body.id;
    bets.e = (await post(players.e!, { cards: [FAST!.card] })).body.id;
    bets.c = (await post(players.c!, { cards: [SLOWEST!.card] })).body.id;
    // The most one player buys: 24 cards, 24 USD.
    const d = await post(players.d!, { cards: Array(24).fill(SLOWEST!.card) });
    expect(d.body).toMatchObject({ amount: 24, balance: '76' });
    bets.d = d.body.id;
    // BZU cards make their own pot (100 BZU a card), raised to the guaranteed 500.00000001 BZU.
    bets.f = (await post(players.f!, { cards: [FAST!.card], currency: 'BZU' })).body.id;
    bets.g = (await post(players.g!, { cards: [FAST!.card], currency: 'BZU' })).body.id;
    expect(await balance(players.g!, 'BZU')).toBe(900n * E8);

    const current = await http(platform.url, 'GET', '/api/bingo/current');
    expect(current.body).toMatchObject({ id: round1.id, state: 'betting' });
    expect(current.body.bets).toHaveLength(7);
    expect(current.body.bets.find((bet: { betId: string }) => bet.betId === bets.b)).toMatchObject({
      cards: [FAST!.card],
      amount: '1',
    });
    expect(current.body.live).toBeUndefined();

    await closeBetting(db(), round1.id);
    const outside = await fundedAccount(platform, '10');
    expectLegacyError(await post(outside, { count: 1 }), 409, /closed/, 'BETTING_CLOSED');
    expect(await balance(outside)).toBe(10n * E8);
  });

  it('the draw runs until the last full house; the balls so far reach every screen, never one more; no sale while it runs', async () => {
    const started = await services().rounds.start(bingo, chain, round1);
    // FAST's full house is on ball 42 in both pots.
    expect(started?.runningMs).toBe(42 * BALL_MS);
    const latecomer = await fundedAccount(platform, '10');
    expectLegacyError(await post(latecomer, { count: 1 }), 409, /closed/, 'BETTING_CLOSED');
    expect(await balance(latecomer)).toBe(10n * E8);

    await runningFor(db(), round1.id, 10 * BALL_MS + BALL_MS / 2);
    const current = await http(platform.url, 'GET', '/api/bingo/current');
    expect(current.body).toMatchObject({
      id: round1.id,
      state: 'running',
      live: { balls: BINGO_VECTORS.rounds[0]!.draw.slice(0, 10) },
    });
    expect(current.body.hash).toBeUndefined();
    // Read late (the runner not yet at its end): still only the 42 balls the game plays, never the 43rd.
    await runningFor(db(), round1.id, 60 * BALL_MS);
    const late = await http(platform.url, 'GET', '/api/bingo/current');
    expect(late.body.live).toEqual({ balls: BINGO_VECTORS.rounds[0]!.draw.slice(0, 42) });
  });

  it('a restart mid-draw finishes the game once: simultaneous winners share each prize exactly, the house funds the minimum pot', async () => {
    // The runner died mid-draw: the next one finishes the round from its chain and its bets (a second pass pays nothing more).
    expect(await services().rounds.cancelUnfinished(bingo)).toBe(0);
    expect(await services().rounds.end(bingo, chain, round1)).toEqual({ settled: 0 });
    await services().rounds.cancelUnfinished(bingo);

    const ended = await http(platform.url, 'GET', `/api/bingo/rounds/${round1.id}`);
    expect(ended.body).toMatchObject({
      state: 'ended',
      hash: BINGO_VECTORS.rounds[0]!.hash,
      called: 42,
      balls: BINGO_VECTORS.rounds[0]!.draw.slice(0, 42),
    });
    const usd = ended.body.pots.USD;
    // 2 + 1 + 1 + 1 + 24 = 29 USD of cards; the house keeps 10%; the pot is 26.10 USD.
    expect(usd).toMatchObject({ cards: 29, sales: '29', houseShare: '2.9', funded: '0', pot: '26.1' });
    expect(usd.prizes.map((p: { prize: string; ball: number; amount: string }) => [p.prize, p.ball, p.amount])).toEqual(
      [
        ['oneLine', FAST!.times.oneLine, '3.915'],
        ['twoLines', FAST!.times.twoLines, '6.525'],
        ['fullHouse', FAST!.times.fullHouse, '15.66'],
      ],
    );
    const fullHouse = usd.prizes[2];
    expect(fullHouse.winners).toEqual([
      { betId: bets.a, card: 0, amount: '5.22' },
      { betId: bets.b, card: 0, amount: '5.22' },
      { betId: bets.e, card: 0, amount: '5.22' },
    ]);
    // Each FAST card: 1.305 + 2.175 + 5.22 = 8.70 USD (more than the 5 USD profit limit: a pot share is not capped).
    expect(await balance(players.a!)).toBe(98n * E8 + 870_000_000n);
    expect(await balance(players.b!)).toBe(99n * E8 + 870_000_000n);
    expect(await balance(players.c!)).toBe(99n * E8);
    expect(await balance(players.d!)).toBe(76n * E8);
    const usdPaid = (
      await sql<{
        total: string;
      }>`select coalesce(sum(payout_e8), 0)::text as total from bets where round_id = ${round1.id} and currency = 'USD'`.execute(
        db(),
      )
    ).rows[0]!.total;
    expect(BigInt(usdPaid)).toBe(2_610_000_000n);

    // BZU: 200 BZU of cards, 180 after the house share; the house adds 320.00000001 to reach the guaranteed pot.
    expect(ended.body.pots.BZU).toMatchObject({
      cards: 2,
      sales: '200',
      houseShare: '20',
      funded: '320.00000001',
      pot: '500.00000001',
    });
    expect(await balance(players.f!, 'BZU')).toBe(900n * E8 + 25_000_000_001n);
    expect(await balance(players.g!, 'BZU')).toBe(900n * E8 + 25_000_000_000n);
    const funding = await sql<{
      n: number;
    }>`select count(*)::int as n from ledger_transactions where idempotency_key like ${`round:${round1.id}:pot-funding:%`}`.execute(
      db(),
    );
    expect(funding.rows[0]!.n).toBe(1);

    for (const id of [bets.a, bets.b, bets.e, bets.f, bets.g]) expect(await payoutCount(db(), id!)).toBe(1);
    for (const id of [bets.c, bets.d]) expect(await payoutCount(db(), id!)).toBe(0);
    const a = await http(platform.url, 'GET', `/api/bets/${bets.a}`);
    expect(a.body).toMatchObject({ state: 'won', payout: 8.7, outcome: { cards: [FAST!.card, SLOW!.card] } });
    expect(a.body.outcome.prizes).toHaveLength(3);
    expect(await services().wallet.accounts.check()).toEqual({ ok: true, problems: [] });
  });

  it('the next game sells cards the server deals: valid, fixed and shown with the purchase', async () => {
    const round2 = await services().rounds.openBetting(bingo, chain, { bettingMs: 60_000, cooldownMs: 0 });
    // Number 3: the recovery above cancelled the game queued behind round 1 (bingo sells no cards for it while one runs).
    expect(round2).toMatchObject({ number: 3, state: 'betting' });
    const dealt = await post(players.late!, { count: 3, clientBetId: 'dealt' });
    expect(dealt.status).toBe(201);
    expect(dealt.body).toMatchObject({ amount: 3, outcome: { roundNumber: 3 } });
    const cards = dealt.body.outcome.cards as number[][];
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card[12]).toBe(0);
      card.forEach((n, i) => i !== 12 && expect(Math.floor((n - 1) / 15), `cell ${i}`).toBe(i % 5));
    }
    const current = await http(platform.url, 'GET', '/api/bingo/current');
    expect(current.body.bets.find((bet: { betId: string }) => bet.betId === dealt.body.id)).toMatchObject({ cards });

    // More cards until the sale closes (issue 45, point 12): each purchase a bet of its own, 24 cards a player at most,
    // parallel purchases included.
    const more = await post(players.late!, { count: 2 });
    expect(more.status, JSON.stringify(more.body)).toBe(201);
    expect(more.body).toMatchObject({ amount: 2, outcome: { roundNumber: 3 }, balance: '95' });
    const burst = await Promise.all(Array.from({ length: 10 }, () => post(players.late!, { count: 5 })));
    expect(burst.map((answer) => answer.status).sort()).toEqual([...Array(3).fill(201), ...Array(7).fill(409)]);
    for (const refused of burst.filter((answer) => answer.status === 409))
      expectLegacyError(refused, 409, /24 cards/, 'CARD_LIMIT');
    expect(await balance(players.late!)).toBe(80n * E8);
    const room = (await http(platform.url, 'GET', '/api/bingo/current')).body.bets as {
      userName: string;
      cards: number[][];
    }[];
    const lateName = dealt.body.username as string;
    const held = room.filter((bet) => bet.userName === lateName);
    expect(held).toHaveLength(5);
    expect(held.reduce((sum, bet) => sum + bet.cards.length, 0)).toBe(20);
    expectLegacyError(await post(players.late!, { count: 5 }), 409, /24 cards/, 'CARD_LIMIT');
    expect((await post(players.late!, { count: 4 })).status).toBe(201);
  });

  it('XP, rakeback and raffle tickets accrue on the stakes with the published 10% house share', async () => {
    await expect.poll(async () => (await betEconomy(db(), bets.d!))?.house_edge_ppm).toBe(100_000);
    const economy = (await betEconomy(db(), bets.a!))!;
    expect(economy.wagered_e8).toBe(String(2n * E8));
    expect(BigInt(economy.xp_e8)).toBeGreaterThan(0n);
    expect(BigInt(economy.rakeback_e8)).toBeGreaterThan(0n);
    // A ticket per 1 USD and per 100 BZU of cards, plus the bonus of the player's BZU holding.
    const a = await raffleStanding(platform, players.a!.token);
    expect(a).toMatchObject({ wageredUsd: '2', tickets: 2 + a.holderBonus });
    const f = await raffleStanding(platform, players.f!.token);
    expect(f).toMatchObject({ wageredBzu: '100', tickets: 1 + f.holderBonus });
  });
});

/**
 * The runner's own clock (round-runner.ts) with a ball every 100 ms: it opens a sale, closes it on time, sends a tick
 * per ball and settles at the last full house. Which balls and winners come is the chain's; the test checks what
 * must hold whatever they are.
 */
describe("a bingo game on the runner's clock", () => {
  let platform: TestPlatform;
  const services = () => platform.platform.services;
  const db = () => platform.platform.infra.db;

  beforeAll(async () => {
    platform = await startTestPlatform({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      ...WALLET_TEST_ENV,
      GAME_MIN_BET_USD: '0.01',
      BINGO_BALL_MS: '100',
      BINGO_MIN_POT_USD: '5',
    });
    await installBingoVectorChain(db());
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it(
    'closes the sale on time, sends the balls so far with a tick per ball, pays the pot exactly',
    { timeout: 60_000 },
    async () => {
      const buyers = await Promise.all([1, 2, 3].map(() => fundedAccount(platform, '10')));
      const socket = await TestSocket.open(platform.url);
      socket.send({ type: 'subscribe', channels: ['bingo'] });
      await socket.next((frame) => frame.type === 'subscribed' && frame.channel === 'bingo');
      const alwaysHeld = {
        tryAcquire: () => Promise.resolve(true),
        renew: () => Promise.resolve(true),
        release: () => Promise.resolve(),
      };
      const log = { info: () => undefined, warn: (fields: object, message: string) => console.warn(message, fields) };
      const runner = new RoundRunner(
        services().rounds,
        bingo,
        alwaysHeld,
        {
          bettingMs: 5_000,
          cooldownMs: 60_000,
          tickMs: 100,
          leaseRetryMs: 100,
          chain: { length: 40, checkpointEvery: 10 },
        },
        log,
      );
      runner.start();
      try {
        const opened = await socket.next((frame) => frame.type === 'round-update' && frame.data.state === 'betting');
        const id = String(opened.data.id);
        // Two identical cards (simultaneous winners of whatever they win) and three the server deals.
        const bought = await Promise.all([
          http(platform.url, 'POST', '/api/bingo/bets', { cards: [SLOW!.card] }, { token: buyers[0]!.token }),
          http(platform.url, 'POST', '/api/bingo/bets', { cards: [SLOW!.card] }, { token: buyers[1]!.token }),
          http(platform.url, 'POST', '/api/bingo/bets', { count: 3 }, { token: buyers[2]!.token }),
        ]);
        expect(bought.map((answer) => answer.status)).toEqual([201, 201, 201]);
        await expect
          .poll(async () => (await http(platform.url, 'GET', `/api/bingo/rounds/${id}`)).body.state, {
            timeout: 45_000,
            interval: 250,
          })
          .toBe('ended');
        const ended = (await http(platform.url, 'GET', `/api/bingo/rounds/${id}`)).body;
        const balls = ended.balls as number[];
        expect(balls).toHaveLength(ended.called);
        // Every tick showed the balls drawn so far: a prefix of the draw, never a ball beyond its end.
        const ticks = socket.frames
          .filter((frame) => frame.type === 'round-tick' && frame.data.id === id)
          .map((frame) => (frame.data.live as { balls: number[] }).balls);
        expect(ticks.length).toBeGreaterThan(0);
        for (const shown of ticks) expect(shown).toEqual(balls.slice(0, shown.length));
        // 5 USD of cards, 4.50 after the house share: the house raises the pot to the guaranteed 5 USD, all paid out.
        expect(ended.pots.USD).toMatchObject({ cards: 5, sales: '5', funded: '0.5', pot: '5' });
        const paid = await sql<{
          id: string;
          payout: string;
        }>`select id::text, payout_e8::text as payout from bets where round_id = ${id}`.execute(db());
        expect(paid.rows.reduce((sum, row) => sum + BigInt(row.payout), 0n)).toBe(5n * E8);
        // Each purchase was paid exactly its cards' shares of the published prizes.
        const shares = new Map<string, bigint>();
        for (const prize of ended.pots.USD.prizes as { winners: { betId: string; amount: string }[] }[]) {
          for (const w of prize.winners) shares.set(w.betId, (shares.get(w.betId) ?? 0n) + parseAmount(w.amount));
        }
        for (const row of paid.rows) expect(BigInt(row.payout), `bet ${row.id}`).toBe(shares.get(row.id) ?? 0n);
        expect(await services().wallet.accounts.check()).toEqual({ ok: true, problems: [] });
      } finally {
        socket.ws.close();
        await runner.stop();
      }
    },
  );
});
