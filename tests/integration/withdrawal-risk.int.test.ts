import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, RELAXED_LIMITS, http, signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { fundPlayer, trpc, WALLET_TEST_ENV } from '../support/wallet.js';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** Nobody else withdraws here. */
const OWN_ADDRESS = '0xde709f2102306220921060314715629080e2fb77';

/** Withdrawal risk (issue 43): checks, score, and a risk review before a finance approval above the threshold. */
describe('withdrawal risk', () => {
  let platform: TestPlatform;
  type Account = Awaited<ReturnType<typeof signedInAccount>>;
  let finance: Account;
  let risk: Account;
  let support: Account;

  const withdraw = async (player: Account, amount = '5', address = ADDRESS) => {
    const answer = await trpc(
      platform,
      'mutation',
      'wallet.withdraw',
      { amount, asset: 'USDT', network: 'ERC20', address, password: player.account.password },
      player.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data.id as string;
  };
  const assess = async (id: string) => {
    const answer = await trpc(platform, 'query', 'admin.withdrawals.risk', { id }, finance.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data as {
      score: number;
      needsReview: boolean;
      checks: { check: string; flagged: boolean; detail: string }[];
    };
  };
  /** Another session of the player from this IP address and browser. */
  const signInFrom = async (player: Account, ip: string, userAgent: string) => {
    const login = await http(
      platform.url,
      'POST',
      '/api/auth/login',
      { login_name: player.account.username, password: player.account.password },
      { ip, headers: { 'user-agent': userAgent } },
    );
    expect(login.status, JSON.stringify(login.body)).toBe(200);
  };
  const detailOf = (checks: { check: string; detail: string }[], name: string) =>
    checks.find((check) => check.check === name)!.detail;
  const flagged = (checks: { check: string; flagged: boolean }[]) =>
    checks.filter((check) => check.flagged).map((check) => check.check);

  beforeAll(async () => {
    platform = await startTestPlatform({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      ...WALLET_TEST_ENV,
      WITHDRAWAL_RISK_REVIEW_SCORE: '50',
    });
    [finance, risk, support] = (await Promise.all(
      [1, 2, 3].map((n) => signedInAccount(platform, {}, `10.88.0.${n}`)),
    )) as [Account, Account, Account];
    const { accounts } = platform.platform.services.auth;
    await accounts.setRole(finance!.account.username, 'finance');
    await accounts.setRole(risk!.account.username, 'risk');
    await accounts.setRole(support!.account.username, 'support');
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
  });

  it('scores a deposit-and-withdraw from a new account and shared device high; finance waits for the risk review', async () => {
    // Two accounts from one address and one browser (both sign in with the same client): multi-accounting's shape.
    const player = await signedInAccount(platform, {}, '10.88.1.1');
    await signedInAccount(platform, {}, '10.88.1.1');
    await fundPlayer(platform, player.token, '50');
    const id = await withdraw(player);
    const first = await assess(id);
    expect(flagged(first.checks).sort()).toEqual(
      ['new-address', 'shared-address', 'shared-device', 'wagered-less-than-deposits', 'young-account'].sort(),
    );
    expect(first).toMatchObject({ score: 100, needsReview: true });

    const refused = await trpc(platform, 'mutation', 'admin.withdrawals.approve', { id }, finance.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error.data.domainCode).toBe('RISK_REVIEW_REQUIRED');
    const { rows } = await sql<{ status: string }>`select status from withdrawals where id = ${id}`.execute(
      platform.platform.infra.db,
    );
    expect(rows[0]!.status).toBe('PENDING');

    // Finance and support cannot review; risk can, once.
    expect(
      (await trpc(platform, 'mutation', 'admin.withdrawals.review', { id, note: 'ok' }, finance.token)).status,
    ).toBe(403);
    expect(
      (await trpc(platform, 'mutation', 'admin.withdrawals.review', { id, note: 'ok' }, support.token)).status,
    ).toBe(403);
    const reviewed = await trpc(
      platform,
      'mutation',
      'admin.withdrawals.review',
      { id, note: 'Called the player: siblings sharing a flat — geprüft' },
      risk.token,
    );
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    const twice = await trpc(platform, 'mutation', 'admin.withdrawals.review', { id, note: 'again' }, risk.token);
    expect(twice.status).toBe(409);
    expect((await assess(id)).needsReview).toBe(false);
    const approved = await trpc(platform, 'mutation', 'admin.withdrawals.approve', { id }, finance.token);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const audit = await platform.platform.services.backOffice.audit.list({ targetId: id, limit: 10 });
    expect(audit.map((line) => line.action)).toEqual(['withdrawal.approve', 'withdrawal.riskReview']);
  });

  it('lets a low score through without a review', async () => {
    // An account that played through its deposit, a week old, withdrawing to an address it used before.
    const player = await signedInAccount(platform, {}, '10.88.2.1');
    await fundPlayer(platform, player.token, '50');
    const db = platform.platform.infra.db;
    await sql`update users set created_at = now() - interval '30 days' where id = ${player.user.id}`.execute(db);
    const earlier = await withdraw(player, '5', OWN_ADDRESS);
    expect(
      (await trpc(platform, 'mutation', 'admin.withdrawals.reject', { id: earlier, reason: 'test' }, finance.token))
        .status,
    ).toBe(200);
    const previous = await withdraw(player, '5', OWN_ADDRESS);
    await sql`update withdrawals set created_at = now() - interval '3 days' where id in (${earlier}, ${previous})`.execute(
      db,
    );
    // 60 USD of settled stakes (its seed pair is not what the check reads: the foreign key is off for this row).
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`
        insert into bets (id, user_id, game, currency, amount_e8, payout_e8, state, params, outcome, seed_pair_id, nonce, settled_at)
        values (3000000001, ${player.user.id}, 'dice', 'USD', 6000000000, 0, 'lost', '{}', '{}', 1, 0, now())`.execute(
        trx,
      );
    });
    const id = await withdraw(player, '5', OWN_ADDRESS);
    const assessment = await assess(id);
    expect(flagged(assessment.checks)).toEqual([]);
    expect(assessment).toMatchObject({ score: 0, needsReview: false });
    expect((await trpc(platform, 'mutation', 'admin.withdrawals.approve', { id }, finance.token)).status).toBe(200);
  });

  it('tells another account on the same device from one behind the same IP address or payout address', async () => {
    // Each account first signs in from an address of its own, then from the shared one with a chosen browser.
    const player = await signedInAccount(platform, {}, '10.88.3.9');
    await fundPlayer(platform, player.token, '50');
    await signInFrom(player, '10.88.3.1', 'Mozilla/5.0 Firefox/128.0 (player)');
    // A month-old account, so the score stays under the cap of 100 and each check's weight shows.
    await sql`update users set created_at = now() - interval '30 days' where id = ${player.user.id}`.execute(
      platform.platform.infra.db,
    );
    const payout = '0x3333333333333333333333333333333333333333';
    const id = await withdraw(player, '5', payout);
    const alone = await assess(id);
    expect(flagged(alone.checks).filter((check) => check.startsWith('shared'))).toEqual([]);

    // Same IP address, another browser: a shared address, not a shared device.
    const neighbour = await signedInAccount(platform, {}, '10.88.3.8');
    await signInFrom(neighbour, '10.88.3.1', 'Mozilla/5.0 Chrome/131.0 (neighbour)');
    const withNeighbour = await assess(id);
    expect(flagged(withNeighbour.checks).filter((check) => check.startsWith('shared'))).toEqual(['shared-address']);
    expect(detailOf(withNeighbour.checks, 'shared-address')).toContain(String(neighbour.user.id));
    expect(withNeighbour.score).toBe(alone.score + 20);

    // The player's browser from another IP address is not the player's device either.
    const elsewhere = await signedInAccount(platform, {}, '10.88.3.7');
    await signInFrom(elsewhere, '10.88.3.2', 'Mozilla/5.0 Firefox/128.0 (player)');
    expect(flagged((await assess(id)).checks).filter((check) => check.startsWith('shared'))).toEqual([
      'shared-address',
    ]);

    // Same IP address and the same browser: the same device.
    const twin = await signedInAccount(platform, {}, '10.88.3.6');
    await signInFrom(twin, '10.88.3.1', 'Mozilla/5.0 Firefox/128.0 (player)');
    const withTwin = await assess(id);
    expect(flagged(withTwin.checks).filter((check) => check.startsWith('shared'))).toEqual([
      'shared-address',
      'shared-device',
    ]);
    expect(detailOf(withTwin.checks, 'shared-device')).toBe(
      `same IP address and browser as account(s) ${twin.user.id}`,
    );
    expect(withTwin.score).toBe(withNeighbour.score + 25);

    // An account elsewhere that withdrew to this payout address shares it too.
    const payee = await signedInAccount(platform, {}, '10.88.3.5');
    await fundPlayer(platform, payee.token, '20');
    const payeeWithdrawal = await withdraw(payee, '5', payout);
    expect(detailOf((await assess(payeeWithdrawal)).checks, 'shared-address')).toBe(
      `IP or payout address shared with account(s) ${player.user.id}`,
    );
    expect(detailOf((await assess(id)).checks, 'shared-address')).toContain(String(payee.user.id));
  });

  it('flags the third withdrawal within 24 hours, not one that follows a day-old one', async () => {
    const player = await signedInAccount(platform, {}, '10.88.4.1');
    await fundPlayer(platform, player.token, '50');
    const db = platform.platform.infra.db;
    const dayOld = await withdraw(player, '5', OWN_ADDRESS);
    await sql`update withdrawals set created_at = now() - interval '25 hours' where id = ${dayOld}`.execute(db);
    await withdraw(player, '5', OWN_ADDRESS);
    // One other withdrawal in the day before it (the day-old one is outside the window): not a burst.
    const second = await assess(await withdraw(player, '5', OWN_ADDRESS));
    expect(flagged(second.checks)).not.toContain('withdrawals-last-day');
    expect(detailOf(second.checks, 'withdrawals-last-day')).toBe('1 other withdrawal(s) in the 24 hours before');
    const third = await assess(await withdraw(player, '5', OWN_ADDRESS));
    expect(flagged(third.checks)).toContain('withdrawals-last-day');
    expect(detailOf(third.checks, 'withdrawals-last-day')).toBe('2 other withdrawal(s) in the 24 hours before');
    expect(third.score).toBe(second.score + 15);
  });
});
