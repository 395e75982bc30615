import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../server/src/domain/wallet/amounts.js';
import { http, signedInAccount } from '../support/auth.js';
import { platformSuite } from '../support/platform-suite.js';
import { fundPlayer, trpc, PLAYING_TEST_ENV } from '../support/wallet.js';

type Player = Awaited<ReturnType<typeof signedInAccount>>;
const PAYOUT_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/**
 * Time-outs and closures are exclusion rows, so every check of a self-exclusion covers them. Their end is a time in the
 * row, read against the database clock: a test moves the row's times back by the period to stand at its end.
 */
describe('time-outs and account closure', () => {
  const suite = platformSuite(PLAYING_TEST_ENV);
  const db = () => suite.platform.platform.infra.db;
  const services = () => suite.platform.platform.services;

  const funded = async (amount = '20') => {
    const player = await signedInAccount(suite.platform);
    await fundPlayer(suite.platform, player.token, amount);
    return player;
  };
  const call = (player: Player, kind: 'query' | 'mutation', path: string, input?: unknown) =>
    trpc(suite.platform, kind, path, input, player.token);
  const dice = (player: Player) =>
    http(
      suite.platform.url,
      'POST',
      '/api/games/dice/bets',
      { amount: 1, target: 50, condition: 'over' },
      { token: player.token },
    );
  const domainCode = (answer: { status: number; body: any }) => [
    answer.status,
    answer.body?.error?.data?.domainCode ?? answer.body?.code,
  ];
  /** Stands `hours` later for this player's exclusion rows: their start and end move back. */
  const passHours = (player: Player, hours: number) =>
    sql`update self_exclusions set starts_at = starts_at - make_interval(hours => ${hours}),
          ends_at = ends_at - make_interval(hours => ${hours})
        where user_id = ${player.user.id}`.execute(db());

  /** Every action a self-exclusion blocks: play, a deposit address, chat, tips (sent and received). */
  const expectBlocked = async (player: Player, message: RegExp) => {
    const bet = await dice(player);
    expect(bet.status).toBe(403);
    expect(bet.body).toMatchObject({ code: 'SELF_EXCLUDED', message: expect.stringMatching(message) });
    expect(domainCode(await call(player, 'query', 'wallet.depositAddress', { network: 'TRC20' }))).toEqual([
      403,
      'SELF_EXCLUDED',
    ]);
    const chat = await http(
      suite.platform.url,
      'POST',
      '/api/chat/messages',
      { message: 'héllo' },
      { token: player.token },
    );
    expect([chat.status, chat.body.code]).toEqual([403, 'SELF_EXCLUDED']);
    const other = await funded('5');
    expect(
      domainCode(await call(player, 'mutation', 'tips.send', { recipient: other.user.publicUsername, amount: '1' })),
    ).toEqual([403, 'SELF_EXCLUDED']);
    expect(
      domainCode(await call(other, 'mutation', 'tips.send', { recipient: player.user.publicUsername, amount: '1' })),
    ).toEqual([403, 'SELF_EXCLUDED']);
  };

  it('a time-out blocks every action a self-exclusion blocks, cannot be cut short, and ends by itself', async () => {
    const player = await funded();
    const before = await services().wallet.ledger.balances(player.user.id);
    const taken = await call(player, 'mutation', 'account.takeTimeOut', { days: 7 });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.result.data).toMatchObject({ active: true, kind: 'time-out', permanent: false });
    const endsAt = new Date(taken.body.result.data.endsAt).getTime();
    expect(Math.abs(endsAt - Date.now() - 7 * 86_400_000)).toBeLessThan(60_000);
    await expectBlocked(player, /taking a break until/);
    expect(await services().wallet.ledger.balances(player.user.id)).toEqual(before);
    // Withdrawals stay open.
    const withdrawal = await call(player, 'mutation', 'wallet.withdraw', {
      amount: '2',
      asset: 'USDT',
      network: 'ERC20',
      address: PAYOUT_ADDRESS,
      password: player.account.password,
    });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
    // Shorter than what runs: refused; a month needs the password.
    expect(domainCode(await call(player, 'mutation', 'account.takeTimeOut', { days: 1 }))).toEqual([
      409,
      'EXCLUSION_CANNOT_SHORTEN',
    ]);
    expect(domainCode(await call(player, 'mutation', 'account.takeTimeOut', { days: 30 }))[0]).toBe(400);
    await passHours(player, 7 * 24 - 1);
    expect((await dice(player)).status).toBe(403);
    await passHours(player, 1);
    expect((await call(player, 'query', 'account.exclusion')).body.result.data).toMatchObject({
      active: false,
      kind: null,
    });
    expect((await dice(player)).status).toBe(201);
    const audit = await services().wallet.playLimits.history(player.user.id);
    expect(audit.map((entry) => entry.action)).toEqual(['time-out']);
    expect(audit[0]!.detail).toMatchObject({ days: 7 });
  });

  it('bad time-outs change nothing: 0, 43 days, a fraction, text', async () => {
    const player = await funded('5');
    for (const days of [0, 43, 1.5, '7']) {
      expect((await call(player, 'mutation', 'account.takeTimeOut', { days })).status, String(days)).toBe(400);
    }
    expect((await call(player, 'query', 'account.exclusion')).body.result.data.active).toBe(false);
    expect((await dice(player)).status).toBe(201);
  });

  it('closure: needs the password, stops play and deposits but not withdrawals; reopening waits 24 hours', async () => {
    const player = await funded();
    const wrong = await call(player, 'mutation', 'account.closeAccount', { password: 'wrong-password-1' });
    expect(domainCode(wrong)).toEqual([400, 'INVALID_PASSWORD']);
    expect((await call(player, 'query', 'account.closure')).body.result.data.closed).toBe(false);
    const closed = await call(player, 'mutation', 'account.closeAccount', { password: player.account.password });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.result.data).toMatchObject({ closed: true, reopensAt: null });
    await expectBlocked(player, /account is closed/);
    expect(domainCode(await call(player, 'mutation', 'account.takeTimeOut', { days: 7 }))).toEqual([
      409,
      'ACCOUNT_CLOSED',
    ]);
    const withdrawal = await call(player, 'mutation', 'wallet.withdraw', {
      amount: '20',
      asset: 'USDT',
      network: 'ERC20',
      address: PAYOUT_ADDRESS,
      password: player.account.password,
    });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
    // A week later the account is still closed: nothing reopens it but a request.
    await passHours(player, 24 * 7);
    expect((await dice(player)).status).toBe(403);
    const requested = await call(player, 'mutation', 'account.requestReopening');
    const reopensAt = new Date(requested.body.result.data.reopensAt).getTime();
    expect(Math.abs(reopensAt - Date.now() - 86_400_000)).toBeLessThan(60_000);
    // Asking again does not move it.
    const again = await call(player, 'mutation', 'account.requestReopening');
    expect(again.body.result.data.reopensAt).toBe(requested.body.result.data.reopensAt);
    await passHours(player, 23);
    expect((await dice(player)).body.code).toBe('SELF_EXCLUDED');
    await passHours(player, 1);
    expect((await call(player, 'query', 'account.closure')).body.result.data).toMatchObject({ closed: false });
    expect((await dice(player)).body.code).toBe('INSUFFICIENT_FUNDS');
    expect(domainCode(await call(player, 'mutation', 'account.requestReopening'))).toEqual([409, 'ACCOUNT_NOT_CLOSED']);
    const audit = await services().wallet.playLimits.history(player.user.id);
    expect(audit.map((entry) => entry.action)).toEqual(['reopening-requested', 'account-closed']);
  });

  it("reality checks: the default interval, the player's choice (off or 15-120), the session's stakes and net result, answers audited", async () => {
    const player = await funded('20');
    const view = async () => (await call(player, 'query', 'account.realityCheck')).body.result.data;
    expect(await view()).toMatchObject({
      intervalMinutes: 60,
      isDefault: true,
      staked: { USD: '0' },
      net: { USD: '0' },
    });
    const bet = await dice(player);
    expect(bet.status).toBe(201);
    const { rows } = await sql<{ net: string }>`
      select (payout_e8 - amount_e8)::text as net from bets where user_id = ${player.user.id}`.execute(db());
    const net = formatAmount(BigInt(rows[0]!.net));
    const after = await view();
    expect(after).toMatchObject({ staked: { USD: '1', BZU: '0' }, net: { USD: net } });
    expect(new Date(after.sessionStartedAt).getTime()).toBeLessThanOrEqual(Date.now());
    for (const minutes of [10, 121, 14, -1, 30.5]) {
      expect((await call(player, 'mutation', 'account.setRealityCheck', { minutes })).status, String(minutes)).toBe(
        400,
      );
    }
    expect((await call(player, 'mutation', 'account.setRealityCheck', { minutes: 15 })).body.result.data).toMatchObject(
      {
        intervalMinutes: 15,
        isDefault: false,
      },
    );
    expect(
      (await call(player, 'mutation', 'account.setRealityCheck', { minutes: 0 })).body.result.data.intervalMinutes,
    ).toBe(0);
    expect(
      (await call(player, 'mutation', 'account.answerRealityCheck', { answer: 'continue', elapsedMinutes: 15 })).status,
    ).toBe(200);
    expect(
      (await call(player, 'mutation', 'account.answerRealityCheck', { answer: 'maybe', elapsedMinutes: 15 })).status,
    ).toBe(400);
    const audit = await services().wallet.playLimits.history(player.user.id);
    expect(audit.map((entry) => [entry.action, entry.detail])).toEqual([
      ['reality-check', { answer: 'continue', elapsedMinutes: 15 }],
      ['reality-check-interval', { from: 15, to: 0 }],
      ['reality-check-interval', { from: null, to: 15 }],
    ]);
  });
});
