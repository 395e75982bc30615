import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { entrantSources } from '../../db/repositories/raffle.repo.js';
import { dispatch } from '../../server/src/cli/commands.js';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../support/auth.js';
import { platformSuite } from '../support/platform-suite.js';
import {
  launchSession,
  newId,
  registerProvider,
  startReferenceProvider,
  walletCall,
  walletSnapshot,
  type TestProvider,
} from '../support/providers.js';
import { fundPlayer, trpc, WALLET_TEST_ENV } from '../support/wallet.js';
import { GAMES_HOUSE_CODES } from '../../db/repositories/house-shards.js';
import { CLI_ACTOR } from '../../server/src/domain/staff/audit-log.js';

/**
 * The seamless wallet driven as an aggregator drives it (issue 29, docs/providers.md): signed JSON calls for
 * balance, bet, win and rollback against a real server, Postgres and Redis.
 */
describe('providers: the seamless wallet', () => {
  const suite = platformSuite({
    ...WALLET_TEST_ENV,
    ...FAST_HASHING,
    ...RELAXED_LIMITS,
    GAME_MIN_BET_USD: '0.01',
    GAME_MAX_PROFIT_USD: '1000',
  });
  const db = () => suite.platform.platform.infra.db;
  const services = () => suite.platform.platform.services;

  /** A player with `amount` USD (a real deposit) and a launched session of a fresh provider's game. */
  async function playerWithSession(amount: string, provider?: TestProvider) {
    const platform = suite.platform;
    const studio = provider ?? (await registerProvider(platform));
    const player = await signedInAccount(platform);
    if (amount !== '0') await fundPlayer(platform, player.token, amount);
    const { sessionToken, url } = await launchSession(platform, studio, player.token);
    const call = { sessionToken, currency: 'USD' };
    return { platform, provider: studio, player, sessionToken, url, call };
  }

  const ledgerKeys = async (providerId: string) => {
    const { rows } = await sql<{
      key: string;
    }>`select idempotency_key as key from ledger_transactions where idempotency_key like ${`provider:${providerId}:%`} order by id`.execute(
      db(),
    );
    return rows.map((row) => row.key);
  };

  it('launches a game: a session token in the filled URL, the game in its category, the origin framable', async () => {
    const { platform, provider, url, player } = await playerWithSession('0');
    expect(url.origin).toBe(provider.origin);
    expect(url.searchParams.get('game')).toBe(provider.gameId);
    expect(url.searchParams.get('currency')).toBe('USD');
    expect(url.searchParams.get('return')).toBe(new URL('/casino/slots', platform.env.publicUrl).toString());
    const listed = await trpc(platform, 'query', 'providers.catalogue', { category: 'slots' });
    expect(listed.body.result.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ providerId: provider.id, gameId: provider.gameId, rtp: '96.5' }),
      ]),
    );
    const page = await fetch(`${platform.url}/casino/play/${provider.id}/${provider.gameId}`);
    expect(page.headers.get('content-security-policy')).toMatch(
      new RegExp(`frame-src 'self' [^;]*${provider.origin.replace(/\./g, '\\.')}`),
    );
    // Configuration is the admin's: a player is refused.
    expect((await trpc(platform, 'query', 'admin.providers.list', undefined, player.token)).status).toBe(403);
    // A disabled game cannot be launched, and leaves the lobby.
    await services().providers.registry.saveGame(
      { providerId: provider.id, gameId: provider.gameId, enabled: false },
      CLI_ACTOR,
    );
    expect(
      (
        await trpc(
          platform,
          'mutation',
          'providers.launch',
          { provider: provider.id, gameId: provider.gameId },
          player.token,
        )
      ).status,
    ).toBe(404);
    const after = await trpc(platform, 'query', 'providers.catalogue', { category: 'slots' });
    expect(after.body.result.data.some((game: { providerId: string }) => game.providerId === provider.id)).toBe(false);
  });

  it('answers a signed balance call, and refuses a missing, wrong or stale signature with 401 changing nothing', async () => {
    const { platform, provider, call } = await playerWithSession('10');
    const ok = await walletCall(platform, provider, 'balance', { requestId: newId('req'), ...call });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'OK', balance: '10', currency: 'USD' });

    const before = await walletSnapshot(platform);
    const bet = { ...call, requestId: newId('req'), transactionId: newId('tx'), roundId: newId('round'), amount: '1' };
    const refusals = [
      await walletCall(platform, provider, 'bet', bet, { secret: null }),
      await walletCall(platform, provider, 'bet', bet, { secret: 'not-the-secret-0123456789' }),
      await walletCall(platform, provider, 'bet', bet, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      // Signed, then the amount changed on the way.
      await walletCall(platform, provider, 'bet', bet, { signedBody: JSON.stringify({ ...bet, amount: '0.01' }) }),
    ];
    for (const refused of refusals)
      expect(refused).toMatchObject({ status: 401, body: { status: 'INVALID_SIGNATURE' } });
    expect(await walletSnapshot(platform)).toBe(before);
    // The same request, correctly signed, is then taken: the refusals were not remembered as its answer.
    expect((await walletCall(platform, provider, 'bet', bet)).body).toMatchObject({ status: 'OK', balance: '9' });
    // An unknown provider is told so.
    const unknown = await walletCall(platform, { ...provider, id: 'no-such-studio' }, 'balance', {
      requestId: newId('req'),
      ...call,
    });
    expect(unknown).toMatchObject({ status: 404, body: { status: 'PROVIDER_NOT_FOUND' } });
  });

  it('answers the same request sent 20 times at once with the first answer, byte for byte, and debits once', async () => {
    const { platform, provider, call } = await playerWithSession('10');
    const bet = {
      ...call,
      requestId: newId('req'),
      transactionId: newId('tx'),
      roundId: newId('round'),
      amount: '2.5',
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => walletCall(platform, provider, 'bet', bet)));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    expect(answers[0]!.body).toMatchObject({
      status: 'OK',
      balance: '7.5',
      transactionId: bet.transactionId,
      requestId: bet.requestId,
    });
    expect(await ledgerKeys(provider.id)).toEqual([`provider:${provider.id}:${bet.transactionId}`]);
    expect((await services().wallet.ledger.balances(Number(answers[0]!.body.playerId))).USD).toBe(750_000_000n);
    // Later, with the balance moved by another bet, the request replayed still gets the first answer.
    await walletCall(platform, provider, 'bet', {
      ...bet,
      requestId: newId('req'),
      transactionId: newId('tx'),
      amount: '1',
    });
    expect((await walletCall(platform, provider, 'bet', bet)).text).toBe(answers[0]!.text);
    // The same transaction under a new requestId is the same bet: OK again (with today's balance), no second debit.
    const again = await walletCall(platform, provider, 'bet', { ...bet, requestId: newId('req') });
    expect(again.body).toMatchObject({ status: 'OK', balance: '6.5' });
    // The same transaction id with a different amount is a different transaction: refused.
    const different = await walletCall(platform, provider, 'bet', { ...bet, requestId: newId('req'), amount: '3' });
    expect(different).toMatchObject({ status: 409, body: { status: 'DUPLICATE_TRANSACTION', balance: '6.5' } });
    expect(await ledgerKeys(provider.id)).toHaveLength(2);
  });

  it('rolls a bet back, refuses it when it comes again, and refuses a bet that arrives after its own rollback', async () => {
    const { platform, provider, call } = await playerWithSession('10');
    const roundId = newId('round');
    const bet = { ...call, requestId: newId('req'), transactionId: newId('tx'), roundId, amount: '4' };
    expect((await walletCall(platform, provider, 'bet', bet)).body).toMatchObject({ status: 'OK', balance: '6' });
    const rollback = {
      ...call,
      requestId: newId('req'),
      transactionId: newId('rb'),
      referenceTransactionId: bet.transactionId,
      roundId,
    };
    expect((await walletCall(platform, provider, 'rollback', rollback)).body).toMatchObject({
      status: 'OK',
      balance: '10',
    });
    // The rollback sent again under a new transaction id reverses nothing more.
    const twice = await walletCall(platform, provider, 'rollback', {
      ...rollback,
      requestId: newId('req'),
      transactionId: newId('rb'),
    });
    expect(twice.body).toMatchObject({ status: 'OK', balance: '10' });
    const redelivered = await walletCall(platform, provider, 'bet', { ...bet, requestId: newId('req') });
    expect(redelivered).toMatchObject({ status: 409, body: { status: 'TRANSACTION_ROLLED_BACK', balance: '10' } });

    // The rollback first (the bet timed out on the provider's side and never reached us), then the late bet.
    const lateBet = {
      ...call,
      requestId: newId('req'),
      transactionId: newId('tx'),
      roundId: newId('round'),
      amount: '3',
    };
    const early = await walletCall(platform, provider, 'rollback', {
      ...call,
      requestId: newId('req'),
      transactionId: newId('rb'),
      referenceTransactionId: lateBet.transactionId,
      roundId: lateBet.roundId,
    });
    expect(early.body).toMatchObject({ status: 'OK', balance: '10' });
    const late = await walletCall(platform, provider, 'bet', lateBet);
    expect(late).toMatchObject({ status: 409, body: { status: 'TRANSACTION_ROLLED_BACK', balance: '10' } });
    expect((await walletCall(platform, provider, 'bet', { ...lateBet, requestId: newId('req') })).body.status).toBe(
      'TRANSACTION_ROLLED_BACK',
    );
    expect(await ledgerKeys(provider.id)).toEqual([
      `provider:${provider.id}:${bet.transactionId}`,
      `provider:${provider.id}:${rollback.transactionId}`,
    ]);
  });

  it('pays a win into a round with a bet, refuses a win for an unknown round, and accepts zero wins', async () => {
    const { platform, provider, call } = await playerWithSession('10');
    const roundId = newId('round');
    await walletCall(platform, provider, 'bet', {
      ...call,
      requestId: newId('req'),
      transactionId: newId('tx'),
      roundId,
      amount: '1',
    });
    const win = await walletCall(platform, provider, 'win', {
      ...call,
      requestId: newId('req'),
      transactionId: newId('win'),
      roundId,
      amount: '3.25',
      roundClosed: true,
    });
    expect(win).toMatchObject({ status: 200, body: { status: 'OK', balance: '12.25' } });
    const before = await walletSnapshot(platform);
    const stray = {
      ...call,
      requestId: newId('req'),
      transactionId: newId('win'),
      roundId: newId('round'),
      amount: '5',
    };
    const unknownRound = await walletCall(platform, provider, 'win', stray);
    expect(unknownRound).toMatchObject({ status: 404, body: { status: 'ROUND_NOT_FOUND', balance: '12.25' } });
    // Replayed: the same refusal, and still no money.
    expect((await walletCall(platform, provider, 'win', stray)).text).toBe(unknownRound.text);
    const zero = await walletCall(platform, provider, 'win', {
      ...call,
      requestId: newId('req'),
      transactionId: newId('win'),
      roundId,
      amount: '0',
    });
    expect(zero.body).toMatchObject({ status: 'OK', balance: '12.25' });
    // Only the stored answers and the zero win's row were added; no ledger transaction, no balance change.
    const [ledgerBefore, balanceBefore] = before.split('|');
    const [ledgerAfter, balanceAfter] = (await walletSnapshot(platform)).split('|');
    expect([ledgerAfter, balanceAfter]).toEqual([ledgerBefore, balanceBefore]);
  });

  it('takes exactly 50 of 100 parallel 1 USD bets against 50 USD, and refuses the rest as insufficient funds', async () => {
    const { platform, provider, call, player } = await playerWithSession('50');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        walletCall(platform, provider, 'bet', {
          ...call,
          requestId: newId(`req${i}`),
          transactionId: newId(`tx${i}`),
          roundId: newId('round'),
          amount: '1',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.body.status);
    expect(statuses.filter((status) => status === 'OK')).toHaveLength(50);
    expect(statuses.filter((status) => status === 'INSUFFICIENT_FUNDS')).toHaveLength(50);
    expect(
      answers.filter((answer) => answer.body.status === 'INSUFFICIENT_FUNDS').every((answer) => answer.status === 402),
    ).toBe(true);
    expect((await services().wallet.ledger.balances(player.user.id)).USD).toBe(0n);
    expect(await ledgerKeys(provider.id)).toHaveLength(50);
  });

  it('refuses bets on an expired session but still settles its wins and rollbacks', async () => {
    const { platform, provider, call, sessionToken } = await playerWithSession('10');
    const roundId = newId('round');
    const bet = { ...call, requestId: newId('req'), transactionId: newId('tx'), roundId, amount: '2' };
    const other = { ...call, requestId: newId('req'), transactionId: newId('tx'), roundId, amount: '1' };
    await walletCall(platform, provider, 'bet', bet);
    await walletCall(platform, provider, 'bet', other);
    await sql`update provider_sessions set expires_at = now() - interval '1 minute' where token = ${sessionToken}`.execute(
      db(),
    );
    const refused = await walletCall(platform, provider, 'bet', {
      ...call,
      requestId: newId('req'),
      transactionId: newId('tx'),
      roundId,
      amount: '1',
    });
    expect(refused).toMatchObject({ status: 410, body: { status: 'SESSION_EXPIRED', balance: '7' } });
    const win = await walletCall(platform, provider, 'win', {
      ...call,
      requestId: newId('req'),
      transactionId: newId('win'),
      roundId,
      amount: '5',
    });
    expect(win.body).toMatchObject({ status: 'OK', balance: '12' });
    const rollback = await walletCall(platform, provider, 'rollback', {
      ...call,
      requestId: newId('req'),
      transactionId: newId('rb'),
      referenceTransactionId: other.transactionId,
      roundId,
    });
    expect(rollback.body).toMatchObject({ status: 'OK', balance: '13' });
  });

  it('refuses a self-excluded player, a wrong currency and an unknown session, each with its own status', async () => {
    const { platform, provider, call, player } = await playerWithSession('10');
    const wrongCurrency = await walletCall(platform, provider, 'bet', {
      ...call,
      currency: 'BZU',
      requestId: newId('req'),
      transactionId: newId('tx'),
      roundId: newId('round'),
      amount: '1',
    });
    expect(wrongCurrency).toMatchObject({
      status: 409,
      body: { status: 'WRONG_CURRENCY', currency: 'USD', balance: '10' },
    });
    const unknownSession = await walletCall(platform, provider, 'bet', {
      ...call,
      sessionToken: 'x'.repeat(32),
      requestId: newId('req'),
      transactionId: newId('tx'),
      roundId: newId('round'),
      amount: '1',
    });
    expect(unknownSession).toMatchObject({ status: 404, body: { status: 'SESSION_NOT_FOUND' } });
    const tooBig = await walletCall(platform, provider, 'bet', {
      ...call,
      requestId: newId('req'),
      transactionId: newId('tx'),
      roundId: newId('round'),
      amount: '1000.01',
    });
    expect(tooBig).toMatchObject({ status: 403, body: { status: 'BET_LIMIT' } });
    const malformed = await walletCall(platform, provider, 'bet', {
      ...call,
      requestId: newId('req'),
      transactionId: newId('tx'),
      roundId: newId('round'),
      amount: 1,
    });
    expect(malformed).toMatchObject({ status: 400, body: { status: 'BAD_REQUEST' } });
    const before = await walletSnapshot(platform);
    await services().wallet.responsibleGaming.selfExclude(player.user.id, '24h');
    const excluded = await walletCall(platform, provider, 'bet', {
      ...call,
      requestId: newId('req'),
      transactionId: newId('tx'),
      roundId: newId('round'),
      amount: '1',
    });
    expect(excluded).toMatchObject({ status: 403, body: { status: 'PLAYER_EXCLUDED', balance: '10' } });
    const launch = await trpc(
      platform,
      'mutation',
      'providers.launch',
      { provider: provider.id, gameId: provider.gameId },
      player.token,
    );
    expect(launch.status).toBe(403);
    expect((await walletSnapshot(platform)).split('|').slice(0, 3)).toEqual(before.split('|').slice(0, 3));
  });

  it('counts provider wagers for XP and rakeback at the declared RTP, raffle tickets and the house revenue', async () => {
    const { platform, provider, call, player } = await playerWithSession('20');
    const transactionId = newId('tx');
    await walletCall(platform, provider, 'bet', {
      ...call,
      requestId: newId('req'),
      transactionId,
      roundId: newId('round'),
      amount: '10',
    });
    const betId = `provider:${provider.id}:${transactionId}`;
    await expect
      .poll(
        async () =>
          (
            await sql<{
              edge: number;
              wagered: string;
            }>`select house_edge_ppm as edge, wagered_e8::text as wagered from bet_economy where bet_id = ${betId}`.execute(
              db(),
            )
          ).rows[0],
      )
      .toEqual({ edge: 35_000, wagered: '1000000000' });
    const { rows } = await sql<{ total: string }>`
      select coalesce(sum(e.amount_e8), 0)::text as total from ledger_entries e join ledger_accounts a on a.id = e.account_id
      join ledger_transactions t on t.id = e.transaction_id where a.code = any(${GAMES_HOUSE_CODES}::text[]) and t.idempotency_key = ${betId}`.execute(
      db(),
    );
    expect(rows[0]!.total).toBe('1000000000');
    // Raffle tickets come from what the player wagered in the raffle's window: the provider bet counts.
    const window = { id: '1', opensAt: new Date(Date.now() - 60_000), closesAt: new Date(Date.now() + 60_000) };
    expect(await entrantSources(db(), window, player.user.id)).toEqual([
      expect.objectContaining({ userId: player.user.id, wageredUsd: 1_000_000_000n }),
    ]);
  });

  it('a rollback takes back the XP, rakeback and referral commission its bet earned, exactly and once; claimed rakeback stays with the player', async () => {
    const platform = suite.platform;
    const referrer = await signedInAccount(platform);
    const code = (await trpc(platform, 'mutation', 'account.referrals.createCode', {}, referrer.token)).body.result.data
      .code;
    const player = await signedInAccount(platform);
    expect(await services().wallet.referrals.attribute(db(), player.user.id, code)).toBe('attributed');
    await fundPlayer(platform, player.token, '50');
    const provider = await registerProvider(platform);
    const { sessionToken } = await launchSession(platform, provider, player.token);
    const call = { sessionToken, currency: 'USD' };
    const xp = async () =>
      BigInt(
        (
          await sql<{
            xp: string;
          }>`select coalesce((select xp_e8 from player_xp where user_id = ${player.user.id}), 0)::text as xp`.execute(
            db(),
          )
        ).rows[0]!.xp,
      );
    const figures = async () => ({
      xp: await xp(),
      cash: (await services().wallet.ledger.balances(player.user.id)).USD,
      rakeback: (await services().wallet.ledger.balances(player.user.id, 'rakeback')).USD,
      commission: (await services().wallet.ledger.balances(referrer.user.id, 'referral')).USD,
    });
    const accruals = async (transactionId: string) => {
      const betId = `provider:${provider.id}:${transactionId}`;
      const economy = await sql<{
        xp: string;
        rakeback: string;
      }>`select xp_e8::text as xp, rakeback_e8::text as rakeback from bet_economy where bet_id = ${betId}`.execute(
        db(),
      );
      const commission = await sql<{
        commission: string;
      }>`select commission_e8::text as commission from referral_commissions where source_key = ${`bet:${betId}`}`.execute(
        db(),
      );
      return { economy: economy.rows[0], commission: commission.rows[0] };
    };
    const bet = async (amount: string) => {
      const request = { ...call, requestId: newId('req'), transactionId: newId('tx'), roundId: newId('round'), amount };
      expect((await walletCall(platform, provider, 'bet', request)).body.status).toBe('OK');
      return request;
    };
    const rollback = (of: { transactionId: string; roundId: string }) =>
      walletCall(platform, provider, 'rollback', {
        ...call,
        requestId: newId('req'),
        transactionId: newId('rb'),
        referenceTransactionId: of.transactionId,
        roundId: of.roundId,
      });

    const start = await figures();
    const first = await bet('10');
    const earned = await accruals(first.transactionId);
    expect(BigInt(earned.economy!.xp)).toBeGreaterThan(0n);
    expect(BigInt(earned.economy!.rakeback)).toBeGreaterThan(0n);
    expect(BigInt(earned.commission!.commission)).toBeGreaterThan(0n);
    expect(await figures()).toEqual({
      xp: start.xp + BigInt(earned.economy!.xp),
      cash: start.cash - 1_000_000_000n,
      rakeback: start.rakeback + BigInt(earned.economy!.rakeback),
      commission: start.commission + BigInt(earned.commission!.commission),
    });
    expect((await rollback(first)).body).toMatchObject({ status: 'OK', balance: '50' });
    expect(await figures()).toEqual(start);
    expect(await accruals(first.transactionId)).toEqual({ economy: undefined, commission: undefined });
    // A second rollback of the same bet (another transaction id) reverses nothing more.
    expect((await rollback(first)).body).toMatchObject({ status: 'OK', rolledBack: expect.any(String) });
    expect(await figures()).toEqual(start);

    // Rakeback claimed into cash before the rollback is the player's cash: the XP and the commission go, it stays.
    const second = await bet('10');
    const secondEarned = await accruals(second.transactionId);
    expect((await trpc(platform, 'mutation', 'vip.claimRakeback', undefined, player.token)).status).toBe(200);
    const claimed = BigInt(secondEarned.economy!.rakeback);
    expect((await rollback(second)).body).toMatchObject({ status: 'OK' });
    expect(await figures()).toEqual({ ...start, cash: start.cash + claimed });
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('answers a signed body that is not JSON with its own BAD_REQUEST; other routes keep the platform error body', async () => {
    const { platform, provider } = await playerWithSession('0');
    const before = await walletSnapshot(platform);
    for (const rawBody of ['{"requestId": "req-1",', 'requestId=req-1', '']) {
      const answer = await walletCall(platform, provider, 'bet', {}, { rawBody });
      expect(answer).toMatchObject({ status: 400, body: { status: 'BAD_REQUEST', message: 'The body is not JSON' } });
    }
    // Unsigned, the same body is a signature refusal: nothing is parsed before the signature holds.
    expect(await walletCall(platform, provider, 'bet', {}, { rawBody: '{"requestId":', secret: null })).toMatchObject({
      status: 401,
      body: { status: 'INVALID_SIGNATURE' },
    });
    expect(await walletSnapshot(platform)).toBe(before);
    const webhook = await fetch(`${platform.url}/api/webhooks/deposits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"requestId":',
    });
    expect(webhook.status).toBe(400);
    expect(await webhook.json()).toMatchObject({ message: 'Malformed JSON body', code: 'BAD_REQUEST' });
  });

  it("lists the player's provider rounds for My bets, newest first, keyset-paged, rolled-back rounds included", async () => {
    const { platform, provider, call, player } = await playerWithSession('20');
    const [won, rolledBack, twoBets] = [newId('round'), newId('round'), newId('round')];
    const bet = (roundId: string, amount: string, transactionId = newId('tx')) =>
      walletCall(platform, provider, 'bet', { ...call, requestId: newId('req'), transactionId, roundId, amount });
    await bet(won, '2');
    await walletCall(platform, provider, 'win', {
      ...call,
      requestId: newId('req'),
      transactionId: newId('win'),
      roundId: won,
      amount: '3.5',
    });
    const refunded = newId('tx');
    await bet(rolledBack, '1', refunded);
    await walletCall(platform, provider, 'rollback', {
      ...call,
      requestId: newId('req'),
      transactionId: newId('rb'),
      referenceTransactionId: refunded,
      roundId: rolledBack,
    });
    await bet(twoBets, '1');
    await bet(twoBets, '0.5');
    const page = (input: { limit: number; cursor?: string }, token = player.token) =>
      trpc(platform, 'query', 'providers.myRounds', input, token);
    const first = await page({ limit: 2 });
    const round = {
      providerId: provider.id,
      providerName: `Studio ${provider.id}`,
      gameId: provider.gameId,
      gameName: 'Fruit Slot',
      currency: 'USD',
    };
    expect(first.body.result.data.rounds).toEqual([
      expect.objectContaining({ ...round, roundId: twoBets, stake: '1.5', win: '0', rolledBack: '0', state: 'lost' }),
      expect.objectContaining({
        ...round,
        roundId: rolledBack,
        stake: '1',
        win: '0',
        rolledBack: '1',
        state: 'rolled back',
      }),
    ]);
    const second = await page({ limit: 2, cursor: first.body.result.data.nextCursor });
    expect(second.body.result.data).toEqual({
      rounds: [expect.objectContaining({ ...round, roundId: won, stake: '2', win: '3.5', state: 'won' })],
      nextCursor: null,
    });
    // Another player's list has none of them; a visitor is refused.
    const stranger = await signedInAccount(platform);
    expect((await page({ limit: 20 }, stranger.token)).body.result.data).toEqual({ rounds: [], nextCursor: null });
    expect((await trpc(platform, 'query', 'providers.myRounds', { limit: 20 })).status).toBe(401);
  });

  it('reports days and reconciles provider transactions with the ledger; ledger:check holds', async () => {
    const { platform, provider, call } = await playerWithSession('30');
    const roundId = newId('round');
    const bet = { ...call, requestId: newId('req'), transactionId: newId('tx'), roundId, amount: '10' };
    await walletCall(platform, provider, 'bet', bet);
    await walletCall(platform, provider, 'bet', {
      ...bet,
      requestId: newId('req'),
      transactionId: newId('tx'),
      amount: '5',
    });
    await walletCall(platform, provider, 'win', {
      ...call,
      requestId: newId('req'),
      transactionId: newId('win'),
      roundId,
      amount: '12',
    });
    await walletCall(platform, provider, 'rollback', {
      ...call,
      requestId: newId('req'),
      transactionId: newId('rb'),
      referenceTransactionId: bet.transactionId,
      roundId,
    });
    const admin = await signedInAccount(platform);
    await services().auth.accounts.setRole(admin.account.username, 'admin');
    const daily = await trpc(platform, 'query', 'admin.providers.daily', { days: 1 }, admin.token);
    expect(daily.body.result.data.find((row: { providerId: string }) => row.providerId === provider.id)).toMatchObject({
      currency: 'USD',
      bets: '15',
      betCount: 2,
      wins: '12',
      rollbacks: '10',
      ggr: '-7',
    });
    const check = await trpc(platform, 'query', 'admin.providers.reconciliation', undefined, admin.token);
    expect(check.body.result.data.ok).toBe(true);
    expect(
      check.body.result.data.lines.filter((line: { providerId: string }) => line.providerId === provider.id),
    ).toHaveLength(3);
    // A ledger posting no provider row explains shows up as a mismatch.
    await services().wallet.ledger.post({
      key: newId('stray'),
      kind: 'provider-win',
      memo: { provider: provider.id },
      legs: [
        { account: { house: 'games' }, currency: 'USD', amount: -1n },
        { account: { house: 'deposits' }, currency: 'USD', amount: 1n },
      ],
    });
    const broken = await trpc(platform, 'query', 'admin.providers.reconciliation', undefined, admin.token);
    expect(broken.body.result.data.ok).toBe(false);
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('configures providers through the admin API and the CLI import', async () => {
    const platform = suite.platform;
    const admin = await signedInAccount(platform);
    await services().auth.accounts.setRole(admin.account.username, 'admin');
    const saved = await trpc(
      platform,
      'mutation',
      'admin.providers.saveProvider',
      {
        id: 'live-studio',
        name: 'Live Studio',
        secret: 'live-studio-secret-0123',
        origin: 'https://live.example.test',
        launchUrlTemplate: 'https://live.example.test/play?t={token}',
      },
      admin.token,
    );
    expect(saved.body.result.data).toMatchObject({ id: 'live-studio', secretHint: '…0123', enabled: true });
    expect(JSON.stringify(saved.body)).not.toContain('live-studio-secret');
    const offOrigin = await trpc(
      platform,
      'mutation',
      'admin.providers.saveProvider',
      { id: 'live-studio', launchUrlTemplate: 'https://elsewhere.test/play?t={token}' },
      admin.token,
    );
    expect(offOrigin.status).toBe(400);

    const dir = await mkdtemp(path.join(os.tmpdir(), 'providers-import-'));
    const file = path.join(dir, 'providers.json');
    await writeFile(
      file,
      JSON.stringify({
        providers: [
          {
            id: 'live-studio',
            name: 'Live Studio',
            secret: 'live-studio-secret-0123',
            origin: 'https://live.example.test',
            launchUrlTemplate: 'https://live.example.test/play?t={token}',
            games: [
              {
                gameId: 'lightning-roulette',
                name: 'Lightning Roulette',
                category: 'roulette',
                rtp: '97.3',
                maxMultiplier: '500',
              },
              {
                gameId: 'crazy-wheel',
                name: 'Crazy Wheel',
                category: 'gameshows',
                rtp: '95.41',
                maxMultiplier: '20000',
                thumbnailUrl: 'https://cdn.live.example.test/wheel.png',
              },
            ],
          },
        ],
      }),
    );
    const printed: string[] = [];
    await dispatch(['providers:import', file], { services: services(), print: (line) => printed.push(line) });
    await rm(dir, { recursive: true, force: true });
    expect(printed).toEqual(['imported 1 providers and 2 games']);
    const roulette = await trpc(platform, 'query', 'providers.catalogue', { category: 'roulette' });
    expect(roulette.body.result.data).toEqual([
      expect.objectContaining({ providerName: 'Live Studio', gameId: 'lightning-roulette', rtp: '97.3' }),
    ]);
    const page = await fetch(`${platform.url}/casino/roulette`);
    expect(page.headers.get('content-security-policy')).toContain('https://cdn.live.example.test');
    await dispatch(['providers:enable', 'live-studio', 'off'], { services: services(), print: () => undefined });
    expect((await trpc(platform, 'query', 'providers.catalogue', { category: 'roulette' })).body.result.data).toEqual(
      [],
    );
    const csp = (await fetch(`${platform.url}/casino/roulette`)).headers.get('content-security-policy');
    expect(csp).not.toContain('https://live.example.test');
  });

  describe('the reference provider (its own process)', () => {
    let stop: (() => Promise<void>) | undefined;
    afterAll(async () => {
      await stop?.();
    });

    it('spins through the wallet: bet then win move the balance, a failed round is rolled back', async () => {
      const reference = await startReferenceProvider(suite.platform);
      stop = reference.stop;
      const { url, provider } = reference;
      const { player, sessionToken, url: launchUrl } = await playerWithSession('20', provider);
      expect(launchUrl.pathname).toBe('/slot');

      const page = await http(url, 'GET', `/slot?token=${sessionToken}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('data-testid="reference-spin"');
      const balance = await http(url, 'POST', '/api/balance', { token: sessionToken });
      expect(balance.body).toMatchObject({ status: 'OK', balance: '20' });

      const spin = await http(url, 'POST', '/api/spin', { token: sessionToken, bet: '2', currency: 'USD' });
      expect(spin.status).toBe(200);
      const expected = 20 - 2 + Number(spin.body.win);
      expect(Number(spin.body.balance)).toBe(expected);
      expect(Number((await services().wallet.ledger.balances(player.user.id)).USD) / 1e8).toBe(expected);

      const failed = await http(url, 'POST', '/api/spin', {
        token: sessionToken,
        bet: '1',
        currency: 'USD',
        fail: true,
      });
      expect(failed.body).toMatchObject({ error: 'ROUND_FAILED', rolledBack: true });
      expect(Number(failed.body.balance)).toBe(expected);
      const { rows } = await sql<{
        kind: string;
      }>`select kind from provider_transactions where provider_id = 'reference' and user_id = ${player.user.id} order by id`.execute(
        db(),
      );
      expect(rows.map((row) => row.kind)).toEqual(['bet', 'win', 'bet', 'rollback']);
      expect(await services().wallet.ledger.check()).toEqual([]);
    });
  });
});
