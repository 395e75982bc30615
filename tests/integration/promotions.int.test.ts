import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../server/src/cli/commands.js';
import { parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { promotionsHandlers } from '../../worker/src/processors/promotions.processor.js';
import { signedInAccount } from '../support/auth.js';
import { TestSocket } from '../support/socket-client.js';
import { testJobContext } from '../support/job-context.js';
import { platformSuite } from '../support/platform-suite.js';
import { fundPlayer, trpc, PLAYING_TEST_ENV } from '../support/wallet.js';

type Player = Awaited<ReturnType<typeof signedInAccount>>;

// Fifty sign-ups and parallel money moves: generous per-test time on a shared two-core machine.
describe(
  'promotions: races, codes, reloads, the responsible-gaming filter and the ledger',
  { timeout: 120_000 },
  () => {
    const suite = platformSuite(PLAYING_TEST_ENV);
    const services = () => suite.platform.platform.services;
    const db = () => suite.platform.platform.infra.db;
    const call = (player: Player | undefined, kind: 'query' | 'mutation', path: string, input?: unknown) =>
      trpc(suite.platform, kind, path, input, player?.token);
    const data = (answer: { status: number; body: any }) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.result.data;
    };
    const errorCode = (answer: { status: number; body: any }) => [answer.status, answer.body?.error?.data?.domainCode];
    const cash = async (player: Player) => (await services().wallet.ledger.balances(Number(player.user.id))).USD;
    const expectLedgerOk = async () => expect(await services().wallet.ledger.check()).toEqual([]);
    const funded = async (usd: string) => {
      const player = await signedInAccount(suite.platform);
      await fundPlayer(suite.platform, player.token, usd);
      return player;
    };
    const dice = async (player: Player, amount: string, currency: 'USD' | 'BZU' = 'USD') =>
      data(await call(player, 'mutation', 'games.dice.bet', { amount, currency, target: 50.5, condition: 'over' }));
    const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();
    const aMomentAgo = () => new Date(Date.now() - 1_000).toISOString();

    let admin: Player;
    const adminCall = (kind: 'query' | 'mutation', path: string, input?: unknown) =>
      call(admin, kind, `admin.promotions.${path}`, input);

    it('sets up an operator; ids past 2^31 like a year of use', async () => {
      // Promotion and award ids past 2^31: nothing may read them as 32-bit numbers or sort them as text.
      await sql`alter sequence promotions_id_seq restart with 3000000001`.execute(db());
      await sql`alter sequence promotion_awards_id_seq restart with 4000000001`.execute(db());
      admin = await signedInAccount(suite.platform);
      await services().auth.accounts.setRole(admin.account.username, 'admin');
      const guest = await call(undefined, 'mutation', 'admin.promotions.createCode', {});
      expect(guest.status).toBe(401);
    });

    let raceId = '';
    const players: Record<'a' | 'b' | 'c' | 'd', Player> = {} as never;

    it('ranks a race by wager on its games and currency, ties by who reached the amount first', async () => {
      const race = data(
        await adminCall('mutation', 'createRace', {
          name: 'Гонка недели 🏁 Wettrennen',
          currency: 'USD',
          startsAt: aMomentAgo(),
          endsAt: inOneHour(),
          games: ['dice'],
          prizes: { amounts: ['10', '5', '2.5'] },
        }),
      );
      raceId = race.id;
      expect(BigInt(raceId)).toBeGreaterThan(2n ** 31n);
      expect(race.terms).toContain('1st 10, 2nd 5, 3rd 2.5 USD; counts dice');

      for (const key of ['a', 'b', 'c', 'd'] as const) players[key] = await funded('100');
      const { a, b, c, d } = players;
      // A guest watching the public race channel hears the board move.
      const socket = await TestSocket.open(suite.platform.url);
      socket.send({ type: 'subscribe', channels: ['race'] });
      await socket.next((frame) => frame.type === 'subscribed' && frame.channel === 'race');
      await dice(a, '1');
      const moved = await socket.next((frame) => frame.type === 'race-update');
      expect(moved.data).toEqual({ raceId, finished: false });
      socket.close();
      await dice(a, '1');
      // b reaches 2 after a did: a ranks first of the two.
      await dice(b, '2');
      await dice(c, '3');
      await dice(d, '5');
      // Not counted: limbo (another game) and a currency the race is not in.
      data(await call(c, 'mutation', 'games.limbo.bet', { amount: '50', currency: 'USD', target: 2 }));

      const overview = data(await call(a, 'query', 'promotions.overview'));
      const live = overview.races.find((entry: any) => entry.id === raceId);
      expect(live.name).toBe('Гонка недели 🏁 Wettrennen');
      expect(live.board.map((row: any) => [row.place, row.userId, row.wagered, row.prize])).toEqual([
        [1, d.user.id, '5', '10'],
        [2, c.user.id, '3', '5'],
        [3, a.user.id, '2', '2.5'],
        [4, b.user.id, '2', '0'],
      ]);
      expect(live.mine).toEqual({ place: 3, wagered: '2' });
      expect(data(await call(undefined, 'query', 'promotions.overview')).races[0].mine).toBeNull();
      // A repeated accrual of the same bet counts once.
      const [lastBet] = (
        await sql<{ id: string }>`select id::text from bets where user_id = ${Number(b.user.id)}`.execute(db())
      ).rows;
      await services().promotions.races.onBetSettled({ betId: lastBet!.id });
      const again = data(await call(b, 'query', 'promotions.race', { id: raceId }));
      expect(again.mine).toEqual({ place: 4, wagered: '2' });
    });

    it('drops a player who takes a time-out mid-race: the places below move up', async () => {
      const { a, b, c, d } = players;
      data(await call(d, 'mutation', 'account.takeTimeOut', { days: 1 }));
      const seenByD = data(await call(d, 'query', 'promotions.overview'));
      expect(seenByD.barrier).toBe('excluded');
      expect(seenByD.reloads).toEqual([]);
      const board = data(await call(a, 'query', 'promotions.race', { id: raceId })).board;
      expect(board.map((row: any) => [row.place, row.userId, row.prize])).toEqual([
        [1, c.user.id, '10'],
        [2, a.user.id, '5'],
        [3, b.user.id, '2.5'],
      ]);
    });

    it('pays each prize once from house:promotions at the end, however many settle runs race for it', async () => {
      const { a, b, c, d } = players;
      const before = { a: await cash(a), b: await cash(b), c: await cash(c), d: await cash(d) };
      // Not yet: the race runs for another hour.
      expect(data(await adminCall('mutation', 'settleRaces')).finalised).toEqual([]);
      const ended = data(await adminCall('mutation', 'setStatus', { id: raceId, status: 'ended' }));
      expect(ended.status).toBe('ended');
      // 20 settle runs at once: the admin's button, the CLI and the worker's job, all in parallel.
      const runs = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          index % 2 === 0
            ? adminCall('mutation', 'settleRaces').then(data)
            : promotionsHandlers['settle-races']({}, testJobContext(suite.platform, `settle-${index}`)),
        ),
      );
      expect(runs.flatMap((run: any) => run.finalised)).toEqual([raceId]);
      expect(runs.reduce((sum: number, run: any) => sum + run.paid, 0)).toBe(3);
      expect((await cash(c)) - before.c).toBe(parseAmount('10'));
      expect((await cash(a)) - before.a).toBe(parseAmount('5'));
      expect((await cash(b)) - before.b).toBe(parseAmount('2.5'));
      expect(await cash(d)).toBe(before.d);
      const postings = await sql<{ n: string }>`
      select count(*)::text as n from ledger_transactions where idempotency_key like ${`promotion:${raceId}:%`}`.execute(
        db(),
      );
      expect(postings.rows[0]!.n).toBe('3');
      // The finished race keeps its frozen board, even after d's time-out ends.
      await sql`update self_exclusions set ends_at = now() where user_id = ${Number(d.user.id)}`.execute(db());
      const past = data(await call(c, 'query', 'promotions.overview')).past.find((entry: any) => entry.id === raceId);
      expect(past.finished).toBe(true);
      expect(past.board.map((row: any) => [row.place, row.userId, row.prize])).toEqual([
        [1, c.user.id, '10'],
        [2, a.user.id, '5'],
        [3, b.user.id, '2.5'],
      ]);
      expect(past.mine).toEqual({ place: 1, wagered: '3' });
      // A bet after the end counts nowhere.
      await dice(a, '7');
      expect(data(await call(a, 'query', 'promotions.race', { id: raceId })).mine).toEqual({ place: 2, wagered: '2' });
      await expectLedgerOk();
    });

    it('keeps a code to its use count under 50 parallel redemptions, once per player', async () => {
      const code = data(
        await adminCall('mutation', 'createCode', {
          name: 'Willkommen ✨',
          code: 'welcome-30',
          currency: 'USD',
          amount: '1.23456789',
          maxUses: 30,
          startsAt: aMomentAgo(),
          endsAt: inOneHour(),
        }),
      );
      expect(code.terms).toBe('WELCOME-30: 1.23456789 USD, 0/30 used');
      const crowd: Player[] = [];
      for (let batch = 0; batch < 5; batch += 1)
        crowd.push(...(await Promise.all(Array.from({ length: 10 }, () => signedInAccount(suite.platform)))));
      const answers = await Promise.all(
        crowd.map((player) => call(player, 'mutation', 'promotions.redeemCode', { code: 'Welcome-30' })),
      );
      const ok = answers.filter((answer) => answer.status === 200);
      expect(ok).toHaveLength(30);
      expect(answers.filter((answer) => answer.status !== 200).map(errorCode)).toEqual(
        Array.from({ length: 20 }, () => [409, 'PROMO_CODE_USED_UP']),
      );
      const winners = crowd.filter((_, index) => answers[index]!.status === 200);
      for (const player of winners) expect(await cash(player)).toBe(parseAmount('1.23456789'));
      const listed = data(await adminCall('query', 'list')).find((entry: any) => entry.id === code.id);
      expect(listed.terms).toBe('WELCOME-30: 1.23456789 USD, 30/30 used');

      // Once per player, even in parallel, on a code with uses left.
      data(
        await adminCall('mutation', 'createCode', {
          name: 'Twice',
          code: 'TWICE',
          currency: 'USD',
          amount: '2',
          maxUses: 100,
          startsAt: aMomentAgo(),
          endsAt: inOneHour(),
        }),
      );
      const same = crowd[0]!;
      const twice = await Promise.all(
        Array.from({ length: 10 }, () => call(same, 'mutation', 'promotions.redeemCode', { code: 'TWICE' })),
      );
      expect(twice.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(twice.filter((answer) => answer.status !== 200).map(errorCode)).toEqual(
        Array.from({ length: 9 }, () => [409, 'PROMO_CODE_REDEEMED']),
      );
      // Bad input changes nothing: a malformed code is a 400, an unknown one a 404.
      expect((await call(same, 'mutation', 'promotions.redeemCode', { code: 'no spaces!' })).status).toBe(400);
      expect(errorCode(await call(same, 'mutation', 'promotions.redeemCode', { code: 'NOPE-NOPE' }))).toEqual([
        404,
        'PROMO_CODE_NOT_FOUND',
      ]);
      // A paused code grants nothing.
      await adminCall('mutation', 'setStatus', { id: code.id, status: 'paused' });
      expect(errorCode(await call(same, 'mutation', 'promotions.redeemCode', { code: 'WELCOME-30' }))).toEqual([
        409,
        'PROMOTION_NOT_OPEN',
      ]);
      await expectLedgerOk();
    });

    it('pays a reload once per window under 20 parallel claims, from the previous window’s wagering', async () => {
      const player = await funded('100');
      await dice(player, '3.33333333');
      await dice(player, '10');
      // What the player wagered yesterday: their bets moved back one day (a reload reads the previous UTC day).
      await sql`update bets set created_at = created_at - interval '1 day', settled_at = settled_at - interval '1 day'
      where user_id = ${Number(player.user.id)}`.execute(db());
      const reload = data(
        await adminCall('mutation', 'createReload', {
          name: 'Daily reload',
          currency: 'USD',
          period: 'day',
          ratePercent: '12.5',
          cap: '100',
          startsAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
          endsAt: inOneHour(),
        }),
      );
      const offer = data(await call(player, 'query', 'promotions.overview')).reloads.find(
        (entry: any) => entry.id === reload.id,
      );
      // 12.5 % of 13.33333333 = 1.66666666 (floored to the unit).
      expect(offer).toMatchObject({
        wageredBefore: '13.33333333',
        claimable: '1.66666666',
        claimed: false,
        formula: '12.5% of what you wagered yesterday (USD), up to 100 USD',
      });
      const before = await cash(player);
      const claims = await Promise.all(
        Array.from({ length: 20 }, () => call(player, 'mutation', 'promotions.claimReload', { id: reload.id })),
      );
      expect(claims.filter((answer) => answer.status === 200).map((answer) => answer.body.result.data)).toEqual([
        { amount: '1.66666666', currency: 'USD' },
      ]);
      expect(claims.filter((answer) => answer.status !== 200).map(errorCode)).toEqual(
        Array.from({ length: 19 }, () => [409, 'RELOAD_ALREADY_CLAIMED']),
      );
      expect((await cash(player)) - before).toBe(parseAmount('1.66666666'));
      const after = data(await call(player, 'query', 'promotions.overview')).reloads.find(
        (entry: any) => entry.id === reload.id,
      );
      expect(after).toMatchObject({ claimed: true, claimable: '0' });
      // Nothing wagered yesterday: nothing to claim.
      const fresh = await funded('5');
      expect(errorCode(await call(fresh, 'mutation', 'promotions.claimReload', { id: reload.id }))).toEqual([
        409,
        'RELOAD_NOTHING_TO_CLAIM',
      ]);
      await expectLedgerOk();
    });

    it('offers and grants nothing to a player who opted out, and leaves them off the boards', async () => {
      const player = await funded('20');
      const race = data(
        await adminCall('mutation', 'createRace', {
          name: 'Opt-out race',
          currency: 'USD',
          startsAt: aMomentAgo(),
          endsAt: inOneHour(),
          prizes: { pool: '10', sharesPercent: ['60', '40'] },
        }),
      );
      expect(race.terms).toBe('pool 10 USD (60/40%): 1st 6, 2nd 4 USD; counts all originals');
      await dice(player, '1');
      expect(data(await call(player, 'query', 'promotions.race', { id: race.id })).mine).toEqual({
        place: 1,
        wagered: '1',
      });
      data(
        await adminCall('mutation', 'createCode', {
          name: 'Opt-out code',
          code: 'OPTOUT',
          currency: 'USD',
          amount: '1',
          maxUses: 10,
          startsAt: aMomentAgo(),
          endsAt: inOneHour(),
        }),
      );
      expect(data(await call(player, 'mutation', 'promotions.setOptOut', { optedOut: true }))).toEqual({
        optedOut: true,
      });
      const overview = data(await call(player, 'query', 'promotions.overview'));
      expect(overview.barrier).toBe('opted-out');
      expect(overview.reloads).toEqual([]);
      expect(overview.races.find((entry: any) => entry.id === race.id).board).toEqual([]);
      expect(errorCode(await call(player, 'mutation', 'promotions.redeemCode', { code: 'OPTOUT' }))).toEqual([
        403,
        'PROMOTIONS_OPTED_OUT',
      ]);
      data(await call(player, 'mutation', 'promotions.setOptOut', { optedOut: false }));
      expect(data(await call(player, 'mutation', 'promotions.redeemCode', { code: 'OPTOUT' }))).toMatchObject({
        amount: '1',
      });
    });

    it('refuses bad console input with a 400 and creates nothing', async () => {
      const count = async () =>
        (await sql<{ n: string }>`select count(*)::text as n from promotions`.execute(db())).rows[0]!.n;
      const before = await count();
      const bad = [
        { prizes: { pool: '10', sharesPercent: ['60', '50'] } },
        { prizes: { amounts: [] } },
        { prizes: { amounts: ['-1'] } },
        { endsAt: aMomentAgo(), startsAt: inOneHour() },
        { currency: 'EUR' },
      ];
      for (const override of bad) {
        const answer = await adminCall('mutation', 'createRace', {
          name: 'Bad',
          currency: 'USD',
          startsAt: aMomentAgo(),
          endsAt: inOneHour(),
          prizes: { amounts: ['1'] },
          ...override,
        });
        expect(answer.status, JSON.stringify(override)).toBe(400);
      }
      expect(
        errorCode(
          await adminCall('mutation', 'createCode', {
            name: 'Dup',
            code: 'TWICE',
            currency: 'USD',
            amount: '1',
            maxUses: 1,
            startsAt: aMomentAgo(),
            endsAt: inOneHour(),
          }),
        ),
      ).toEqual([409, 'PROMO_CODE_TAKEN']);
      expect(await count()).toBe(before);
    });

    it('reports cost per day in the console and the CLI, and the ledger check ties paid totals to postings', async () => {
      const report = data(await adminCall('query', 'costReport', { days: 7 }));
      const today = new Date().toISOString().slice(0, 10);
      const raceRow = report.days.find((row: any) => row.promotionId === raceId);
      expect(raceRow).toMatchObject({ day: today, paid: '17.5', pending: '0', forfeited: '0', kind: 'race' });
      const usd = report.totals.find((row: any) => row.currency === 'USD');
      // 17.5 race + 30 x 1.23456789 code + 2 (TWICE) + 1.66666666 reload + 1 (OPTOUT).
      expect(usd.paid).toBe('59.20370336');
      const lines: string[] = [];
      await dispatch(['promotions:report', '7'], { services: services(), print: (line) => lines.push(line) });
      expect(lines).toContain(`${today}\t#${raceId} Гонка недели 🏁 Wettrennen\trace\tUSD\t17.5\t0\t0`);
      expect(lines).toContain('total\t\t\tUSD\t59.20370336\t0\t0');

      await expectLedgerOk();
      // A paid award whose posting does not match: the check names it (and then holds again once it is gone).
      const someTransaction = (
        await sql<{
          id: string;
        }>`select id::text from ledger_transactions where idempotency_key like 'deposit:%' limit 1`.execute(db())
      ).rows[0]!.id;
      await sql`insert into promotion_awards (promotion_id, user_id, currency, amount_e8, status, key, ledger_transaction_id)
      values (${raceId}, ${Number(players.a.user.id)}, 'USD', 100, 'paid', 'forged', ${someTransaction})`.execute(db());
      const problems = await services().wallet.ledger.check();
      expect(problems.map((problem) => problem.check).sort()).toEqual([
        'every paid promotion award has its ledger transaction',
        "every promotion's paid total equals its ledger postings",
      ]);
      await sql`delete from promotion_awards where key = 'forged'`.execute(db());
      await expectLedgerOk();
    });
  },
);
