import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rakebackFor } from '../../server/src/domain/economy/rakeback.js';
import { rankById, XP_UNIT, xpForWager } from '../../server/src/domain/economy/ranks.js';
import { parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../support/auth.js';
import { economyHandlers } from '../../worker/src/processors/economy.processor.js';
import { testJobContext } from '../support/job-context.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { TestSocket } from '../support/socket-client.js';
import { totpCode } from '../support/two-factor.js';
import { fundPlayer, trpc, WALLET_TEST_ENV } from '../support/wallet.js';
import { GAMES_HOUSE_CODES } from '../../db/repositories/house-shards.js';

describe('player economy: XP and ranks, rakeback, vault, tips, rain', () => {
  let platform: TestPlatform;
  const services = () => platform.platform.services;
  const db = () => platform.platform.infra.db;
  type Player = Awaited<ReturnType<typeof signedInAccount>>;

  const expectLedgerOk = async () => expect(await services().wallet.ledger.check()).toEqual([]);
  const funded = async (amount: string) => {
    const player = await signedInAccount(platform);
    await fundPlayer(platform, player.token, amount);
    return player;
  };
  const cash = async (player: Player) => (await services().wallet.ledger.balances(player.user.id)).USD;
  const data = (answer: { status: number; body: any }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };
  const domainCode = (answer: { status: number; body: any }) => [
    answer.status,
    answer.body.error?.data?.domainCode ?? answer.body.code,
  ];
  const dice = (player: Player, amount: string) =>
    trpc(
      platform,
      'mutation',
      'games.dice.bet',
      { amount, currency: 'USD', target: 50.5, condition: 'over' },
      player.token,
    );
  const enableTwoFactor = async (player: Player) => {
    const setup = data(await trpc(platform, 'mutation', 'auth.twoFactor.begin', {}, player.token));
    data(await trpc(platform, 'mutation', 'auth.twoFactor.confirm', { code: totpCode(setup.secret) }, player.token));
    return setup.secret as string;
  };

  beforeAll(async () => {
    platform = await startTestPlatform({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      ...WALLET_TEST_ENV,
      TWO_FACTOR_ISSUER: 'BZU Test',
      GAME_MAX_PROFIT_USD: '100000000',
      CHAT_RATE_LIMIT: '100/1',
      CHAT_RATE_BURST: '100/1',
      TIP_MIN_USD: '0.1',
      TIP_DAILY_CAP_USD: '100',
      TIP_2FA_ABOVE_USD: '5',
      RAIN_INTERVAL_MINUTES: '30',
      RAIN_REVENUE_SHARE: '0.1',
      RAIN_MIN_WAGER_USD: '10',
      RAIN_MIN_CONTRIBUTION_USD: '1',
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('XP accrues once per settled bet with the edge weight; a replay of the same bet id accrues nothing', async () => {
    const player = await signedInAccount(platform);
    const vip = services().economy.vip;
    const base = { userId: player.user.id, currency: 'USD' as const, wagered: parseAmount('100') };
    const one = await vip.onBetSettled({ ...base, betId: 'synthetic-1pct', houseEdgePpm: 10_000 });
    const two = await vip.onBetSettled({ ...base, betId: 'synthetic-2pct', houseEdgePpm: 20_000 });
    const half = await vip.onBetSettled({ ...base, betId: 'synthetic-half', houseEdgePpm: 5_000 });
    expect([one.xp, two.xp, half.xp]).toEqual([100n * XP_UNIT, 200n * XP_UNIT, 50n * XP_UNIT]);
    const again = await vip.onBetSettled({ ...base, betId: 'synthetic-2pct', houseEdgePpm: 20_000 });
    expect(again).toMatchObject({ accrued: false, xp: 0n, rakeback: 0n });
    const status = data(await trpc(platform, 'query', 'vip.status', undefined, player.token));
    expect(status).toMatchObject({
      rank: 'unranked',
      rankLabel: 'Unranked',
      xp: '350',
      nextRank: 'bronze',
      nextRankXp: '10000',
      percent: 3,
    });
    // Rakeback at the Unranked share (2.5%) of each bet's edge: 100 x (1% + 2% + 0.5%) x 2.5% = 0.0875
    expect(status.rakeback.claimable.USD).toBe('0.0875');
    await expectLedgerOk();
  });

  it('accruals settled together are written as one batch with the per-bet results of one-by-one accrual', async () => {
    const [climber, steady, other] = await Promise.all([
      signedInAccount(platform),
      signedInAccount(platform),
      signedInAccount(platform),
    ]);
    const vip = services().economy.vip;
    const bet = (player: Player, n: number, usd: string) => ({
      betId: `batch-${player.user.id}-${n}`,
      userId: player.user.id,
      currency: 'USD' as const,
      wagered: parseAmount(usd),
      houseEdgePpm: 10_000,
    });
    await vip.onBetSettled(bet(other, 0, '10'));
    // The climber's third bet takes it past Bronze (10,000 XP): its fourth earns at the Bronze share.
    const bets = [
      ...[1, 2, 3, 4].map((n) => bet(climber, n, '4000')),
      ...[1, 2].map((n) => bet(steady, n, '25')),
      bet(other, 0, '10'), // already accrued
      bet(steady, 1, '25'), // twice in the batch
    ];
    const transactionsBefore = await sql<{
      n: number;
    }>`select count(*)::int as n from ledger_transactions where kind = 'rakeback-accrual'`.execute(db());
    const results = await Promise.all(bets.map((b) => vip.onBetSettled(b)));

    const unranked = rankById('unranked').rakebackPpm;
    const bronze = rankById('bronze').rakebackPpm;
    expect(results.map((r) => [r.accrued, r.rankBefore, r.rankAfter])).toEqual([
      [true, 'unranked', 'unranked'],
      [true, 'unranked', 'unranked'],
      [true, 'unranked', 'bronze'],
      [true, 'bronze', 'bronze'],
      [true, 'unranked', 'unranked'],
      [true, 'unranked', 'unranked'],
      [false, 'unranked', 'unranked'],
      [false, 'unranked', 'unranked'],
    ]);
    const wager = parseAmount('4000');
    expect(results.slice(0, 4).map((r) => r.rakeback)).toEqual([
      rakebackFor(wager, 10_000, unranked),
      rakebackFor(wager, 10_000, unranked),
      rakebackFor(wager, 10_000, unranked),
      rakebackFor(wager, 10_000, bronze),
    ]);
    const climberStatus = data(await trpc(platform, 'query', 'vip.status', undefined, climber.token));
    expect(climberStatus).toMatchObject({ rank: 'bronze', xp: '16000' });
    expect(parseAmount(climberStatus.rakeback.claimable.USD)).toBe(
      3n * rakebackFor(wager, 10_000, unranked) + rakebackFor(wager, 10_000, bronze),
    );
    const steadyStatus = data(await trpc(platform, 'query', 'vip.status', undefined, steady.token));
    expect(steadyStatus).toMatchObject({ rank: 'unranked', xp: '50' });
    expect(parseAmount(steadyStatus.rakeback.claimable.USD)).toBe(
      2n * rakebackFor(parseAmount('25'), 10_000, unranked),
    );
    // One rakeback posting for the whole batch; each bet has one economy row.
    const transactionsAfter = await sql<{
      n: number;
    }>`select count(*)::int as n from ledger_transactions where kind = 'rakeback-accrual'`.execute(db());
    expect(transactionsAfter.rows[0]!.n - transactionsBefore.rows[0]!.n).toBe(1);
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from bet_economy where bet_id like 'batch-%'`.execute(db());
    expect(rows.rows[0]!.n).toBe(7);
    await expectLedgerOk();
  });

  it('a bet whose accrual fails does not fail the bets accrued in the same batch', async () => {
    const [first, second] = await Promise.all([signedInAccount(platform), signedInAccount(platform)]);
    const vip = services().economy.vip;
    const bet = (userId: number, id: string) => ({
      betId: id,
      userId,
      currency: 'USD' as const,
      wagered: parseAmount('10'),
      houseEdgePpm: 10_000,
    });
    // No such player: its XP row cannot be written, which fails the batch's transaction.
    const results = await Promise.allSettled([
      vip.onBetSettled(bet(first.user.id, `lone-${first.user.id}`)),
      vip.onBetSettled(bet(2_000_000_000, 'lone-nobody')),
      vip.onBetSettled(bet(second.user.id, `lone-${second.user.id}`)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results.filter((result) => result.status === 'fulfilled').map((result) => result.value.accrued)).toEqual([
      true,
      true,
    ]);
    const rows = await sql<{
      bet_id: string;
    }>`select bet_id from bet_economy where bet_id like 'lone-%' order by bet_id`.execute(db());
    expect(rows.rows.map((row) => row.bet_id).sort()).toEqual(
      [`lone-${first.user.id}`, `lone-${second.user.id}`].sort(),
    );
    await expectLedgerOk();
  });

  it('rank-up at the threshold: bets through the engine, a rank-up event on user:{id}, the chat colour follows', async () => {
    const player = await funded('20000');
    const socket = await TestSocket.open(platform.url, `?token=${player.token}`);
    socket.send({ type: 'subscribe', channels: [`user:${player.user.id}`] });
    await socket.next((f) => f.type === 'subscribed');
    const first = data(await dice(player, '9999.99'));
    expect(first.bet.state).toMatch(/won|lost/);
    expect(data(await trpc(platform, 'query', 'vip.status', undefined, player.token))).toMatchObject({
      rank: 'unranked',
      xp: '9999',
    });
    expect(socket.frames.some((f) => f.type === 'rank-up')).toBe(false);
    await socket.next((f) => f.type === 'vip-update' && f.data.xp === '9999');
    data(await dice(player, '0.01')); // 10000 XP exactly: Bronze
    const rankUp = await socket.next((f) => f.type === 'rank-up');
    expect(rankUp.data).toMatchObject({
      userId: String(player.user.id),
      rank: 'bronze',
      rankLabel: 'Bronze',
      previousRank: 'unranked',
    });
    expect(data(await trpc(platform, 'query', 'vip.status', undefined, player.token))).toMatchObject({
      rank: 'bronze',
      rankLabel: 'Bronze',
      xp: '10000',
      nextRankLabel: 'Silver',
    });
    socket.ws.close();
    const message = data(await trpc(platform, 'mutation', 'chat.send', { message: 'bronze now' }, player.token));
    expect(message.userColor).toBe(rankById('bronze').color);
    const rest = await http(platform.url, 'GET', '/api/vip', undefined, { token: player.token });
    expect(rest.status).toBe(200);
    expect(rest.body.rank).toBe('bronze');
    await expectLedgerOk();
  });

  it('rakeback equals the formula over a sequence of bets; 20 parallel claims pay it once', async () => {
    const player = await funded('500');
    const amounts = ['1', '2.5', '0.37', '10', '4.2', '0.01', '7'];
    for (const amount of amounts) data(await dice(player, amount));
    const share = rankById('unranked').rakebackPpm;
    const expected = amounts.reduce((sum, amount) => sum + rakebackFor(parseAmount(amount), 10_000, share), 0n);
    expect((await services().wallet.ledger.balances(player.user.id, 'rakeback')).USD).toBe(expected);
    const accrued = await sql<{
      total: string;
    }>`select sum(rakeback_e8)::text as total from bet_economy where user_id = ${player.user.id}`.execute(db());
    expect(BigInt(accrued.rows[0]!.total)).toBe(expected);
    const xp = await sql<{
      xp: string;
    }>`select xp_e8::text as xp from player_xp where user_id = ${player.user.id}`.execute(db());
    expect(BigInt(xp.rows[0]!.xp)).toBe(
      amounts.reduce((sum, amount) => sum + xpForWager(parseAmount(amount), 10_000), 0n),
    );

    const before = await cash(player);
    const claims = await Promise.all(
      Array.from({ length: 20 }, () => trpc(platform, 'mutation', 'vip.claimRakeback', {}, player.token)),
    );
    const won = claims.filter((claim) => claim.status === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.body.result.data.claimed.USD).toBe((Number(expected) / 1e8).toString());
    expect(
      claims
        .filter((claim) => claim.status !== 200)
        .every((claim) => domainCode(claim)[0] === 409 && domainCode(claim)[1] === 'NOTHING_TO_CLAIM'),
    ).toBe(true);
    expect((await cash(player)) - before).toBe(expected);
    expect((await services().wallet.ledger.balances(player.user.id, 'rakeback')).USD).toBe(0n);
    const history = data(await trpc(platform, 'query', 'vip.rakebackHistory', { limit: 50 }, player.token));
    expect(history.entries.filter((entry: any) => entry.kind === 'accrual')).toHaveLength(amounts.length);
    expect(history.entries[0]).toMatchObject({ kind: 'claim', currency: 'USD' });
    await expectLedgerOk();
  });

  it('50 parallel tips against a balance for 10 send exactly 10; the recipient gets them; a tip line shows in the chat', async () => {
    const sender = await funded('1');
    const recipient = await signedInAccount(platform);
    const name = recipient.user.publicUsername as string;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        trpc(platform, 'mutation', 'tips.send', { recipient: name, amount: '0.1', currency: 'USD' }, sender.token),
      ),
    );
    const sent = answers.filter((answer) => answer.status === 200);
    expect(sent).toHaveLength(10);
    expect(
      answers
        .filter((answer) => answer.status !== 200)
        .every((answer) => domainCode(answer)[1] === 'INSUFFICIENT_FUNDS'),
    ).toBe(true);
    expect(await cash(sender)).toBe(0n);
    expect(await cash(recipient)).toBe(parseAmount('1'));
    const lines = await sql<{
      n: number;
    }>`select count(*)::int as n from chat_messages where kind = 'tip' and user_id = ${sender.user.id}`.execute(db());
    expect(lines.rows[0]!.n).toBe(10);
    const page = data(await trpc(platform, 'query', 'chat.list', { limit: 5 }));
    expect(page.messages.at(-1)).toMatchObject({
      kind: 'tip',
      userId: sender.user.id,
      message: `tipped ${name} 0.1 USD`,
    });
    await expectLedgerOk();
  });

  it('a tip, private or public, reaches its recipient as a tip-received event on user:{id}; a refused tip sends none', async () => {
    const sender = await funded('10');
    const recipient = await signedInAccount(platform);
    const socket = await TestSocket.open(platform.url, `?token=${recipient.token}`);
    socket.send({ type: 'subscribe', channels: [`user:${recipient.user.id}`] });
    await socket.next((f) => f.type === 'subscribed');
    const tip = (input: Record<string, unknown>) =>
      trpc(
        platform,
        'mutation',
        'tips.send',
        { recipient: recipient.user.publicUsername, currency: 'USD', ...input },
        sender.token,
      );
    expect(domainCode(await tip({ amount: '0.01' }))).toEqual([400, 'BAD_REQUEST']);
    const sent = data(await tip({ amount: '1.5' }));
    const received = await socket.next((f) => f.type === 'tip-received');
    expect(received.channel).toBe(`user:${recipient.user.id}`);
    expect(received.data).toEqual({
      userId: String(recipient.user.id),
      tipId: sent.tip.id,
      senderName: sender.user.publicUsername,
      amount: '1.5',
      currency: 'USD',
      private: false,
    });
    data(await tip({ amount: '0.5', private: true }));
    expect((await socket.next((f) => f.type === 'tip-received' && f.data.private === true)).data).toMatchObject({
      amount: '0.5',
      senderName: sender.user.publicUsername,
    });
    // The refused one sent nothing: two notices for two tips.
    expect(socket.frames.filter((f) => f.type === 'tip-received')).toHaveLength(0);
    socket.ws.close();
  });

  it('a public profile: name, role, member since, rank and bets placed, nothing about money; 404 for nobody, 400 for a bad id', async () => {
    const player = await funded('50');
    data(await dice(player, '1'));
    data(await dice(player, '2'));
    const profile = data(await trpc(platform, 'query', 'vip.profile', { userId: player.user.id }));
    expect(profile).toEqual({
      userId: player.user.id,
      name: player.user.publicUsername,
      role: 'player',
      memberSince: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      rank: 'unranked',
      rankLabel: 'Unranked',
      rankColor: rankById('unranked').color,
      bets: 2,
    });
    expect(domainCode(await trpc(platform, 'query', 'vip.profile', { userId: 987_654 }))).toEqual([
      404,
      'USER_NOT_FOUND',
    ]);
    expect((await trpc(platform, 'query', 'vip.profile', { userId: -1 })).status).toBe(400);
  });

  it('tips: minimum, unknown name, self, daily cap, private, 2FA above the threshold, self-excluded sides; nothing moves on refusal', async () => {
    const sender = await funded('300');
    const recipient = await signedInAccount(platform);
    const name = recipient.user.publicUsername as string;
    const tip = (input: Record<string, unknown>) =>
      trpc(platform, 'mutation', 'tips.send', { recipient: name, currency: 'USD', ...input }, sender.token);
    const before = await cash(sender);
    expect(domainCode(await tip({ amount: '0.01' }))).toEqual([400, 'BAD_REQUEST']);
    expect(domainCode(await tip({ amount: 'abc' }))[0]).toBe(400);
    expect(domainCode(await tip({ amount: '1', recipient: 'nobody-by-that-name' }))).toEqual([404, 'USER_NOT_FOUND']);
    expect(domainCode(await tip({ amount: '1', recipient: sender.user.publicUsername }))).toEqual([400, 'BAD_REQUEST']);
    expect(
      (await http(platform.url, 'POST', '/api/tips', { recipient: name, amount: -1 }, { token: sender.token })).status,
    ).toBe(400);
    expect(await cash(sender)).toBe(before);

    const secret = await enableTwoFactor(sender);
    expect(domainCode(await tip({ amount: '6' }))).toEqual([400, 'TWO_FACTOR_REQUIRED']);
    expect(await cash(sender)).toBe(before);
    expect(data(await tip({ amount: '6', otp: totpCode(secret, Date.now() + 30_000) })).tip).toMatchObject({
      amount: '6',
      recipientName: name,
    });
    const privateTip = await http(
      platform.url,
      'POST',
      '/api/tips',
      { recipient: name, amount: 4, private: true },
      { token: sender.token },
    );
    expect(privateTip.status).toBe(201);
    const privateLines = await sql<{
      n: number;
    }>`select count(*)::int as n from chat_messages where kind = 'tip' and user_id = ${sender.user.id} and message like '%4 USD'`.execute(
      db(),
    );
    expect(privateLines.rows[0]!.n).toBe(0);
    // 6 + 4 sent; the cap is 100 per 24 h
    for (let i = 0; i < 18; i += 1) data(await tip({ amount: '5' }));
    expect(domainCode(await tip({ amount: '0.5' }))).toEqual([409, 'TIP_LIMIT']);
    expect(await cash(sender)).toBe(before - parseAmount('100'));

    const other = await funded('10');
    data(await trpc(platform, 'mutation', 'account.selfExclude', { period: '24h' }, recipient.token));
    expect(
      domainCode(await trpc(platform, 'mutation', 'tips.send', { recipient: name, amount: '1' }, other.token)),
    ).toEqual([403, 'SELF_EXCLUDED']);
    data(await trpc(platform, 'mutation', 'account.selfExclude', { period: '24h' }, other.token));
    expect(
      domainCode(
        await trpc(
          platform,
          'mutation',
          'tips.send',
          { recipient: sender.user.publicUsername, amount: '1' },
          other.token,
        ),
      ),
    ).toEqual([403, 'SELF_EXCLUDED']);
    expect(await cash(other)).toBe(parseAmount('10'));
    await expectLedgerOk();
  });

  it('vault: deposits need nothing, withdrawals the password and the 2FA code; vault funds cannot be bet or tipped', async () => {
    const player = await funded('50');
    const deposit = data(
      await trpc(platform, 'mutation', 'vault.deposit', { currency: 'USD', amount: '40' }, player.token),
    );
    expect(deposit).toEqual({ vault: { USD: '40', BZU: '0' }, cash: { USD: '10', BZU: '0' } });
    expect(domainCode(await dice(player, '20'))).toEqual([409, 'INSUFFICIENT_FUNDS']);
    const friend = await signedInAccount(platform);
    expect(
      domainCode(
        await trpc(
          platform,
          'mutation',
          'tips.send',
          { recipient: friend.user.publicUsername, amount: '20' },
          player.token,
        ),
      )[1],
    ).toBe('INSUFFICIENT_FUNDS');
    expect(
      domainCode(
        await trpc(platform, 'mutation', 'vault.deposit', { currency: 'USD', amount: '10.00000001' }, player.token),
      ),
    ).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect(
      domainCode(await trpc(platform, 'mutation', 'vault.deposit', { currency: 'USD', amount: '0' }, player.token))[0],
    ).toBe(400);

    const withdraw = (input: Record<string, unknown>) =>
      trpc(platform, 'mutation', 'vault.withdraw', { currency: 'USD', amount: '15', ...input }, player.token);
    expect(domainCode(await withdraw({}))[0]).toBe(400);
    expect(domainCode(await withdraw({ password: 'wrong-password-1' }))[0]).toBeGreaterThanOrEqual(400);
    expect((await services().wallet.ledger.balances(player.user.id, 'vault')).USD).toBe(parseAmount('40'));
    data(await withdraw({ password: player.account.password }));
    const secret = await enableTwoFactor(player);
    expect(domainCode(await withdraw({ password: player.account.password }))).toEqual([400, 'TWO_FACTOR_REQUIRED']);
    expect(domainCode(await withdraw({ password: player.account.password, otp: '000000' }))[0]).toBe(400);
    expect((await services().wallet.ledger.balances(player.user.id, 'vault')).USD).toBe(parseAmount('25'));
    const rest = await http(
      platform.url,
      'POST',
      '/api/vault/withdraw',
      { currency: 'USD', amount: 5, password: player.account.password, otp: totpCode(secret, Date.now() + 30_000) },
      { token: player.token },
    );
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body).toEqual({ vault: { USD: '20', BZU: '0' }, cash: { USD: '30', BZU: '0' } });
    const history = data(await trpc(platform, 'query', 'vault.history', { limit: 10 }, player.token));
    expect(history.moves.map((move: any) => `${move.direction}:${move.amount}`)).toEqual([
      'withdraw:5',
      'withdraw:15',
      'deposit:40',
    ]);
    expect((await http(platform.url, 'GET', '/api/vault')).status).toBe(401);
    await expectLedgerOk();
  });

  it('rain: revenue share and contributions fund the pool; an equal split to chatters who wagered; a second run of the same rain pays nothing', async () => {
    const intervalMs = 30 * 60_000;
    const players = await Promise.all([funded('100'), funded('100'), funded('100')]);
    const [a, b, c] = players as [Player, Player, Player];
    for (const player of [a, b]) {
      data(await dice(player, '12'));
      data(await trpc(platform, 'mutation', 'chat.send', { message: 'hello rain' }, player.token));
    }
    data(await dice(c, '12')); // wagered but never chatted: not eligible
    const lurker = await signedInAccount(platform); // chatted but never wagered
    data(await trpc(platform, 'mutation', 'chat.send', { message: 'just watching' }, lurker.token));
    data(await trpc(platform, 'mutation', 'rain.contribute', { amount: '10.00000001', currency: 'USD' }, c.token));
    expect(domainCode(await trpc(platform, 'mutation', 'rain.contribute', { amount: '0.5' }, c.token))).toEqual([
      400,
      'BAD_REQUEST',
    ]);

    const tick = new Date(Date.now() + intervalMs);
    const end = new Date(Math.floor(tick.getTime() / intervalMs) * intervalMs);
    const start = new Date(end.getTime() - intervalMs);
    const net = await sql<{ net: string | null }>`
      select sum(e.amount_e8)::text as net from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
      where a.code = any(${GAMES_HOUSE_CODES}::text[]) and a.currency = 'USD' and t.created_at >= ${start} and t.created_at < ${end}`.execute(
      db(),
    );
    const win = BigInt(net.rows[0]!.net ?? '0');
    const funding = win > 0n ? win / 10n : 0n;
    const poolBefore = (
      await sql<{
        b: string;
      }>`select coalesce(sum(balance_e8), 0)::text as b from ledger_accounts where code = 'house:rain' and currency = 'USD'`.execute(
        db(),
      )
    ).rows[0]!.b;
    const available = BigInt(poolBefore) + funding;
    const before = await Promise.all(players.map(cash));

    const [first, second] = await Promise.all([services().economy.rain.run(tick), services().economy.rain.run(tick)]);
    expect([first.paid, second.paid].sort()).toEqual([false, true]);
    const third = await services().economy.rain.run(tick);
    expect(third.paid).toBe(false);
    // Earlier tests' rank-up player also chatted and wagered: eligible too.
    const recipients = third.rain.recipients;
    expect(recipients).toEqual(expect.arrayContaining([a.user.publicUsername, b.user.publicUsername]));
    expect(recipients).not.toContain(c.user.publicUsername);
    expect(recipients).not.toContain(lurker.user.publicUsername);
    expect(recipients.length).toBe(3);
    const share = available / BigInt(recipients.length);
    expect(parseAmount(third.rain.share.USD)).toBe(share);
    const after = await Promise.all(players.map(cash));
    expect(after[0]! - before[0]!).toBe(share);
    expect(after[1]! - before[1]!).toBe(share);
    expect(after[2]).toBe(before[2]);
    const remainder = (
      await sql<{
        b: string;
      }>`select balance_e8::text as b from ledger_accounts where code = 'house:rain' and currency = 'USD'`.execute(db())
    ).rows[0]!.b;
    expect(BigInt(remainder)).toBe(available - share * BigInt(recipients.length));
    expect(share * BigInt(recipients.length) + BigInt(remainder)).toBe(available);
    const line = await sql<{
      message: string;
    }>`select message from chat_messages where kind = 'rain' and user_id is null order by id desc limit 1`.execute(
      db(),
    );
    expect(line.rows[0]!.message).toBe(
      `Rain! 3 players got ${third.rain.share.USD} USD each: ${recipients.join(', ')}`,
    );
    const page = data(await trpc(platform, 'query', 'chat.list', { limit: 3 }));
    expect(page.messages.at(-1)).toMatchObject({ kind: 'rain', userId: 0, username: 'Rain' });
    const rest = await http(platform.url, 'GET', '/api/rain/recent');
    expect(rest.body[0]).toMatchObject({ id: third.rain.id, recipients });
    await expectLedgerOk();
  });

  it('the worker rain job run twice (a retry of the same scheduled tick) pays once', async () => {
    const intervalMs = 30 * 60_000;
    // The tick is computed from before the donor chats: the job counts chatters from the start of that half hour.
    const startedAt = Date.now();
    const donor = await funded('30');
    data(await dice(donor, '12'));
    data(await trpc(platform, 'mutation', 'chat.send', { message: 'make it rain' }, donor.token));
    data(await trpc(platform, 'mutation', 'rain.contribute', { amount: '6', currency: 'USD' }, donor.token));
    // A tick two periods ahead: a rain id no other test used. The scheduler's job id carries the tick.
    const tickMs = (Math.floor(startedAt / intervalMs) + 2) * intervalMs;
    const context = testJobContext(platform, `repeat:economy-rain:${tickMs}`);
    const poolBefore = BigInt(
      (
        await sql<{
          b: string;
        }>`select balance_e8::text as b from ledger_accounts where code = 'house:rain' and currency = 'USD'`.execute(
          db(),
        )
      ).rows[0]!.b,
    );
    const first = (await economyHandlers.rain({}, context)) as {
      id: string;
      paid: boolean;
      recipients: number;
      share: { USD: string };
    };
    const second = (await economyHandlers.rain({}, { ...context, attempt: 2 })) as typeof first;
    expect(first).toMatchObject({ id: `rain-${new Date(tickMs).toISOString()}`, paid: true });
    expect(second).toMatchObject({ id: first.id, paid: false, recipients: first.recipients, share: first.share });
    expect(first.recipients).toBeGreaterThan(0);
    const payouts = await sql<{
      n: number;
    }>`select count(*)::int as n from ledger_transactions where idempotency_key like ${`${first.id}:payout:%`}`.execute(
      db(),
    );
    expect(payouts.rows[0]!.n).toBe(1);
    const poolAfter = BigInt(
      (
        await sql<{
          b: string;
        }>`select balance_e8::text as b from ledger_accounts where code = 'house:rain' and currency = 'USD'`.execute(
          db(),
        )
      ).rows[0]!.b,
    );
    expect(poolBefore - poolAfter).toBe(parseAmount(first.share.USD) * BigInt(first.recipients));
    await expectLedgerOk();
  });
});
