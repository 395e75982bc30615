import { createHmac } from 'node:crypto';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { WebSocket } from 'ws';
import type { AppRouter } from '../../server/src/trpc/router.js';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { hashServerSeed } from '../../server/src/domain/games/fairness.service.js';
import { diceOutcome } from '../../server/src/domain/games/dice/rules.js';
import { floatsFromSeeds } from '../../server/src/domain/games/shared/floats.js';
import { minePositions, minesMultiplier } from '../../server/src/domain/games/mines/rules.js';
import { applyRatio, formatRatio } from '../../server/src/domain/games/shared/ratio.js';
import { expectLegacyError, http, signedInAccount } from '../support/auth.js';
import { platformSuite } from '../support/platform-suite.js';
import { TestSocket } from '../support/socket-client.js';
import { fundPlayer, trpc, PLAYING_TEST_ENV } from '../support/wallet.js';

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

describe('originals: fairness, bet engine, history, REST rows', () => {
  const suite = platformSuite({
    ...PLAYING_TEST_ENV,
    GAME_HIGH_ROLLER_USD: '500',
  });
  const services = () => suite.platform.platform.services;
  const db = () => suite.platform.platform.infra.db;
  type Player = Awaited<ReturnType<typeof signedInAccount>>;

  const balance = async (player: Player) => (await services().wallet.ledger.balances(player.user.id)).USD;
  const betCount = async () =>
    Number((await sql<{ n: string }>`select count(*)::text as n from bets`.execute(db())).rows[0]!.n);
  const ledgerCount = async () =>
    Number((await sql<{ n: string }>`select count(*)::text as n from ledger_transactions`.execute(db())).rows[0]!.n);
  const activePair = (player: Player) =>
    db()
      .selectFrom('seed_pairs')
      .select(['id', 'server_seed', 'client_seed', 'nonce'])
      .where('user_id', '=', player.user.id)
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
  const expectLedgerOk = async () => expect(await services().wallet.ledger.check()).toEqual([]);
  const funded = async (amount: string) => {
    const player = await signedInAccount(suite.platform);
    await fundPlayer(suite.platform, player.token, amount);
    return player;
  };
  const post = (player: Player, path: string, body: unknown) =>
    http(suite.platform.url, 'POST', path, body, { token: player.token });
  const get = (player: Player | null, path: string) =>
    http(suite.platform.url, 'GET', path, undefined, { token: player?.token });

  it('GET /api/games is public and lists the registered games (the round games crash, the wheel and bingo after the per-call ones) with their limits; games.list agrees', async () => {
    const rest = await get(null, '/api/games');
    expect(rest.status).toBe(200);
    expect(rest.body.map((g: any) => g.slug)).toEqual([
      'dice',
      'limbo',
      'plinko',
      'keno',
      'mines',
      'blackjack',
      'roulette',
      'hilo',
      'baccarat',
      'slots',
      'tower',
      'video-poker',
      'crash',
      'wheel',
      'bingo',
    ]);
    expect(rest.body[0]).toMatchObject({
      id: 'dice',
      category: 'originals',
      categories: ['originals'],
      rtp: 99,
      houseEdge: 1,
      minBet: { USD: 0.01, BZU: 1 },
      maxProfit: { USD: 100000000 },
    });
    const rpc = await trpc(suite.platform, 'query', 'games.list');
    expect(rpc.body.result.data[2]).toMatchObject({
      slug: 'plinko',
      rtp: '99.00',
      houseEdge: '1.00',
      minBet: { USD: '0.01' },
    });
  });

  it('fairness: a pair is created on first look, rotation reveals the seed, promotes the committed next one, and a new client seed rotates', async () => {
    const player = await signedInAccount(suite.platform);
    expect((await get(null, '/api/fairness')).status).toBe(401);
    const first = await get(player, '/api/fairness');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      nonce: 0,
      serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      nextServerSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(first.body.clientSeed).toMatch(/^[0-9a-f]{20}$/);
    const rotated = await post(player, '/api/fairness/rotate', {});
    expect(rotated.status).toBe(200);
    expect(hashServerSeed(rotated.body.previous.serverSeed)).toBe(first.body.serverSeedHash);
    expect(rotated.body.current).toMatchObject({
      serverSeedHash: first.body.nextServerSeedHash,
      clientSeed: first.body.clientSeed,
      nonce: 0,
    });
    const changed = await post(player, '/api/fairness/rotate', { clientSeed: 'my own seed :)' });
    expect(changed.body.current.clientSeed).toBe('my own seed :)');
    expect(changed.body.previous.serverSeed).not.toBe(rotated.body.previous.serverSeed);
    expectLegacyError(await post(player, '/api/fairness/rotate', { clientSeed: 'x'.repeat(65) }), 400, /client seed/);
    expectLegacyError(await post(player, '/api/fairness/rotate', { clientSeed: 'tab\there' }), 400, /client seed/);
    expect(
      (await trpc(suite.platform, 'query', 'fairness.current', undefined, player.token)).body.result.data.clientSeed,
    ).toBe('my own seed :)');
  });

  it('POST /api/games/{dice,limbo,plinko,keno}/bets settle at once; the outcome is the FAIRNESS.md one and the ledger moved stake and payout', async () => {
    const player = await funded('100');
    expect((await get(player, '/api/fairness')).body.nonce).toBe(0);
    const pair = await activePair(player);
    const dice = await post(player, '/api/games/dice/bets', {
      amount: 1,
      target: 50.5,
      condition: 'under',
      clientBetId: 'd-1',
    });
    expect(dice.status, JSON.stringify(dice.body)).toBe(201);
    const floats = floatsFromSeeds(hmac, { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: 0 }, 1);
    const roll = diceOutcome(floats, { target: 50.5, condition: 'under' }).roll;
    expect(dice.body).toMatchObject({
      game: 'dice',
      currency: 'USD',
      amount: 1,
      outcome: { roll, target: 50.5, condition: 'under' },
      fairness: { nonce: 0, clientSeed: pair.client_seed },
    });
    expect(dice.body.fairness.serverSeed).toBeUndefined();
    const won = roll < 50.5;
    expect(dice.body.state).toBe(won ? 'won' : 'lost');
    expect(dice.body.payout).toBe(won ? 1.96039603 : 0); // floor(1e8 x 9900 / 5050) units

    const limbo = await post(player, '/api/games/limbo/bets', { amount: 0.5, target: 2 });
    expect(limbo.status).toBe(201);
    expect(limbo.body.outcome).toMatchObject({ target: 2, result: expect.any(Number) });
    expect(limbo.body.fairness.nonce).toBe(1);
    const plinko = await post(player, '/api/games/plinko/bets', { amount: 0.25, rows: 16, risk: 'high' });
    expect(plinko.status).toBe(201);
    expect(plinko.body.outcome.path).toHaveLength(16);
    expect(plinko.body.outcome.bucket).toBe(plinko.body.outcome.path.reduce((a: number, b: number) => a + b, 0));
    const keno = await post(player, '/api/games/keno/bets', {
      amount: 0.1,
      picks: [1, 2, 3, 40],
      risk: 'classic',
      currency: 'USD',
    });
    expect(keno.status).toBe(201);
    expect(keno.body.outcome.drawn).toHaveLength(10);
    expect(new Set(keno.body.outcome.drawn).size).toBe(10);

    const bets = [dice.body, limbo.body, plinko.body, keno.body];
    const net = bets.reduce(
      (sum, bet) => sum + BigInt(Math.round(bet.payout * 1e8)) - BigInt(Math.round(bet.amount * 1e8)),
      0n,
    );
    expect(await balance(player)).toBe(100n * 100_000_000n + net);
    // tRPC answers the same bet with the balance after it.
    const rpc = await trpc(
      suite.platform,
      'mutation',
      'games.dice.bet',
      { amount: '0.01', target: 2, condition: 'over' },
      player.token,
    );
    expect(rpc.status, JSON.stringify(rpc.body)).toBe(200);
    expect(rpc.body.result.data.bet).toMatchObject({
      amount: '0.01',
      multiplier: expect.stringMatching(/^\d+\.\d{4}$/),
      fairness: { nonce: 4 },
    });
    expect(rpc.body.result.data.balance).toBe(String(Number(await balance(player)) / 1e8));
    await expectLedgerOk();
  });

  it('100 parallel bets against a balance that covers 50 settle exactly 50, with contiguous nonces', async () => {
    const player = await funded('50');
    // Limbo at 1,000,000x loses with probability 1 - 1e-6 per bet: the balance covers exactly 50 stakes of 1.
    const results = await Promise.all(
      Array.from({ length: 100 }, () => post(player, '/api/games/limbo/bets', { amount: 1, target: 1_000_000 })),
    );
    const settled = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(settled.every((r) => r.body.state === 'lost')).toBe(true);
    expect(settled).toHaveLength(50);
    expect(refused.every((r) => r.status === 409 && r.body.code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(settled.map((r) => r.body.fairness.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
    expect(await balance(player)).toBe(0n);
    expect((await activePair(player)).nonce).toBe(50);
    await expectLedgerOk();
  });

  it('a clientBetId retried in parallel places one bet, and every retry answers with it', async () => {
    const player = await funded('10');
    const before = await ledgerCount();
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        post(player, '/api/games/dice/bets', { amount: 2, target: 50, condition: 'over', clientBetId: 'retry-me' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const bet = results[0]!.body;
    // stake, payout when won, and the player economy's one rakeback accrual for the bet
    expect(await ledgerCount()).toBe(before + (bet.payout > 0 ? 2 : 1) + 1);
    expect(await balance(player)).toBe(10n * 100_000_000n - 200_000_000n + BigInt(Math.round(bet.payout * 1e8)));
    expect((await activePair(player)).nonce).toBe(1);
  });

  it('bad input gets 400 (or the documented 409) and changes nothing', async () => {
    const player = await funded('5');
    await post(player, '/api/games/dice/bets', { amount: 0.01, target: 50, condition: 'over' });
    const [bets, ledger, money, pair] = [
      await betCount(),
      await ledgerCount(),
      await balance(player),
      await activePair(player),
    ];
    const cases: [string, unknown, number, string?][] = [
      ['/api/games/dice/bets', { amount: 1, target: 98.5, condition: 'under' }, 400],
      ['/api/games/dice/bets', { amount: 1, target: 50.123, condition: 'under' }, 400],
      ['/api/games/dice/bets', { amount: 1, target: 50, condition: 'sideways' }, 400],
      ['/api/games/dice/bets', { amount: 0.000000001, target: 50, condition: 'over' }, 400],
      ['/api/games/dice/bets', { amount: 0.001, target: 50, condition: 'over' }, 400],
      ['/api/games/dice/bets', { amount: -1, target: 50, condition: 'over' }, 400],
      ['/api/games/dice/bets', { amount: '1', target: 50, condition: 'over', currency: 'EUR' }, 400],
      ['/api/games/dice/bets', { amount: 1, target: 50, condition: 'over', clientBetId: 'has spaces' }, 400],
      ['/api/games/limbo/bets', { amount: 1, target: 1 }, 400],
      ['/api/games/limbo/bets', { amount: 1, target: 1_000_000.01 }, 400],
      ['/api/games/plinko/bets', { amount: 1, rows: 7, risk: 'low' }, 400],
      ['/api/games/plinko/bets', { amount: 1, rows: 8, risk: 'extreme' }, 400],
      ['/api/games/keno/bets', { amount: 1, picks: [1, 1], risk: 'low' }, 400],
      ['/api/games/keno/bets', { amount: 1, picks: [0], risk: 'low' }, 400],
      ['/api/games/keno/bets', { amount: 1, picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], risk: 'low' }, 400],
      ['/api/games/keno/bets', { amount: 1, picks: [], risk: 'low' }, 400],
      ['/api/games/mines/bets', { amount: 1, mines: 0 }, 400],
      ['/api/games/mines/bets', { amount: 1, mines: 25 }, 400],
      ['/api/games/mines/bets/abc/reveal', { tile: 1 }, 400],
      ['/api/games/mines/bets/99999999999999999999/cashout', {}, 400],
      ['/api/games/dice/bets', { amount: 6, target: 50, condition: 'over' }, 409, 'INSUFFICIENT_FUNDS'],
      ['/api/games/limbo/bets', { amount: 200, target: 1_000_000 }, 409, 'MAX_PROFIT'],
    ];
    for (const [path, body, status, code] of cases) {
      const answer = await post(player, path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)} -> ${JSON.stringify(answer.body)}`).toBe(status);
      expect(answer.body.message).toEqual(expect.any(String));
      expect(answer.body.error).toBe(answer.body.message);
      if (code) expect(answer.body.code).toBe(code);
    }
    expect((await get(player, '/api/bets?cursor=99999999999999999999')).status).toBe(400);
    expect((await get(player, '/api/bets?limit=101')).status).toBe(400);
    expect((await get(player, '/api/bets?game=poker')).status).toBe(400);
    expect((await get(null, '/api/bets/0')).status).toBe(400);
    expect((await get(null, '/api/bets/123456789')).status).toBe(404);
    expect((await post(player, '/api/games/mines/bets/123456789/reveal', { tile: 3 })).status).toBe(404);
    expect([await betCount(), await ledgerCount(), await balance(player), (await activePair(player)).nonce]).toEqual([
      bets,
      ledger,
      money,
      pair.nonce,
    ]);
    expect(
      (await post({ ...player, token: 'nope' }, '/api/games/dice/bets', { amount: 1, target: 50, condition: 'over' }))
        .status,
    ).toBe(401);
  });

  it('a self-excluded player gets 403 SELF_EXCLUDED and places nothing', async () => {
    const player = await funded('5');
    await services().wallet.responsibleGaming.selfExclude(player.user.id, '24h');
    const before = await betCount();
    expectLegacyError(
      await post(player, '/api/games/dice/bets', { amount: 1, target: 50, condition: 'over' }),
      403,
      /self-excluded/,
      'SELF_EXCLUDED',
    );
    expectLegacyError(
      await post(player, '/api/games/mines/bets', { amount: 1, mines: 3 }),
      403,
      /self-excluded/,
      'SELF_EXCLUDED',
    );
    expect(await betCount()).toBe(before);
    expect(await balance(player)).toBe(500_000_000n);

    // A player with a seed pair in use: the refusal (read with the nonce) rolls the nonce back.
    const regular = await funded('5');
    expect((await post(regular, '/api/games/dice/bets', { amount: 1, target: 50, condition: 'over' })).status).toBe(
      201,
    );
    const [pair, money] = [await activePair(regular), await balance(regular)];
    await services().wallet.responsibleGaming.selfExclude(regular.user.id, '24h');
    expectLegacyError(
      await post(regular, '/api/games/dice/bets', { amount: 1, target: 50, condition: 'over' }),
      403,
      /self-excluded/,
      'SELF_EXCLUDED',
    );
    expect([(await activePair(regular)).nonce, await balance(regular)]).toEqual([pair.nonce, money]);
  });

  it('mines: start, reveal safe, cash out the exact fraction; rotation waits for the round; the revealed seed verifies the board', async () => {
    const player = await funded('20');
    const started = await post(player, '/api/games/mines/bets', { amount: 3, mines: 3 });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({
      state: 'open',
      outcome: { mines: 3, revealed: [] },
      nextMultiplier: Number(formatRatio(minesMultiplier(3, 1), 4)),
    });
    expect(started.body.outcome.minePositions).toBeUndefined();
    expect(await balance(player)).toBe(17n * 100_000_000n);
    expectLegacyError(
      await post(player, '/api/games/mines/bets', { amount: 1, mines: 3 }),
      409,
      /open mines round/,
      'ROUND_OPEN',
    );
    expectLegacyError(await post(player, '/api/fairness/rotate', {}), 409, /Finish your open round/, 'ROUND_OPEN');
    expectLegacyError(
      await post(player, `/api/games/mines/bets/${started.body.id}/cashout`, {}),
      400,
      /at least one tile/,
    );
    const active = await trpc(suite.platform, 'query', 'games.mines.active', undefined, player.token);
    expect(active.body.result.data.id).toBe(started.body.id);

    const pair = await activePair(player);
    const mines = minePositions(
      floatsFromSeeds(
        hmac,
        { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: started.body.fairness.nonce },
        3,
      ),
      3,
    );
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !mines.includes(t));
    const other = await signedInAccount(suite.platform);
    expect((await post(other, `/api/games/mines/bets/${started.body.id}/reveal`, { tile: safe[0] })).status).toBe(404);
    const first = await post(player, `/api/games/mines/bets/${started.body.id}/reveal`, { tile: safe[0] });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ state: 'open', outcome: { revealed: [safe[0]] } });
    expectLegacyError(
      await post(player, `/api/games/mines/bets/${started.body.id}/reveal`, { tile: safe[0] }),
      400,
      /already revealed/,
    );
    await post(player, `/api/games/mines/bets/${started.body.id}/reveal`, { tile: safe[1] });
    const cashed = await post(player, `/api/games/mines/bets/${started.body.id}/cashout`, {});
    expect(cashed.status).toBe(200);
    const payout = applyRatio(300_000_000n, minesMultiplier(3, 2));
    expect(cashed.body).toMatchObject({
      state: 'won',
      outcome: { revealed: [safe[0], safe[1]], minePositions: mines },
    });
    expect(BigInt(Math.round(cashed.body.payout * 1e8))).toBe(payout);
    expect(await balance(player)).toBe(17n * 100_000_000n + payout);
    expectLegacyError(
      await post(player, `/api/games/mines/bets/${started.body.id}/cashout`, {}),
      409,
      /over/,
      'ROUND_OVER',
    );

    // Now rotation goes through, and the bet shows the revealed seed.
    const rotated = await post(player, '/api/fairness/rotate', {});
    expect(rotated.status).toBe(200);
    const details = await get(null, `/api/bets/${started.body.id}`);
    expect(details.body.fairness.serverSeed).toBe(pair.server_seed);
    expect(hashServerSeed(details.body.fairness.serverSeed)).toBe(details.body.fairness.serverSeedHash);
    await expectLedgerOk();
  });

  it('mines: hitting a mine loses the stake and shows the board; revealing every safe tile cashes out by itself', async () => {
    const player = await funded('10');
    const lost = await post(player, '/api/games/mines/bets', { amount: 1, mines: 5 });
    let pair = await activePair(player);
    const board = minePositions(
      floatsFromSeeds(
        hmac,
        { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: lost.body.fairness.nonce },
        5,
      ),
      5,
    );
    const boom = await post(player, `/api/games/mines/bets/${lost.body.id}/reveal`, { tile: board[2] });
    expect(boom.body).toMatchObject({
      state: 'lost',
      payout: 0,
      outcome: { mines: 5, revealed: [], mineHit: board[2], minePositions: board },
    });
    expect(await balance(player)).toBe(9n * 100_000_000n);

    const all = await post(player, '/api/games/mines/bets', { amount: 1, mines: 24 });
    pair = await activePair(player);
    const [onlyMines] = [
      minePositions(
        floatsFromSeeds(
          hmac,
          { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: all.body.fairness.nonce },
          24,
        ),
        24,
      ),
    ];
    const safeTile = Array.from({ length: 25 }, (_, i) => i).find((t) => !onlyMines.includes(t))!;
    const win = await post(player, `/api/games/mines/bets/${all.body.id}/reveal`, { tile: safeTile });
    expect(win.body).toMatchObject({ state: 'won', multiplier: 24.75, payout: 24.75 });
    expect(await balance(player)).toBe(8n * 100_000_000n + 2_475_000_000n);
    expect(
      (await trpc(suite.platform, 'query', 'games.mines.active', undefined, player.token)).body.result.data,
    ).toBeNull();
    await expectLedgerOk();
  });

  it('history: GET /api/bets pages newest first with filters, bets.stats sums per game, CSV export, and GET /api/bets/:id is public', async () => {
    const player = await funded('10');
    for (let i = 0; i < 3; i += 1)
      await post(player, '/api/games/dice/bets', { amount: 0.1, target: 50, condition: 'over' });
    for (let i = 0; i < 2; i += 1)
      await post(player, '/api/games/keno/bets', { amount: 0.2, picks: [5, 6], risk: 'high' });
    expect((await get(null, '/api/bets')).status).toBe(401);
    const page1 = await get(player, '/api/bets?limit=3');
    expect(page1.status).toBe(200);
    expect(page1.body.bets.map((b: any) => b.game)).toEqual(['keno', 'keno', 'dice']);
    expect(page1.body.nextCursor).toBe(page1.body.bets[2].id);
    const page2 = await get(player, `/api/bets?limit=3&cursor=${page1.body.nextCursor}`);
    expect(page2.body.bets.map((b: any) => b.game)).toEqual(['dice', 'dice']);
    expect(page2.body.nextCursor).toBeNull();
    const diceOnly = await get(player, '/api/bets?game=dice');
    expect(diceOnly.body.bets).toHaveLength(3);
    const mine = await trpc(suite.platform, 'query', 'bets.mine', { game: 'keno', state: 'won' }, player.token);
    expect(mine.body.result.data.bets.every((b: any) => b.game === 'keno' && b.state === 'won')).toBe(true);

    const stats = (await trpc(suite.platform, 'query', 'bets.stats', undefined, player.token)).body.result.data;
    const kenoStats = stats.find((s: any) => s.game === 'keno');
    const kenoBets = page1.body.bets.slice(0, 2);
    expect(kenoStats).toMatchObject({ currency: 'USD', count: 2, wagered: '0.4' });
    const profit = kenoBets.reduce(
      (s: number, b: any) => s + Math.round(b.payout * 1e8) - Math.round(b.amount * 1e8),
      0,
    );
    expect(Number(kenoStats.profit)).toBeCloseTo(profit / 1e8, 8);

    const csv = await fetch(`${suite.platform.url}/api/bets/export.csv?game=dice`, {
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,createdAt,game,currency,amount,multiplier,payout,profit,state,serverSeedHash,clientSeed,nonce,serverSeed,outcome,result',
    );
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((line) => line.split(',')[2] === 'dice')).toBe(true);
    expect((await fetch(`${suite.platform.url}/api/bets/export.csv`)).status).toBe(401);

    const one = await get(null, `/api/bets/${page1.body.bets[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: page1.body.bets[0].id, username: player.user.publicUsername, game: 'keno' });
  });

  it('live feed: the bets and high-rollers channels carry settled bets; bets.recent backfills; game-result goes to the player', async () => {
    const player = await funded('1000');
    const socket = await TestSocket.open(suite.platform.url, `?token=${player.token}`);
    socket.send({ type: 'subscribe', channels: ['bets', 'high-rollers', `game-results:${player.user.id}`] });
    await socket.next((f) => f.type === 'subscribed' && f.channel === 'high-rollers');
    const small = await post(player, '/api/games/dice/bets', { amount: 1, target: 50, condition: 'over' });
    const big = await post(player, '/api/games/dice/bets', { amount: 600, target: 50, condition: 'over' });
    const smallFrame = await socket.next(
      (f) => f.type === 'bet' && f.channel === 'bets' && f.data.id === small.body.id,
    );
    expect(smallFrame.data).toMatchObject({ amount: '1', game: 'dice', username: player.user.publicUsername });
    await socket.next((f) => f.type === 'bet' && f.channel === 'high-rollers' && f.data.id === big.body.id);
    expect(socket.frames.some((f) => f.channel === 'high-rollers' && f.data.id === small.body.id)).toBe(false);
    const result = await socket.next((f) => f.type === 'game-result' && f.data.id === small.body.id);
    expect(result.data).toMatchObject({ gameId: 'dice', userId: String(player.user.id) });
    socket.ws.close();

    const recent = (await trpc(suite.platform, 'query', 'bets.recent', { feed: 'all' })).body.result.data;
    expect(recent[0].id).toBe(big.body.id);
    expect(recent.length).toBeLessThanOrEqual(50);
    const rollers = (await trpc(suite.platform, 'query', 'bets.recent', { feed: 'high-rollers' })).body.result.data;
    expect(rollers.map((b: any) => b.id)).toContain(big.body.id);
    expect(rollers.map((b: any) => b.id)).not.toContain(small.body.id);
  });

  it("a referred player's settled bets accrue the referrer's commission once per bet, with the game's house edge", async () => {
    const referrer = await signedInAccount(suite.platform);
    const code = (await trpc(suite.platform, 'mutation', 'account.referrals.createCode', {}, referrer.token)).body
      .result.data.code;
    const player = await funded('10');
    expect(await services().wallet.referrals.attribute(db(), player.user.id, code)).toBe('attributed');
    const bet = await post(player, '/api/games/dice/bets', { amount: 4, target: 50, condition: 'over' });
    const rows = await db()
      .selectFrom('referral_commissions')
      .selectAll()
      .where('source_key', '=', `bet:${bet.body.id}`)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      referrer_id: referrer.user.id,
      referee_id: player.user.id,
      house_edge_ppm: 10_000,
      wagered_e8: '400000000',
    });
    await expectLedgerOk();
  });

  it('bets.onLive streams the public feed with tracked ids and resumes from lastEventId without gaps or duplicates', async () => {
    const player = await funded('10');
    const wsClient = createWSClient({
      url: `${suite.platform.url.replace(/^http/, 'ws')}/api/trpc-ws`,
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
    const seen: { id: string; data: { id: string } }[] = [];
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    const first = client.bets.onLive.subscribe(
      { feed: 'all' },
      { onStarted: () => started(), onData: (v) => seen.push(v as never) },
    );
    await ready;
    const a = await post(player, '/api/games/dice/bets', { amount: 0.1, target: 50, condition: 'over' });
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]!.data.id).toBe(a.body.id);
    expect(seen[0]!.id).toMatch(/^\d+-\d+$/);
    first.unsubscribe();

    // Missed while away: two bets. Resuming after the first replays them, then goes live.
    const b = await post(player, '/api/games/dice/bets', { amount: 0.1, target: 50, condition: 'over' });
    const c = await post(player, '/api/games/limbo/bets', { amount: 0.1, target: 3 });
    const resumed: { id: string; data: { id: string } }[] = [];
    const second = client.bets.onLive.subscribe(
      { feed: 'all', lastEventId: seen[0]!.id },
      { onData: (v) => resumed.push(v as never) },
    );
    await expect.poll(() => resumed.length).toBe(2);
    const d = await post(player, '/api/games/dice/bets', { amount: 0.1, target: 50, condition: 'over' });
    await expect.poll(() => resumed.length).toBe(3);
    expect(resumed.map((e) => e.data.id)).toEqual([b.body.id, c.body.id, d.body.id]);
    second.unsubscribe();
    await wsClient.close();
  });
});
