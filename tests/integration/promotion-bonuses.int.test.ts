import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { promotionsHandlers } from '../../worker/src/processors/promotions.processor.js';
import { signedInAccount } from '../support/auth.js';
import { testJobContext } from '../support/job-context.js';
import { platformSuite } from '../support/platform-suite.js';
import { fundPlayer, trpc, PLAYING_TEST_ENV } from '../support/wallet.js';

type Player = Awaited<ReturnType<typeof signedInAccount>>;
const PAYOUT_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

// Parallel claims and a dozen bets per test: generous per-test time on a shared two-core machine.
describe('promotions: bonuses with a wagering requirement', { timeout: 120_000 }, () => {
  const suite = platformSuite(PLAYING_TEST_ENV);
  const services = () => suite.platform.platform.services;
  const db = () => suite.platform.platform.infra.db;
  const call = (player: Player, kind: 'query' | 'mutation', path: string, input?: unknown) =>
    trpc(suite.platform, kind, path, input, player.token);
  const data = (answer: { status: number; body: any }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };
  const errorCode = (answer: { status: number; body: any }) => [answer.status, answer.body?.error?.data?.domainCode];
  const balances = async (player: Player) => ({
    cash: (await services().wallet.ledger.balances(Number(player.user.id))).USD,
    bonus: (await services().wallet.ledger.balances(Number(player.user.id), 'bonus')).USD,
  });
  const houseCost = async () =>
    BigInt(
      (
        await sql<{ b: string }>`select coalesce(sum(balance_e8), 0)::text as b from ledger_accounts
          where code = 'house:promotions' and currency = 'USD'`.execute(db())
      ).rows[0]!.b,
    );
  const funded = async (usd: string) => {
    const player = await signedInAccount(suite.platform);
    await fundPlayer(suite.platform, player.token, usd);
    return player;
  };
  const bet = async (player: Player, game: 'dice' | 'limbo', amount: string) =>
    data(
      await (game === 'dice'
        ? call(player, 'mutation', 'games.dice.bet', { amount, currency: 'USD', target: 50.5, condition: 'over' })
        : call(player, 'mutation', 'games.limbo.bet', { amount, currency: 'USD', target: 2 })),
    );
  const bonusOf = async (player: Player) => data(await call(player, 'query', 'promotions.overview')).bonus;
  let admin: Player;
  const createBonus = async (input: Record<string, unknown>) =>
    data(
      await call(admin, 'mutation', 'admin.promotions.createBonus', {
        currency: 'USD',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        maxStake: '2',
        expiryHours: 24,
        ...input,
      }),
    );

  it('converts a bonus wagered to completion into cash, exactly, with the weighting and the maximum stake', async () => {
    admin = await signedInAccount(suite.platform);
    await services().auth.accounts.setRole(admin.account.username, 'admin');
    const offer = await createBonus({
      name: 'Fixed 2 ✓',
      offer: { fixed: '2' },
      wageringMultiple: 3,
      weights: { dice: '100', limbo: '10' },
      otherGamesPercent: '50',
    });
    expect(offer.terms).toContain('Wager 3x the bonus to turn it into cash');
    expect(offer.terms).toContain('Counts: dice 100%, limbo 10%, other games 50%');

    const player = await funded('50');
    // 20 claims at once: one bonus.
    const claims = await Promise.all(
      Array.from({ length: 20 }, () => call(player, 'mutation', 'promotions.claimBonus', { id: offer.id })),
    );
    expect(claims.filter((answer) => answer.status === 200)).toHaveLength(1);
    // Which refusal depends on timing: the claim that waited on the first one's insert, or one that came after it.
    for (const answer of claims.filter((entry) => entry.status !== 200))
      expect(['BONUS_ACTIVE', 'BONUS_TAKEN']).toContain(errorCode(answer)[1]);
    expect(await balances(player)).toEqual({ cash: parseAmount('50'), bonus: parseAmount('2') });
    expect(await bonusOf(player)).toMatchObject({
      amount: '2',
      balance: '2',
      requirement: '6',
      wagered: '0',
      progressPercent: 0,
    });
    // Above the maximum stake: refused, nothing moved (bonus-stakes.int.test.ts has the details). Limbo at 10 %: 0.2.
    const refused = await call(player, 'mutation', 'games.dice.bet', {
      amount: '2.5',
      currency: 'USD',
      target: 50.5,
      condition: 'over',
    });
    expect(errorCode(refused)).toEqual([400, 'BONUS_MAX_STAKE']);
    expect(await balances(player)).toEqual({ cash: parseAmount('50'), bonus: parseAmount('2') });
    expect((await bonusOf(player)).wagered).toBe('0');
    await bet(player, 'limbo', '2');
    expect((await bonusOf(player)).wagered).toBe('0.2');
    await bet(player, 'dice', '2');
    await bet(player, 'dice', '2');
    const nearly = await bonusOf(player);
    expect(nearly).toMatchObject({ wagered: '4.2', progressPercent: 70 });
    const cashBefore = (await balances(player)).cash;
    await bet(player, 'dice', '1.8');
    // Requirement met: the bonus became cash in one transaction, and is gone.
    expect(await bonusOf(player)).toBeNull();
    const after = await balances(player);
    expect(after.bonus).toBe(0n);
    const lastBet = (
      await sql<{ payout_e8: string; amount_e8: string }>`select payout_e8::text, amount_e8::text from bets
        where user_id = ${Number(player.user.id)} order by id desc limit 1`.execute(db())
    ).rows[0]!;
    expect(after.cash - cashBefore).toBe(parseAmount('2') - BigInt(lastBet.amount_e8) + BigInt(lastBet.payout_e8));
    const conversions = await sql<{ n: string }>`select count(*)::text as n from ledger_transactions
      where idempotency_key like 'bonus:%:convert'`.execute(db());
    expect(conversions.rows[0]!.n).toBe('1');
    // One bonus per offer: not again.
    expect(errorCode(await call(player, 'mutation', 'promotions.claimBonus', { id: offer.id }))).toEqual([
      409,
      'BONUS_TAKEN',
    ]);
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('matches a deposit, and a withdrawal request forfeits the bonus in its own transaction', async () => {
    const offer = await createBonus({
      name: 'Welcome match',
      offer: { matchPercent: '100', upTo: '100' },
      wageringMultiple: 35,
      otherGamesPercent: '100',
    });
    const player = await funded('40');
    const house = await houseCost();
    data(await call(player, 'mutation', 'promotions.claimBonus', { id: offer.id }));
    expect(await bonusOf(player)).toMatchObject({ amount: '40', requirement: '1400', balance: '40' });
    expect(await houseCost()).toBe(house - parseAmount('40'));
    const answer = await call(player, 'mutation', 'wallet.withdraw', {
      amount: '10',
      asset: 'USDT',
      network: 'ERC20',
      address: PAYOUT_ADDRESS,
      password: player.account.password,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await bonusOf(player)).toBeNull();
    expect(await balances(player)).toEqual({ cash: parseAmount('30'), bonus: 0n });
    expect(await houseCost()).toBe(house);
    const row = (
      await sql<{ status: string; settled_e8: string }>`select status, settled_e8::text from player_bonuses
        where user_id = ${Number(player.user.id)}`.execute(db())
    ).rows[0]!;
    expect(row).toEqual({ status: 'forfeited', settled_e8: String(parseAmount('40')) });
    // No deposit in the offer's window: nothing to match.
    const late = await signedInAccount(suite.platform);
    expect(errorCode(await call(late, 'mutation', 'promotions.claimBonus', { id: offer.id }))).toEqual([
      409,
      'BONUS_NO_DEPOSIT',
    ]);
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('removes a bonus at its expiry, once, whatever number of jobs run', async () => {
    const offer = await createBonus({
      name: 'Short-lived',
      offer: { fixed: '1.5' },
      wageringMultiple: 10,
      otherGamesPercent: '100',
      expiryHours: 1,
    });
    const player = await funded('5');
    data(await call(player, 'mutation', 'promotions.claimBonus', { id: offer.id }));
    expect((await balances(player)).bonus).toBe(parseAmount('1.5'));
    // Not yet: nothing expires.
    expect(await services().promotions.bonuses.expireDue()).toEqual([]);
    // Its hour has passed.
    await sql`update player_bonuses set expires_at = now() - interval '1 second'
      where user_id = ${Number(player.user.id)}`.execute(db());
    const runs = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        promotionsHandlers['expire-bonuses']({}, testJobContext(suite.platform, `expire-${index}`)),
      ),
    );
    expect(runs.flatMap((run: any) => run.expired)).toHaveLength(1);
    expect(await balances(player)).toEqual({ cash: parseAmount('5'), bonus: 0n });
    expect(await bonusOf(player)).toBeNull();

    const report = data(await call(admin, 'query', 'admin.promotions.costReport', { days: 1 }));
    const byName = (name: string) => report.days.find((row: any) => row.name === name);
    expect(byName('Fixed 2 ✓')).toMatchObject({ paid: '2', pending: '0', forfeited: '0' });
    expect(byName('Welcome match')).toMatchObject({ paid: '0', pending: '0', forfeited: '40' });
    expect(byName('Short-lived')).toMatchObject({ paid: '0', pending: '0', forfeited: '1.5' });
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('refuses bad bonus terms with a 400', async () => {
    for (const offer of [{ fixed: '0' }, { matchPercent: '0', upTo: '10' }, { fixed: '1', extra: true }]) {
      const answer = await call(admin, 'mutation', 'admin.promotions.createBonus', {
        name: 'Bad',
        currency: 'USD',
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + 60_000).toISOString(),
        offer,
        wageringMultiple: 1,
        otherGamesPercent: '100',
        maxStake: '1',
        expiryHours: 1,
      });
      expect(answer.status, JSON.stringify(offer)).toBe(400);
    }
  });
});
