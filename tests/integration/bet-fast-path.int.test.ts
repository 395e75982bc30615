import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { http, signedInAccount } from '../support/auth.js';
import { platformSuite } from '../support/platform-suite.js';
import { fundPlayer, PLAYING_TEST_ENV } from '../support/wallet.js';

/**
 * POST /api/games/<slug>/bets is answered ahead of Express (rest/bet-fast-path.ts) with what the Express chain gives
 * every other path: the security headers, the request id and log, the metric, the body limits and the error bodies.
 * Requests it does not take as they are (a compressed body, another content type, one over the limit) still reach
 * the Express route, which answers them as before. Express adds a weak ETag to every JSON answer; the fast path's
 * answers carry none, which is how these tests tell the two apart.
 */
describe('the bet fast path', () => {
  const suite = platformSuite(PLAYING_TEST_ENV);
  const db = () => suite.platform.platform.infra.db;
  const bet = { amount: '0.5', target: 50, condition: 'over', currency: 'USD' };

  const betsOf = async (userId: number) =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from bets where user_id = ${userId}`.execute(db())).rows[0]!.n,
    );
  const balanceOf = async (userId: number) =>
    (await suite.platform.platform.services.wallet.ledger.balances(userId)).USD;

  it('places a bet: 201 with the Bet body, the security headers, no ETag, and the route in the metrics', async () => {
    const player = await signedInAccount(suite.platform);
    await fundPlayer(suite.platform, player.token, '10');
    const answer = await http(suite.platform.url, 'POST', '/api/games/dice/bets', bet, { token: player.token });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ game: 'dice', amount: 0.5, state: expect.stringMatching(/^(won|lost)$/) });
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('etag')).toBeNull();
    expect(await betsOf(player.user.id)).toBe(1);
    const metrics = await (await fetch(`${suite.platform.url}/metrics`)).text();
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{[^}]*route="\/api\/games\/dice\/bets"[^}]*status="201"[^}]*\} [1-9]/,
    );
  });

  it('refuses malformed JSON, JSON nested too deep and a body that is not an object with 400, and changes nothing', async () => {
    const player = await signedInAccount(suite.platform);
    await fundPlayer(suite.platform, player.token, '10');
    const before = await balanceOf(player.user.id);
    const malformed = await http(suite.platform.url, 'POST', '/api/games/dice/bets', '{"amount": "1",', {
      token: player.token,
    });
    expect(malformed).toMatchObject({ status: 400, body: { message: 'Malformed JSON body', code: 'BAD_REQUEST' } });
    const scalar = await http(suite.platform.url, 'POST', '/api/games/dice/bets', '"1"', { token: player.token });
    expect(scalar).toMatchObject({ status: 400, body: { message: 'Malformed JSON body', code: 'BAD_REQUEST' } });
    const deep = await http(
      suite.platform.url,
      'POST',
      '/api/games/dice/bets',
      `${'['.repeat(200)}${']'.repeat(200)}`,
      { token: player.token },
    );
    expect(deep.status).toBe(400);
    expect(deep.body.message).toMatch(/nested more than \d+ levels deep/);
    const list = await http(suite.platform.url, 'POST', '/api/games/dice/bets', [bet], { token: player.token });
    expect(list.status).toBe(400);
    expect(list.body.code).toBe('BAD_REQUEST');
    for (const answer of [malformed, scalar, deep, list])
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const unsigned = await http(suite.platform.url, 'POST', '/api/games/dice/bets', bet);
    expect(unsigned).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect(await betsOf(player.user.id)).toBe(0);
    expect(await balanceOf(player.user.id)).toBe(before);
  });

  it('leaves a compressed body, a body over the limit and a query string to the Express route, which answers as before', async () => {
    const player = await signedInAccount(suite.platform);
    await fundPlayer(suite.platform, player.token, '10');
    const compressed = await fetch(`${suite.platform.url}/api/games/dice/bets`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        authorization: `Bearer ${player.token}`,
      },
      body: gzipSync(JSON.stringify(bet)),
    });
    expect(compressed.status).toBe(201);
    // Express's res.json: a weak ETag, so this answer came through the Express route.
    expect(compressed.headers.get('etag')).toMatch(/^W\//);
    const query = await http(suite.platform.url, 'POST', '/api/games/dice/bets?source=legacy', bet, {
      token: player.token,
    });
    expect(query.status).toBe(201);
    expect(query.headers.get('etag')).toMatch(/^W\//);
    const huge = await http(
      suite.platform.url,
      'POST',
      '/api/games/dice/bets',
      { ...bet, padding: 'x'.repeat(200_000) },
      { token: player.token },
    );
    expect(huge.status).toBe(413);
    expect(await betsOf(player.user.id)).toBe(2);
  });

  it('a client that goes away mid-body places nothing, and the server goes on answering', async () => {
    const player = await signedInAccount(suite.platform);
    await fundPlayer(suite.platform, player.token, '10');
    const { hostname, port } = new URL(suite.platform.url);
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const partial = JSON.stringify(bet).slice(0, 10);
    socket.write(
      `POST /api/games/dice/bets HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${player.token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 200\r\n\r\n${partial}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await betsOf(player.user.id)).toBe(0);
    const next = await http(suite.platform.url, 'POST', '/api/games/dice/bets', bet, { token: player.token });
    expect(next.status).toBe(201);
    expect(await betsOf(player.user.id)).toBe(1);
  });

  it('settles parallel bets on one balance exactly: every stake and payout in the ledger, nonces contiguous', async () => {
    const player = await signedInAccount(suite.platform);
    await fundPlayer(suite.platform, player.token, '10');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        http(suite.platform.url, 'POST', '/api/games/dice/bets', bet, { token: player.token }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(201));
    const won = answers.reduce((sum, answer) => sum + parseAmount(String(answer.body.payout)), 0n);
    expect(await balanceOf(player.user.id)).toBe(parseAmount('10') - 30n * parseAmount('0.5') + won);
    const nonces = (
      await sql<{ nonce: number }>`select nonce from bets where user_id = ${player.user.id} order by nonce`.execute(
        db(),
      )
    ).rows.map((row) => row.nonce);
    expect(nonces).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  describe("the web client's bets (tRPC, answered ahead of Express too)", () => {
    const fast = '/api/trpc/games.dice.bet?batch=1';
    // Any other query string leaves the call to Express and tRPC's own HTTP adapter, which ignores it.
    const viaExpress = '/api/trpc/games.dice.bet?batch=1&via=express';
    const post = (path: string, body: unknown, token?: string) =>
      http(suite.platform.url, 'POST', path, body, token === undefined ? {} : { token });

    it("places a bet as tRPC's httpBatchLink sends it and answers in tRPC's batch shape, under its own metric", async () => {
      const player = await signedInAccount(suite.platform);
      await fundPlayer(suite.platform, player.token, '10');
      const answer = await post(fast, { 0: bet }, player.token);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([{ result: { data: expect.objectContaining({ bet: expect.any(Object) }) } }]);
      expect(answer.body[0].result.data.bet).toMatchObject({ game: 'dice', amount: '0.5', currency: 'USD' });
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      const express = await post(viaExpress, { 0: bet }, player.token);
      expect(express.status).toBe(200);
      expect(Object.keys(express.body[0].result.data).sort()).toEqual(Object.keys(answer.body[0].result.data).sort());
      expect(await betsOf(player.user.id)).toBe(2);
      const metrics = await (await fetch(`${suite.platform.url}/metrics`)).text();
      expect(metrics).toMatch(
        /http_request_duration_seconds_count\{[^}]*route="\/api\/trpc\/games.dice.bet"[^}]*status="200"[^}]*\} [1-9]/,
      );
    });

    it("answers every refusal exactly as tRPC's Express adapter does, and changes nothing", async () => {
      const player = await signedInAccount(suite.platform);
      await fundPlayer(suite.platform, player.token, '1');
      const before = await balanceOf(player.user.id);
      const cases: [string, unknown, string | undefined][] = [
        ['bad input', { 0: { ...bet, amount: 'lots' } }, player.token],
        ['no input', {}, player.token],
        ['not signed in', { 0: bet }, undefined],
        ['more than the balance', { 0: { ...bet, amount: '5' } }, player.token],
        ['an unknown condition', { 0: { ...bet, condition: 'sideways' } }, player.token],
      ];
      for (const [what, body, token] of cases) {
        const [mine, theirs] = [await post(fast, body, token), await post(viaExpress, body, token)];
        expect(mine.status, what).toBe(theirs.status);
        expect(mine.status, what).toBeGreaterThanOrEqual(400);
        expect(mine.body, what).toEqual(theirs.body);
      }
      const malformed = await post(fast, '{"0": {', player.token);
      expect(malformed).toMatchObject({ status: 400, body: { message: 'Malformed JSON body', code: 'BAD_REQUEST' } });
      expect(await betsOf(player.user.id)).toBe(0);
      expect(await balanceOf(player.user.id)).toBe(before);
    });

    it('settles 30 parallel tRPC bets on one balance exactly, with contiguous nonces', async () => {
      const player = await signedInAccount(suite.platform);
      await fundPlayer(suite.platform, player.token, '10');
      const answers = await Promise.all(Array.from({ length: 30 }, () => post(fast, { 0: bet }, player.token)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
      const won = answers.reduce((sum, answer) => sum + parseAmount(String(answer.body[0].result.data.bet.payout)), 0n);
      expect(await balanceOf(player.user.id)).toBe(parseAmount('10') - 30n * parseAmount('0.5') + won);
      const nonces = answers
        .map((answer) => Number(answer.body[0].result.data.bet.fairness.nonce))
        .sort((a, b) => a - b);
      expect(nonces).toEqual(Array.from({ length: 30 }, (_, i) => i));
    });
  });
});
