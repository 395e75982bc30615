import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { http, signedInAccount } from '../support/auth.js';
import { platformSuite } from '../support/platform-suite.js';
import { raffleCloseFarFromNow } from '../support/test-clock.js';
import { totpCode } from '../support/two-factor.js';
import { deliverWebhook, depositReport, fundedAccount, trpc, PLAYING_TEST_ENV } from '../support/wallet.js';

/** Issue #23 points 7 (2FA at login), 8 (requestId on money moves), 9 (one tx hash, one deposit) and 10 (exclusion at draw time). */
const PAYOUT_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the platform guards money against abuse', () => {
  const suite = platformSuite({
    ...PLAYING_TEST_ENV,
    RATE_LIMIT_TWO_FACTOR: '1000/60',
    RAFFLE_TICKET_WAGER_USD: '1',
    RAFFLE_CLOSE_UTC: raffleCloseFarFromNow(),
  });
  type Player = Awaited<ReturnType<typeof signedInAccount>>;
  const services = () => suite.platform.platform.services;
  const db = () => suite.platform.platform.infra.db;
  const data = (answer: { status: number; body: any }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };
  const errorOf = (answer: { status: number; body: any }) => [
    answer.status,
    answer.body.error?.data?.domainCode ?? answer.body.code,
  ];
  const funded = (amount: string) => fundedAccount(suite.platform, amount);
  const balances = async (player: Player) => services().wallet.ledger.balances(Number(player.user.id));

  describe('point 7: with 2FA on, the password alone opens nothing', () => {
    const enabledAccount = async () => {
      const player = await signedInAccount(suite.platform);
      const setup = data(await trpc(suite.platform, 'mutation', 'auth.twoFactor.begin', undefined, player.token));
      const { recoveryCodes } = data(
        await trpc(
          suite.platform,
          'mutation',
          'auth.twoFactor.confirm',
          { code: totpCode(setup.secret) },
          player.token,
        ),
      );
      return { ...player, secret: setup.secret as string, recoveryCodes: recoveryCodes as string[] };
    };
    const sessionCount = async (userId: number) =>
      (await db().selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;

    it('login answers 401 TWO_FACTOR_REQUIRED until a valid code comes (REST and tRPC), and opens no session before', async () => {
      const player = await enabledAccount();
      const userId = Number(player.user.id);
      const sessionsBefore = await sessionCount(userId);
      const credentials = { login_name: player.account.username, password: player.account.password };

      const bare = await http(suite.platform.url, 'POST', '/api/auth/login', credentials);
      expect(bare.status).toBe(401);
      expect(bare.body).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
      expect(bare.body.token).toBeUndefined();
      const wrong = await http(suite.platform.url, 'POST', '/api/auth/login', {
        ...credentials,
        twoFactorCode: totpCode(player.secret, Date.now() + 10 * 60_000),
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
      const viaTrpc = await trpc(suite.platform, 'mutation', 'auth.login', {
        login: player.account.username,
        password: player.account.password,
      });
      expect(errorOf(viaTrpc)).toEqual([401, 'TWO_FACTOR_REQUIRED']);
      // A wrong password is still just "invalid credentials": the second step is offered only to the password's owner.
      const badPassword = await http(suite.platform.url, 'POST', '/api/auth/login', {
        ...credentials,
        password: 'not-the-password-1',
      });
      expect(badPassword.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      expect(await sessionCount(userId)).toBe(sessionsBefore);

      // A code is good once: enabling 2FA used the current one, so this is the next time step's (within the window).
      const good = await http(suite.platform.url, 'POST', '/api/auth/login', {
        ...credentials,
        twoFactorCode: totpCode(player.secret, Date.now() + 30_000),
      });
      expect(good.status, JSON.stringify(good.body)).toBe(200);
      expect(good.body.token).toEqual(expect.any(String));
      expect(await sessionCount(userId)).toBe(sessionsBefore + 1);
    });

    it('revoking another session needs the code; the session stays until it comes', async () => {
      const player = await enabledAccount();
      const second = await http(suite.platform.url, 'POST', '/api/auth/login', {
        login_name: player.account.username,
        password: player.account.password,
        twoFactorCode: player.recoveryCodes[0],
      });
      expect(second.status).toBe(200);
      const sessions = data(await trpc(suite.platform, 'query', 'auth.sessions', undefined, second.body.token));
      const other = sessions.find((session: any) => !session.current);
      expect(other).toBeDefined();

      expect(
        errorOf(await trpc(suite.platform, 'mutation', 'auth.revokeSession', { id: other.id }, second.body.token)),
      ).toEqual([400, 'TWO_FACTOR_REQUIRED']);
      const rest = await http(suite.platform.url, 'DELETE', `/api/auth/sessions/${other.id}`, undefined, {
        token: second.body.token,
      });
      expect([rest.status, rest.body.code]).toEqual([400, 'TWO_FACTOR_REQUIRED']);
      expect(data(await trpc(suite.platform, 'query', 'auth.me', undefined, player.token)).id).toBe(player.user.id);

      // The next time step's code: enabling 2FA used the current one.
      const next = totpCode(player.secret, Date.now() + 30_000);
      const revoked = await http(
        suite.platform.url,
        'DELETE',
        `/api/auth/sessions/${other.id}`,
        { otp: next },
        { token: second.body.token },
      );
      expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
      expect((await trpc(suite.platform, 'query', 'auth.me', undefined, player.token)).status).toBe(401);
    });
  });

  describe('point 8: a requestId moves money once', () => {
    type Move = {
      name: string;
      path: string;
      /** A fresh player ready to make the move, the request body and how much the player's cash should go down. */
      prepare: () => Promise<{
        player: Player;
        input: Record<string, unknown>;
        other: Record<string, unknown>;
        cost: bigint;
      }>;
    };
    const moves: Move[] = [
      {
        name: 'tip',
        path: 'tips.send',
        prepare: async () => {
          const [player, friend] = [await funded('50'), await signedInAccount(suite.platform)];
          const input = { recipient: friend.user.publicUsername, amount: '3', currency: 'USD' };
          return { player, input, other: { ...input, amount: '4' }, cost: parseAmount('3') };
        },
      },
      {
        name: 'withdrawal',
        path: 'wallet.withdraw',
        prepare: async () => {
          const player = await funded('50');
          const input = {
            amount: '5',
            asset: 'USDT',
            network: 'ERC20',
            address: PAYOUT_ADDRESS,
            password: player.account.password,
          };
          return { player, input, other: { ...input, address: '0x' + 'ab'.repeat(20) }, cost: parseAmount('5') };
        },
      },
      {
        name: 'rain contribution',
        path: 'rain.contribute',
        prepare: async () => {
          const player = await funded('50');
          return {
            player,
            input: { amount: '2', currency: 'USD' },
            other: { amount: '3', currency: 'USD' },
            cost: parseAmount('2'),
          };
        },
      },
      {
        name: 'vault deposit',
        path: 'vault.deposit',
        prepare: async () => {
          const player = await funded('50');
          return {
            player,
            input: { amount: '7', currency: 'USD' },
            other: { amount: '8', currency: 'USD' },
            cost: parseAmount('7'),
          };
        },
      },
      {
        name: 'vault withdrawal',
        path: 'vault.withdraw',
        prepare: async () => {
          const player = await funded('50');
          data(
            await trpc(suite.platform, 'mutation', 'vault.deposit', { amount: '20', currency: 'USD' }, player.token),
          );
          const input = { amount: '6', currency: 'USD', password: player.account.password };
          return { player, input, other: { ...input, amount: '9' }, cost: -parseAmount('6') };
        },
      },
    ];

    for (const move of moves) {
      it(`${move.name}: ten parallel requests with one requestId pay once and answer alike; another body with it is a 409`, async () => {
        const { player, input, other, cost } = await move.prepare();
        const before = (await balances(player)).USD;
        const requestId = randomUUID();
        const answers = await Promise.all(
          Array.from({ length: 10 }, () =>
            trpc(suite.platform, 'mutation', move.path, { ...input, requestId }, player.token),
          ),
        );
        const bodies = answers.map((answer) => JSON.stringify(data(answer)));
        expect(new Set(bodies).size).toBe(1);
        expect((await balances(player)).USD).toBe(before - cost);
        // A later retry gets the first answer again; the same id with another body moves nothing.
        expect(
          JSON.stringify(
            data(await trpc(suite.platform, 'mutation', move.path, { ...input, requestId }, player.token)),
          ),
        ).toBe(bodies[0]);
        expect(
          errorOf(await trpc(suite.platform, 'mutation', move.path, { ...other, requestId }, player.token)),
        ).toEqual([409, 'REQUEST_ID_REUSED']);
        expect((await balances(player)).USD).toBe(before - cost);
        // Without a requestId each request is its own.
        data(await trpc(suite.platform, 'mutation', move.path, input, player.token));
        expect((await balances(player)).USD).toBe(before - 2n * cost);
        expect(await services().wallet.ledger.check()).toEqual([]);
      });
    }

    it('REST takes the requestId too; a malformed one is a 400', async () => {
      const player = await funded('20');
      const requestId = randomUUID();
      const first = await http(
        suite.platform.url,
        'POST',
        '/api/vault/deposit',
        { amount: '2', currency: 'USD', requestId },
        { token: player.token },
      );
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const again = await http(
        suite.platform.url,
        'POST',
        '/api/vault/deposit',
        { amount: '2', currency: 'USD', requestId },
        { token: player.token },
      );
      expect(again.body).toEqual(first.body);
      expect((await balances(player)).USD).toBe(parseAmount('18'));
      const bad = await http(
        suite.platform.url,
        'POST',
        '/api/tips',
        { recipient: 'x', amount: '2', requestId: 'x'.repeat(200) },
        { token: player.token },
      );
      expect(bad.status).toBe(400);
      expect((await balances(player)).USD).toBe(parseAmount('18'));
    });
  });

  describe('point 9: one chain transaction is one deposit, however its hash is written', () => {
    const addressOf = async (token: string, network: string) =>
      data(await trpc(suite.platform, 'query', 'wallet.depositAddress', { network }, token)).address as string;

    for (const network of ['ERC20', 'BEP20', 'TRC20'] as const) {
      it(`${network}: 0x-prefixed, bare and upper-case spellings of one hash credit once`, async () => {
        const player = await signedInAccount(suite.platform);
        const address = await addressOf(player.token, network);
        const hex = randomBytes(32).toString('hex');
        const spellings = [`0x${hex}`, hex, hex.toUpperCase(), `0x${hex.toUpperCase()}`];
        const answers = [];
        for (const txHash of spellings)
          answers.push(
            await deliverWebhook(suite.platform, depositReport(address, '10', 3, { network, asset: 'USDT', txHash })),
          );
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
        expect(answers.filter((answer) => answer.body.credited === true)).toHaveLength(1);
        expect((await balances(player)).USD).toBe(parseAmount('10'));
        const rows = await db()
          .selectFrom('deposits')
          .select('tx_hash')
          .where('user_id', '=', Number(player.user.id))
          .execute();
        expect(rows).toEqual([{ tx_hash: network === 'TRC20' ? hex : `0x${hex}` }]);
      });
    }

    it('a hash that is not 32 bytes of hex is refused and changes nothing', async () => {
      const player = await signedInAccount(suite.platform);
      const address = await addressOf(player.token, 'ERC20');
      const answer = await deliverWebhook(
        suite.platform,
        depositReport(address, '10', 3, { txHash: `0x${'ab'.repeat(20)}` }),
      );
      expect(answer.status).toBe(400);
      expect((await balances(player)).USD).toBe(0n);
    });
  });

  describe('point 10: players self-excluded at draw time win nothing', () => {
    const bet = async (player: Player, amount: string) =>
      data(
        await trpc(
          suite.platform,
          'mutation',
          'games.dice.bet',
          { amount, currency: 'USD', target: 50.5, condition: 'over' },
          player.token,
        ),
      );
    const selfExclude = async (player: Player) =>
      data(await trpc(suite.platform, 'mutation', 'account.selfExclude', { period: '24h' }, player.token));
    const replayHash = async (id: string) => {
      const detail = await http(suite.platform.url, 'GET', `/api/raffle/${id}`);
      const csv = await (await fetch(`${suite.platform.url}/api/raffle/${id}/entrants.csv`)).text();
      expect(sha256(csv)).toBe(detail.body.entrantsHash);
      return { detail: detail.body, csv };
    };

    it('excluded before the close or between close and draw: tickets void, no prize, the published list still verifies', async () => {
      const seed = await services().wallet.ledger.post({
        key: `test-jackpot:${randomUUID()}`,
        kind: 'test-jackpot',
        legs: [
          { account: { house: 'games' }, currency: 'USD', amount: -parseAmount('100') },
          { account: { house: 'raffle' }, currency: 'USD', amount: parseAmount('100') },
        ],
      });
      expect(seed.posted).toBe(true);
      const [early, late, keeper] = [await funded('100'), await funded('100'), await funded('100')];
      for (const player of [early, late, keeper]) await bet(player, '20');
      await selfExclude(early);

      // Closed (entrants hashed) before `late` excludes, drawn after: the draw voids `late`'s tickets too.
      const open = data(await trpc(suite.platform, 'query', 'raffle.current', undefined, keeper.token));
      await db().updateTable('raffles').set({ closes_at: new Date() }).where('id', '=', open.id).execute();
      expect(await services().raffle.close(open.id)).toBe(true);
      await selfExclude(late);
      const before = [(await balances(early)).USD, (await balances(late)).USD];
      const { raffle, paid } = await services().raffle.draw(open.id);
      expect(paid).toBe(true);

      const { detail, csv } = await replayHash(open.id);
      const listed = csv
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => Number(line.split(',')[0]));
      expect(listed).toEqual([Number(keeper.user.id)]);
      expect(detail.players).toBe(1);
      expect(raffle.prizes.filter((prize) => prize.amount !== '0').map((prize) => prize.userId)).toEqual(
        expect.arrayContaining([Number(keeper.user.id)]),
      );
      for (const prize of raffle.prizes)
        expect([Number(early.user.id), Number(late.user.id)]).not.toContain(prize.userId);
      expect([(await balances(early)).USD, (await balances(late)).USD]).toEqual(before);
      expect(await services().wallet.ledger.check()).toEqual([]);
    });

    it('rain skips a player who self-excluded after chatting and wagering', async () => {
      const [stays, leaves] = [await funded('100'), await funded('100')];
      for (const player of [stays, leaves]) {
        await bet(player, '30');
        data(
          await trpc(
            suite.platform,
            'mutation',
            'chat.send',
            { message: `hello ${randomUUID().slice(0, 6)}` },
            player.token,
          ),
        );
      }
      await selfExclude(leaves);
      // Something to share for sure (house money moved in by hand).
      const pool = await services().wallet.ledger.post({
        key: `test-rain:${randomUUID()}`,
        kind: 'test-rain',
        legs: [
          { account: { house: 'games' }, currency: 'USD', amount: -parseAmount('10') },
          { account: { house: 'rain' }, currency: 'USD', amount: parseAmount('10') },
        ],
      });
      expect(pool.posted).toBe(true);
      const before = (await balances(leaves)).USD;
      // The period that ends at or before now: both chatted after its last hour began.
      const { rain, paid } = await services().economy.rain.run(new Date());
      expect(paid).toBe(true);
      expect(rain.recipients).toContain(stays.user.publicUsername);
      expect(rain.recipients).not.toContain(leaves.user.publicUsername);
      expect((await balances(leaves)).USD).toBe(before);
    });
  });
});
