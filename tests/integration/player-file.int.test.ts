import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOdds } from '../../server/src/domain/sports/sports-math.js';
import { placeBetInputSchema } from '../../server/src/domain/sports/sports.schemas.js';
import { parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { FAST_HASHING, http, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { launchSession, newId, registerProvider, walletCall } from '../support/providers.js';
import { fundPlayer, trpc, WALLET_TEST_ENV } from '../support/wallet.js';

const PAYOUT_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const PLAYER_IP = '10.66.0.1';
const PLAYER_BROWSER = 'Mozilla/5.0 FileTest/1.0 (player desk)';

/**
 * A player's file (issue 43, docs/operations.md "Players' files"): the search by each key, every section of the
 * file filled by the player's real activity (originals, sportsbook, a studio's round, money in and out, limits,
 * tips, sessions), a staff note with its audit line, and who may read and write what.
 */
describe("a player's file", () => {
  let platform: TestPlatform;
  type Account = Awaited<ReturnType<typeof signedInAccount>>;
  let player: Account;
  let friend: Account;
  let support: Account;
  let finance: Account;
  let moderator: Account;
  let depositAddress: string;
  let diceBetId: string;
  let sportsBetId: string;
  let roundId: string;
  let withdrawalId: string;
  const db = () => platform.platform.infra.db;

  const data = (answer: { status: number; body: any }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };
  const search = async (query: string, who: Account = support) =>
    data(await trpc(platform, 'query', 'admin.players.search', { query }, who.token)) as {
      id: number;
      matched: string;
    }[];
  const fileOf = async (userId: number, who: Account = support) =>
    data(await trpc(platform, 'query', 'admin.players.file', { userId }, who.token));

  beforeAll(async () => {
    platform = await startTestPlatform({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      ...WALLET_TEST_ENV,
      SPORTS_ENABLED: 'true',
      SPORTS_MIN_STAKE_USD: '1',
    });
    [support, finance, moderator, friend] = (await Promise.all(
      [1, 2, 3, 4].map((n) => signedInAccount(platform, {}, `10.66.1.${n}`)),
    )) as [Account, Account, Account, Account];
    const { accounts } = platform.platform.services.auth;
    await accounts.setRole(support.account.username, 'support');
    await accounts.setRole(finance.account.username, 'finance');
    await accounts.setRole(moderator.account.username, 'moderator');

    player = await signedInAccount(platform, { public_username: 'Mira77' });
    // A second session from a known address and browser: the file's sessions list shows where the player came from.
    const login = await http(
      platform.url,
      'POST',
      '/api/auth/login',
      { login_name: player.account.username, password: player.account.password },
      { ip: PLAYER_IP, headers: { 'user-agent': PLAYER_BROWSER } },
    );
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    await fundPlayer(platform, player.token, '100');
    depositAddress = data(await trpc(platform, 'query', 'wallet.depositAddress', { network: 'ERC20' }, player.token))
      .address as string;

    // An original, a sportsbook bet and a studio's round.
    data(
      await trpc(
        platform,
        'mutation',
        'games.dice.bet',
        { amount: '2', currency: 'USD', target: 50.5, condition: 'over' },
        player.token,
      ),
    );
    diceBetId = (await sql<{ id: string }>`select id::text from bets where user_id = ${player.user.id}`.execute(db()))
      .rows[0]!.id;
    const services = platform.platform.services;
    const event = await services.sports.catalogue.createEvent({
      sport: 'Football',
      competition: 'File League',
      home: 'Harbour FC',
      away: 'Hill United',
      startsAt: new Date(Date.now() + 3_600_000),
    });
    const market = (
      await services.sports.catalogue.addMarket({
        eventId: event.id,
        type: '1x2',
        selections: [
          { name: 'Home', odds: parseOdds('2.00') },
          { name: 'Draw', odds: parseOdds('3.00') },
          { name: 'Away', odds: parseOdds('4.00') },
        ],
      })
    ).markets.at(-1)!;
    const sportsBet = await services.sports.bets.place(
      player.user.id,
      placeBetInputSchema.parse({
        clientId: randomUUID(),
        currency: 'USD',
        oddsPolicy: 'none',
        stake: '3',
        legs: [{ selectionId: market.selections[2]!.id, odds: '4.00' }],
      }),
    );
    sportsBetId = String(sportsBet.id);
    const studio = await registerProvider(platform);
    const { sessionToken } = await launchSession(platform, studio, player.token);
    roundId = newId('round');
    const staked = await walletCall(platform, studio, 'bet', {
      sessionToken,
      currency: 'USD',
      roundId,
      gameId: studio.gameId,
      requestId: newId('req'),
      transactionId: newId('tx'),
      amount: '1.5',
    });
    expect(staked.body.status, staked.text).toBe('OK');

    // Money out, a tip, limits.
    withdrawalId = String(
      data(
        await trpc(
          platform,
          'mutation',
          'wallet.withdraw',
          { amount: '10', asset: 'USDT', network: 'ERC20', address: PAYOUT_ADDRESS, password: player.account.password },
          player.token,
        ),
      ).id,
    );
    data(
      await trpc(
        platform,
        'mutation',
        'tips.send',
        { recipient: friend.user.publicUsername, amount: '1', currency: 'USD' },
        player.token,
      ),
    );
    data(
      await trpc(
        platform,
        'mutation',
        'account.setPlayLimit',
        { kind: 'loss', period: 'day', amount: '50' },
        player.token,
      ),
    );
    data(await trpc(platform, 'mutation', 'account.setDepositLimit', { period: 'week', amount: '500' }, player.token));
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  it('finds the player by id, login name, display name, e-mail and deposit address, in any case', async () => {
    const id = player.user.id as number;
    expect(await search(String(id))).toEqual([expect.objectContaining({ id, matched: 'id' })]);
    expect(await search(player.account.username.toUpperCase())).toEqual([
      expect.objectContaining({ id, matched: 'login' }),
    ]);
    expect(await search('mira77')).toEqual([expect.objectContaining({ id, matched: 'display name' })]);
    expect(await search(` ${player.account.email.toUpperCase()} `)).toEqual([
      expect.objectContaining({ id, matched: 'e-mail' }),
    ]);
    expect(await search(depositAddress.toUpperCase().replace(/^0X/, '0x'))).toEqual([
      expect.objectContaining({ id, matched: 'deposit address' }),
    ]);
    // Exact matches only: a prefix finds nobody.
    expect(await search('mira')).toEqual([]);
    // Display names registered today are ASCII; accounts carried over from before that rule may hold any letters,
    // and a search for one matches case-insensitively like the rest.
    const accented = await signedInAccount(platform);
    await sql`update users set public_username = 'Zoë Ångström' where id = ${accented.user.id}`.execute(db());
    expect(await search('ZOË ÅNGSTRÖM')).toEqual([
      expect.objectContaining({ id: accented.user.id, matched: 'display name' }),
    ]);
    expect(await search('Zoë')).toEqual([]);
    // Bad input: a clear 400.
    const empty = await trpc(platform, 'query', 'admin.players.search', { query: '   ' }, support.token);
    expect(empty.status).toBe(400);
  });

  it('holds every section of the file', async () => {
    const file = await fileOf(player.user.id);
    expect(file.profile).toMatchObject({
      id: player.user.id,
      login_name: player.account.username,
      public_username: 'Mira77',
      email: player.account.email,
      role: 'user',
      two_factor: false,
    });
    // Balances and ledger: 100 in, 2 + 3 + 1.5 staked, 10 out, 1 tipped, plus whatever the dice paid.
    const dicePayout = BigInt(
      (await sql<{ p: string }>`select payout_e8::text as p from bets where id = ${diceBetId}`.execute(db())).rows[0]!
        .p,
    );
    expect(parseAmount(file.ledger.cash.USD)).toBe(parseAmount('82.5') + dicePayout);
    expect(file.ledger.transactions.items.map((item: { kind: string }) => item.kind)).toEqual(
      expect.arrayContaining(['deposit', 'bet-stake', 'sports-bet', 'provider-bet', 'withdrawal-reserve', 'tip']),
    );
    expect(file.ledger.transactions.items[0]).toMatchObject({ kind: 'tip', amount: '-1', currency: 'USD' });
    // Limits and the responsible-gaming history.
    expect(file.protection.limits).toEqual([expect.objectContaining({ kind: 'loss', period: 'day', amount: '50' })]);
    expect(file.protection.depositLimits).toEqual(
      expect.arrayContaining([expect.objectContaining({ period: 'week', amount: '500' })]),
    );
    expect(file.protection.history.length).toBeGreaterThan(0);
    expect(file.protection.exclusion.active).toBe(false);
    // Bets of every kind: the original with its verifier link, the sports bet with its leg, the studio's round.
    expect(file.bets).toEqual([
      expect.objectContaining({
        id: diceBetId,
        game: 'dice',
        amount_e8: '200000000',
        verifyPath: `/bets/${diceBetId}`,
      }),
    ]);
    expect(file.sportsBets).toEqual([
      expect.objectContaining({
        id: sportsBetId,
        stake_e8: '300000000',
        status: 'open',
        legs: [{ event: 'Harbour FC v Hill United', selection: 'Away', odds: '4' }],
      }),
    ]);
    expect(file.providerRounds).toEqual([
      expect.objectContaining({ roundId, gameName: 'Fruit Slot', stake: '1.5', state: 'lost', currency: 'USD' }),
    ]);
    // Money in and out.
    expect(file.deposits).toEqual([
      expect.objectContaining({ amount_e8: '10000000000', status: 'CREDITED', address: depositAddress }),
    ]);
    expect(file.withdrawals).toEqual([
      expect.objectContaining({ id: withdrawalId, amount_e8: '1000000000', status: 'PENDING' }),
    ]);
    expect(file.addresses).toEqual([expect.objectContaining({ network: 'ERC20', address: depositAddress })]);
    // Where the player came from.
    expect(file.sessions).toEqual(
      expect.arrayContaining([expect.objectContaining({ ip: PLAYER_IP, user_agent: PLAYER_BROWSER })]),
    );
    // The tip, sent.
    expect(file.tips).toEqual([
      expect.objectContaining({ sender_id: player.user.id, recipient_id: friend.user.id, currency: 'USD' }),
    ]);
    // The recipient's file shows the same tip, received.
    expect((await fileOf(friend.user.id)).tips).toEqual([
      expect.objectContaining({ sender_id: player.user.id, recipient_id: friend.user.id }),
    ]);
    expect(file.notes).toEqual([]);
  });

  it('keeps a staff note with its audit line; a bad note changes nothing', async () => {
    const body = 'Asked for proof of address — Anruf um 14:00 ✓';
    const saved = data(
      await http(
        platform.url,
        'POST',
        '/api/trpc/admin.players.addNote',
        { userId: player.user.id, body },
        { token: support.token, ip: '10.66.9.9', headers: { 'user-agent': 'FileTest/1.0 (support desk)' } },
      ),
    );
    const file = await fileOf(player.user.id, finance);
    expect(file.notes).toEqual([
      expect.objectContaining({ id: saved.id, body, author_id: support.user.id, author: support.account.username }),
    ]);
    const audit = await platform.platform.services.backOffice.audit.list({
      targetId: String(player.user.id),
      limit: 10,
    });
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'player.note',
        actorId: support.user.id,
        actorRole: 'support',
        targetType: 'user',
        ip: '10.66.9.9',
        userAgent: 'FileTest/1.0 (support desk)',
        after: { noteId: saved.id, body },
      }),
    ]);

    const count = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from staff_notes`.execute(db())).rows[0]!.n +
      (await sql<{ n: number }>`select count(*)::int as n from staff_audit_log`.execute(db())).rows[0]!.n;
    const before = await count();
    const blank = await trpc(
      platform,
      'mutation',
      'admin.players.addNote',
      { userId: player.user.id, body: '  ' },
      support.token,
    );
    expect(blank.status).toBe(400);
    const nobody = await trpc(
      platform,
      'mutation',
      'admin.players.addNote',
      { userId: 2_000_000_000, body: 'x' },
      support.token,
    );
    expect(nobody.status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('lets support read and note but not approve; finance reads but cannot note; others are refused', async () => {
    expect((await fileOf(player.user.id, support)).profile.id).toBe(player.user.id);
    const approve = await trpc(platform, 'mutation', 'admin.withdrawals.approve', { id: withdrawalId }, support.token);
    expect(approve.status).toBe(403);
    const { rows } = await sql<{ status: string }>`select status from withdrawals where id = ${withdrawalId}`.execute(
      db(),
    );
    expect(rows[0]!.status).toBe('PENDING');

    expect((await fileOf(player.user.id, finance)).profile.id).toBe(player.user.id);
    const financeNote = await trpc(
      platform,
      'mutation',
      'admin.players.addNote',
      { userId: player.user.id, body: 'finance was here' },
      finance.token,
    );
    expect(financeNote.status).toBe(403);

    for (const [who, status] of [
      [moderator.token, 403],
      [player.token, 403],
      [undefined, 401],
    ] as const) {
      expect((await trpc(platform, 'query', 'admin.players.file', { userId: player.user.id }, who)).status).toBe(
        status,
      );
      expect((await trpc(platform, 'query', 'admin.players.search', { query: 'Mira77' }, who)).status).toBe(status);
    }
  });
});
