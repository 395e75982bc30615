import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../server/src/cli/commands.js';
import { FAST_HASHING, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { creditBzu } from '../support/game-checks.js';
import { platformSuite } from '../support/platform-suite.js';
import { launchSession, newId, registerProvider, walletCall, type TestProvider } from '../support/providers.js';
import { fundPlayer, trpc, WALLET_TEST_ENV } from '../support/wallet.js';

/**
 * A hostile studio's signed calls cannot create money (issue #40): each case below answered OK and moved money on
 * the wallet before it. Every refusal must change no balance, and `ledger:check` must stay clean.
 */
describe('providers: what a signed call cannot do', () => {
  const suite = platformSuite({
    ...WALLET_TEST_ENV,
    ...FAST_HASHING,
    ...RELAXED_LIMITS,
    GAME_MIN_BET_USD: '0.01',
    GAME_MIN_BET_BZU: '1',
    GAME_MAX_PROFIT_USD: '1000',
    PROVIDER_HOURLY_PAYOUT_LIMIT_USD: '1500',
  });
  const services = () => suite.platform.platform.services;

  /** A player holding `usd` USD and `bzu` BZU, with a USD and a BZU session of one provider game. */
  async function player(usd: string, bzu = '0', studio?: TestProvider) {
    const platform = suite.platform;
    const provider = studio ?? (await registerProvider(platform));
    const account = await signedInAccount(platform);
    if (usd !== '0') await fundPlayer(platform, account.token, usd);
    if (bzu !== '0') await creditBzu(platform, account.user.id, bzu, newId('bzu'));
    const usdSession = (await launchSession(platform, provider, account.token, 'USD')).sessionToken;
    const bzuSession = (await launchSession(platform, provider, account.token, 'BZU')).sessionToken;
    const balances = async () => {
      const { rows } = await sql<{ currency: string; balance: string }>`
        select currency, balance_e8::text as balance from ledger_accounts where code = ${`user:${account.user.id}`}
        order by currency`.execute(suite.platform.platform.infra.db);
      return Object.fromEntries(rows.map((row) => [row.currency, BigInt(row.balance)]));
    };
    const call = (action: 'bet' | 'win' | 'rollback', session: string, body: Record<string, unknown>) =>
      walletCall(platform, provider, action, { sessionToken: session, requestId: newId('req'), ...body });
    return { provider, account, usdSession, bzuSession, balances, call };
  }

  const ledgerProblems = async () => (await services().wallet.accounts.check()).problems;

  it('a rollback returns its bet in the bet own currency, whatever session carries it', async () => {
    const p = await player('10', '500');
    const roundId = newId('round');
    const betId = newId('bet');
    const bet = await p.call('bet', p.bzuSession, { transactionId: betId, roundId, amount: '100', currency: 'BZU' });
    expect(bet.body).toMatchObject({ status: 'OK', balance: '400' });
    const before = await p.balances();
    // Carried by the USD session (no currency named): the 100 BZU come back as BZU, the USD stay as they were.
    const rollback = await p.call('rollback', p.usdSession, {
      transactionId: newId('rb'),
      referenceTransactionId: betId,
      roundId,
    });
    expect(rollback.body).toMatchObject({ status: 'OK', currency: 'USD', balance: '10' });
    const after = await p.balances();
    expect(after.USD).toBe(before.USD);
    expect(after.BZU! - before.BZU!).toBe(100n * 10n ** 8n);
    // Naming USD for a BZU bet is refused and moves nothing.
    const bet2 = newId('bet');
    await p.call('bet', p.bzuSession, { transactionId: bet2, roundId: newId('round'), amount: '5', currency: 'BZU' });
    const snapshot = await p.balances();
    const named = await p.call('rollback', p.usdSession, {
      transactionId: newId('rb'),
      referenceTransactionId: bet2,
      roundId: newId('round'),
      currency: 'USD',
    });
    expect(named.status).toBe(409);
    expect(await p.balances()).toEqual(snapshot);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('pays no win on a round whose only bet was rolled back, and refuses a rollback of a round that already paid', async () => {
    const p = await player('10');
    const rolledRound = newId('round');
    const betId = newId('bet');
    await p.call('bet', p.usdSession, { transactionId: betId, roundId: rolledRound, amount: '2', currency: 'USD' });
    await p.call('rollback', p.usdSession, {
      transactionId: newId('rb'),
      referenceTransactionId: betId,
      roundId: rolledRound,
    });
    const before = await p.balances();
    const win = await p.call('win', p.usdSession, {
      transactionId: newId('win'),
      roundId: rolledRound,
      amount: '10',
      currency: 'USD',
    });
    expect(win).toMatchObject({ status: 404, body: { status: 'ROUND_NOT_FOUND', balance: '10' } });
    // A zero win still closes such a round (providers do), moving nothing.
    const zero = await p.call('win', p.usdSession, {
      transactionId: newId('win'),
      roundId: rolledRound,
      amount: '0',
      currency: 'USD',
    });
    expect(zero.body.status).toBe('OK');

    // Bet 2, win 3, then the bet's rollback: the stake back on top of the win would be money from nowhere.
    const paidRound = newId('round');
    const paidBet = newId('bet');
    await p.call('bet', p.usdSession, { transactionId: paidBet, roundId: paidRound, amount: '2', currency: 'USD' });
    await p.call('win', p.usdSession, {
      transactionId: newId('win'),
      roundId: paidRound,
      amount: '3',
      currency: 'USD',
    });
    const settled = await p.balances();
    const rollback = await p.call('rollback', p.usdSession, {
      transactionId: newId('rb'),
      referenceTransactionId: paidBet,
      roundId: paidRound,
    });
    expect(rollback).toMatchObject({ status: 409, body: { status: 'ROUND_SETTLED' } });
    expect(await p.balances()).toEqual(settled);
    expect(before.USD).toBe(10n * 10n ** 8n);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("caps a round's wins at its stakes times the game's declared maximum and at the profit limit", async () => {
    const p = await player('2000');
    const small = newId('round');
    await p.call('bet', p.usdSession, { transactionId: newId('bet'), roundId: small, amount: '0.01', currency: 'USD' });
    // 0.01 on a 5000x game pays at most 50 in all.
    const over = await p.call('win', p.usdSession, {
      transactionId: newId('win'),
      roundId: small,
      amount: '50.01',
      currency: 'USD',
    });
    expect(over).toMatchObject({ status: 409, body: { status: 'WIN_LIMIT' } });
    expect(over.body.message).toContain('50');
    const split = [
      await p.call('win', p.usdSession, { transactionId: newId('win'), roundId: small, amount: '30', currency: 'USD' }),
      await p.call('win', p.usdSession, { transactionId: newId('win'), roundId: small, amount: '20', currency: 'USD' }),
      await p.call('win', p.usdSession, {
        transactionId: newId('win'),
        roundId: small,
        amount: '0.01',
        currency: 'USD',
      }),
    ];
    expect(split.map((answer) => answer.body.status)).toEqual(['OK', 'OK', 'WIN_LIMIT']);

    // 10 on the same game could pay 50,000 by the multiplier, but an original's bet may make at most 1,000 profit.
    const big = newId('round');
    await p.call('bet', p.usdSession, { transactionId: newId('bet'), roundId: big, amount: '10', currency: 'USD' });
    const before = await p.balances();
    const pastProfit = await p.call('win', p.usdSession, {
      transactionId: newId('win'),
      roundId: big,
      amount: '1010.01',
      currency: 'USD',
    });
    expect(pastProfit.body.status).toBe('WIN_LIMIT');
    expect(await p.balances()).toEqual(before);
    const atProfit = await p.call('win', p.usdSession, {
      transactionId: newId('win'),
      roundId: big,
      amount: '1010',
      currency: 'USD',
    });
    expect(atProfit.body.status).toBe('OK');
    expect(await ledgerProblems()).toEqual([]);
  });

  it("refuses a win in another currency than its round's bet", async () => {
    const p = await player('10', '10000');
    const roundId = newId('round');
    await p.call('bet', p.usdSession, { transactionId: newId('bet'), roundId, amount: '1', currency: 'USD' });
    const before = await p.balances();
    const win = await p.call('win', p.bzuSession, {
      transactionId: newId('win'),
      roundId,
      amount: '5000',
      currency: 'BZU',
    });
    expect(win).toMatchObject({ status: 409, body: { status: 'WRONG_CURRENCY' } });
    // Nor may a BZU bet join a USD round.
    const bet = await p.call('bet', p.bzuSession, {
      transactionId: newId('bet'),
      roundId,
      amount: '5',
      currency: 'BZU',
    });
    expect(bet.body.status).toBe('WRONG_CURRENCY');
    expect(await p.balances()).toEqual(before);
  });

  it('answers an amount the ledger cannot hold with a 400 on every try, never a 500', async () => {
    const p = await player('10');
    const roundId = newId('round');
    await p.call('bet', p.usdSession, { transactionId: newId('bet'), roundId, amount: '0.01', currency: 'USD' });
    const before = await p.balances();
    const body = {
      sessionToken: p.usdSession,
      requestId: newId('req'),
      transactionId: newId('win'),
      roundId,
      amount: '999999999999',
      currency: 'USD',
    };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await walletCall(suite.platform, p.provider, 'win', body);
      expect(answer).toMatchObject({ status: 400, body: { status: 'BAD_REQUEST' } });
    }
    const huge = await p.call('win', p.usdSession, {
      transactionId: newId('win'),
      roundId,
      amount: '50000000000',
      currency: 'USD',
    });
    expect(huge.status).toBe(400);
    expect(await p.balances()).toEqual(before);
  });

  it('answers a reused requestId with another body with 409 REQUEST_ID_REUSED, and the first body with its answer', async () => {
    const p = await player('10');
    const requestId = newId('req');
    const first = {
      sessionToken: p.usdSession,
      requestId,
      transactionId: newId('bet'),
      roundId: newId('round'),
      amount: '1',
      currency: 'USD',
    };
    const paid = await walletCall(suite.platform, p.provider, 'bet', first);
    expect(paid.body).toMatchObject({ status: 'OK', balance: '9' });
    const reused = await walletCall(suite.platform, p.provider, 'bet', {
      ...first,
      transactionId: newId('bet'),
      amount: '5',
    });
    expect(reused).toMatchObject({ status: 409, body: { status: 'REQUEST_ID_REUSED', requestId } });
    expect((await p.balances()).USD).toBe(9n * 10n ** 8n);
    expect((await walletCall(suite.platform, p.provider, 'bet', first)).text).toBe(paid.text);
  });

  it('ledger:check and providers:report fail on a round paid past its maximum or in another currency', async () => {
    const p = await player('10');
    const db = suite.platform.platform.infra.db;
    const roundId = newId('round');
    const betId = newId('bet');
    await p.call('bet', p.usdSession, { transactionId: betId, roundId, amount: '0.01', currency: 'USD' });
    expect(await ledgerProblems()).toEqual([]);
    // Forged as a wallet without the checks would have written them: a 100 USD win and a BZU win on a 0.01 USD bet.
    const forge = (kind: string, amount: string, currency: string) =>
      sql`insert into provider_transactions (provider_id, transaction_id, request_id, kind, round_id, game_id, amount_e8, currency, user_id)
        values (${p.provider.id}, ${newId('forged')}, ${newId('req')}, ${kind}, ${roundId}, ${p.provider.gameId},
          ${amount}, ${currency}, ${p.account.user.id})`.execute(db);
    await forge('win', String(100n * 10n ** 8n), 'USD');
    await forge('win', String(5n * 10n ** 8n), 'BZU');
    try {
      const checks = (await ledgerProblems()).map((problem) => problem.check);
      expect(checks).toContain('provider rounds pay at most their stakes times the game maximum');
      expect(checks).toContain('provider movements are in their round currency');
      const printed: string[] = [];
      await expect(
        dispatch(['ledger:check'], { services: services(), print: (line) => printed.push(line) }),
      ).rejects.toThrow(/problem/);
      await expect(
        dispatch(['providers:report', '1'], { services: services(), print: (line) => printed.push(line) }),
      ).rejects.toThrow(/round broke its limits/);
      expect(printed.filter((line) => line.startsWith('BROKEN provider')).length).toBeGreaterThanOrEqual(4);
    } finally {
      await sql`delete from provider_transactions where transaction_id like 'forged-%'`.execute(db);
    }
    expect(await ledgerProblems()).toEqual([]);
  });

  it('pauses a provider whose net payout in the hour passes the limit: no new bets, wins and rollbacks settle, an admin resumes it', async () => {
    const p = await player('20');
    const open = newId('round');
    const openBet = newId('bet');
    await p.call('bet', p.usdSession, { transactionId: openBet, roundId: open, amount: '1', currency: 'USD' });
    const tripping = newId('round');
    await p.call('bet', p.usdSession, {
      transactionId: newId('bet'),
      roundId: tripping,
      amount: '10',
      currency: 'USD',
    });
    // Net payout 1001 - 11 = 990: under 1500, still taking bets.
    await p.call('win', p.usdSession, {
      transactionId: newId('win'),
      roundId: tripping,
      amount: '1001',
      currency: 'USD',
    });
    const admin = await signedInAccount(suite.platform);
    await services().auth.accounts.setRole(admin.account.username, 'admin');
    const listed = async () =>
      (await trpc(suite.platform, 'query', 'admin.providers.list', undefined, admin.token)).body.result.data.find(
        (row: { id: string }) => row.id === p.provider.id,
      );
    expect((await listed()).pausedAt).toBeNull();
    const another = newId('round');
    await p.call('bet', p.usdSession, { transactionId: newId('bet'), roundId: another, amount: '10', currency: 'USD' });
    await p.call('win', p.usdSession, {
      transactionId: newId('win'),
      roundId: another,
      amount: '1000',
      currency: 'USD',
    });
    const paused = await listed();
    expect(paused.pausedAt).not.toBeNull();
    expect(paused.pausedReason).toBe('net payout of 1980 USD in the last hour passed the limit of 1500 USD');
    const refused = await p.call('bet', p.usdSession, {
      transactionId: newId('bet'),
      roundId: newId('round'),
      amount: '1',
      currency: 'USD',
    });
    expect(refused).toMatchObject({ status: 403, body: { status: 'PROVIDER_PAUSED' } });
    // What is already in play still settles.
    const rollback = await p.call('rollback', p.usdSession, {
      transactionId: newId('rb'),
      referenceTransactionId: openBet,
      roundId: open,
    });
    expect(rollback.body.status).toBe('OK');
    const resumed = await trpc(
      suite.platform,
      'mutation',
      'admin.providers.resume',
      { id: p.provider.id },
      admin.token,
    );
    expect(resumed.body.result.data).toBe(true);
    expect((await listed()).pausedAt).toBeNull();
    const again = await p.call('bet', p.usdSession, {
      transactionId: newId('bet'),
      roundId: newId('round'),
      amount: '1',
      currency: 'USD',
    });
    expect(again.body.status).toBe('OK');
  });
});
