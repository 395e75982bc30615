import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../server/src/domain/errors.js';
import { BLACKJACK_GAME } from '../../server/src/domain/games/blackjack/blackjack.game.js';
import { BACCARAT_GAME } from '../../server/src/domain/games/baccarat/baccarat.game.js';
import { DICE_GAME } from '../../server/src/domain/games/dice/dice.game.js';
import { HILO_GAME } from '../../server/src/domain/games/hilo/hilo.game.js';
import { likelierGuess, type HiloState } from '../../server/src/domain/games/hilo/rules.js';
import { PLINKO_GAME } from '../../server/src/domain/games/plinko/plinko.game.js';
import { ROULETTE_GAME } from '../../server/src/domain/games/roulette/roulette.game.js';
import { SLOTS_GAME } from '../../server/src/domain/games/slots/slots.game.js';
import { formatAmount, parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { referralCommission } from '../../server/src/domain/wallet/referral.service.js';
import { signWebhook } from '../../server/src/domain/wallet/webhook-signature.js';
import {
  PayoutFailure,
  WithdrawalService,
  type PayoutAdapter,
} from '../../server/src/domain/wallet/withdrawal.service.js';
import { createLogger } from '../../server/src/infra/logger.js';
import { walletHandlers } from '../../worker/src/processors/wallet.processor.js';
import type { JobContext } from '../../worker/src/processors/types.js';
import { FAST_HASHING, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { TestSocket } from '../support/socket-client.js';
import { deliverWebhook, depositReport, trpc, WALLET_TEST_ENV } from '../support/wallet.js';

const run = promisify(execFile);
const PAYOUT_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** A baccarat bet of `amount` split over the spots by `seed`: all on one spot, or shared so the exact sum is floored once. */
function baccaratChips(amount: bigint, seed: number) {
  const third = amount / 3n;
  const spots = [
    { player: amount },
    { banker: amount },
    { tie: amount },
    { player: amount - 2n * third, banker: third, tie: third },
  ][seed % 4]!;
  // A share of zero is not a chip: leave it out.
  return { currency: 'USD' as const, ...Object.fromEntries(Object.entries(spots).filter(([, value]) => value > 0n)) };
}

describe('wallet: ledger, deposits, withdrawals', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;

  const services = () => platform.platform.services;
  /** A whole hilo round: start, `guesses` guesses on the likelier side while it stays open, then cash out. */
  const playHiloRound = async (who: { id: number; username: string }, amount: bigint, guesses: number) => {
    let result = await services().games.engine.startRound(who, HILO_GAME, { amount, currency: 'USD' });
    for (let i = 0; i < guesses && result.bet.state === 'open'; i += 1) {
      const cards = (result.bet.outcome as unknown as HiloState).cards;
      result = await services().games.engine.act(who.id, HILO_GAME, likelierGuess(cards[cards.length - 1]!.card), {
        betId: result.bet.id,
      });
    }
    return result.bet.state === 'open' ? services().games.engine.cashout(who.id, HILO_GAME, result.bet.id) : result;
  };
  const db = () => platform.platform.infra.db;
  const count = async (table: 'deposits' | 'ledger_transactions' | 'withdrawals') => {
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db());
    return Number(rows[0]!.n);
  };
  const expectLedgerOk = async () =>
    expect(await services().wallet.accounts.check()).toEqual({ ok: true, problems: [] });
  const addressOf = async (token: string, network = 'ERC20') => {
    const answer = await trpc(platform, 'query', 'wallet.depositAddress', { network }, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data.address as string;
  };
  const fund = async (token: string, amount: string) => {
    const credited = await deliverWebhook(platform, depositReport(await addressOf(token), amount));
    expect(credited.body).toMatchObject({ status: 'CREDITED', credited: true });
  };

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV });
    admin = await signedInAccount(platform);
    await services().auth.accounts.setRole(admin.account.username, 'admin');
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('refuses a bad signature, a stale timestamp or an unsigned body and stores nothing', async () => {
    const player = await signedInAccount(platform);
    const report = depositReport(await addressOf(player.token), '25');
    const before = [await count('deposits'), await count('ledger_transactions')];
    const stale = await deliverWebhook(platform, report, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('WEBHOOK_STALE');
    const forged = await deliverWebhook(platform, report, { secret: 'not-the-secret-0123456789' });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('WEBHOOK_SIGNATURE');
    // Signed bytes differ from the bytes sent (the same JSON, re-spaced).
    const timestamp = Math.floor(Date.now() / 1000);
    const respaced = await fetch(`${platform.url}/api/webhooks/deposits`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': String(timestamp),
        'x-webhook-signature': signWebhook(WALLET_TEST_ENV.DEPOSIT_WEBHOOK_SECRET, timestamp, JSON.stringify(report)),
      },
      body: JSON.stringify(report, null, 1),
    });
    expect(respaced.status).toBe(401);
    const unsigned = await fetch(`${platform.url}/api/webhooks/deposits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
    });
    expect(unsigned.status).toBe(401);
    expect([await count('deposits'), await count('ledger_transactions')]).toEqual(before);
    expect((await trpc(platform, 'query', 'wallet.balances', undefined, player.token)).body.result.data).toEqual({
      USD: '0',
      BZU: '0',
    });
  });

  it('credits a deposit once when it reaches its confirmations, however often and concurrently it is reported', async () => {
    const player = await signedInAccount(platform);
    const socket = await TestSocket.open(platform.url, `?token=${player.token}`);
    socket.send({ type: 'subscribe', channels: [`user:${player.user.id}`] });
    await socket.next((frame) => frame.type === 'subscribed');

    const address = await addressOf(player.token);
    expect(await addressOf(player.token)).toBe(address);
    const report = depositReport(address.toLowerCase(), '12.34567891', 1);
    const early = await deliverWebhook(platform, report);
    expect(early.status, JSON.stringify(early.body)).toBe(200);
    expect(early.body).toMatchObject({ status: 'PENDING', credited: false });

    const confirmed = { ...report, confirmations: 3 };
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliverWebhook(platform, confirmed)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((answer) => answer.body.credited === true)).toHaveLength(1);
    // A later, lower confirmation count changes nothing.
    expect((await deliverWebhook(platform, report)).body).toMatchObject({ status: 'CREDITED', credited: false });

    const frame = await socket.next((f) => f.type === 'balance-update');
    expect(frame.data).toEqual({ userId: String(player.user.id), newBalance: 12.34567891, currency: 'USD' });
    socket.close();

    const balances = await trpc(platform, 'query', 'wallet.balances', undefined, player.token);
    expect(balances.body.result.data).toEqual({ USD: '12.34567891', BZU: '0' });
    const profile = await fetch(`${platform.url}/api/auth/profile`, {
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(await profile.json()).toMatchObject({ balance: 12.34567891, bzuBalance: 0 });
    const deposits = await trpc(platform, 'query', 'wallet.deposits', { status: 'CREDITED' }, player.token);
    expect(deposits.body.result.data.items).toMatchObject([
      { amount: '12.34567891', confirmations: 3, status: 'CREDITED', flags: [] },
    ]);
    const mismatch = await deliverWebhook(platform, { ...confirmed, amount: '99' });
    expect(mismatch.status).toBe(409);
    const unknown = await deliverWebhook(platform, depositReport(PAYOUT_ADDRESS, '5'));
    expect(unknown.status).toBe(404);

    // BZU deposits land in the BZU balance.
    await deliverWebhook(platform, depositReport(address, '1000', 3, { asset: 'BZU' }));
    expect((await trpc(platform, 'query', 'wallet.balances', undefined, player.token)).body.result.data).toEqual({
      USD: '12.34567891',
      BZU: '1000',
    });
    await expectLedgerOk();
  });

  it('accepts exactly 50 of 100 parallel 1 USD withdrawals against a balance of 50', async () => {
    const player = await signedInAccount(platform);
    await fund(player.token, '50');
    const request = {
      amount: '1',
      asset: 'USDT',
      network: 'ERC20',
      address: PAYOUT_ADDRESS,
      password: player.account.password,
    };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => trpc(platform, 'mutation', 'wallet.withdraw', request, player.token)),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    expect(accepted).toHaveLength(50);
    expect(
      answers
        .filter((answer) => answer.status === 409)
        .every((answer) => answer.body.error.message === 'Insufficient balance'),
    ).toBe(true);
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 409)).toEqual([]);
    expect((await trpc(platform, 'query', 'wallet.balances', undefined, player.token)).body.result.data.USD).toBe('0');
    const pending = await trpc(
      platform,
      'query',
      'wallet.withdrawals',
      { status: 'PENDING', limit: 100 },
      player.token,
    );
    expect(pending.body.result.data.items).toHaveLength(50);
    await expectLedgerOk();
  });

  it('re-checks the password and validates address, minimum and network', async () => {
    const player = await signedInAccount(platform);
    await fund(player.token, '20');
    const base = {
      amount: '5',
      asset: 'USDT',
      network: 'ERC20',
      address: PAYOUT_ADDRESS,
      password: player.account.password,
    };
    const wrongPassword = await trpc(
      platform,
      'mutation',
      'wallet.withdraw',
      { ...base, password: 'nope-nope-nope' },
      player.token,
    );
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error.data.domainCode).toBe('INVALID_PASSWORD');
    const badChecksum = await trpc(
      platform,
      'mutation',
      'wallet.withdraw',
      { ...base, address: PAYOUT_ADDRESS.replace('aAeb', 'aaeb') },
      player.token,
    );
    expect(badChecksum.status).toBe(400);
    const belowMinimum = await trpc(platform, 'mutation', 'wallet.withdraw', { ...base, amount: '0.5' }, player.token);
    expect(belowMinimum.body.error.data.domainCode).toBe('BELOW_MINIMUM');
    const floatAmount = await trpc(platform, 'mutation', 'wallet.withdraw', { ...base, amount: 5 }, player.token);
    expect(floatAmount.status).toBe(400);
    const bzuOnTron = await trpc(
      platform,
      'mutation',
      'wallet.withdraw',
      { ...base, asset: 'BZU', network: 'TRC20' },
      player.token,
    );
    expect(bzuOnTron.status).toBe(400);
    expect(await count('withdrawals')).toBe(50);
    expect((await trpc(platform, 'query', 'wallet.balances', undefined, player.token)).body.result.data.USD).toBe('20');
  });

  it('names the players in the staff withdrawal lists, and finds a ledger by id, login name or display name', async () => {
    const player = await signedInAccount(platform);
    await fund(player.token, '12');
    const request = {
      amount: '5',
      asset: 'USDC',
      network: 'BEP20',
      address: PAYOUT_ADDRESS.toLowerCase(),
      password: player.account.password,
    };
    const withdrawal = (await trpc(platform, 'mutation', 'wallet.withdraw', request, player.token)).body.result.data;
    const pending = await trpc(platform, 'query', 'admin.withdrawals.pending', { limit: 100 }, admin.token);
    const listed = pending.body.result.data.items.find((item: { id: string }) => item.id === withdrawal.id);
    expect(listed).toMatchObject({
      userId: player.user.id,
      playerName: player.account.public_username,
      loginName: player.account.username,
    });

    for (const query of [
      String(player.user.id),
      player.account.username.toUpperCase(),
      ` ${player.account.public_username} `,
    ]) {
      const found = await trpc(platform, 'query', 'admin.ledgerOfPlayer', { player: query }, admin.token);
      expect(found.status, query).toBe(200);
      expect(found.body.result.data).toMatchObject({
        userId: player.user.id,
        loginName: player.account.username,
        cash: { USD: '7' },
      });
    }
    const nobody = await trpc(
      platform,
      'query',
      'admin.ledgerOfPlayer',
      { player: 'nobody-by-that-name' },
      admin.token,
    );
    expect(nobody.status).toBe(404);
    expect((await trpc(platform, 'query', 'admin.ledgerOfPlayer', { player: '  ' }, admin.token)).status).toBe(400);
    expect(
      (await trpc(platform, 'query', 'admin.ledgerOfPlayer', { player: player.account.username }, player.token)).status,
    ).toBe(403);
  });

  it('runs the admin flow: approve then record the txid settles; reject refunds in full; only admins may', async () => {
    const player = await signedInAccount(platform);
    await fund(player.token, '30');
    const request = {
      amount: '10',
      asset: 'USDC',
      network: 'BEP20',
      address: PAYOUT_ADDRESS.toLowerCase(),
      password: player.account.password,
    };
    const first = (await trpc(platform, 'mutation', 'wallet.withdraw', request, player.token)).body.result.data;
    const second = (await trpc(platform, 'mutation', 'wallet.withdraw', request, player.token)).body.result.data;
    expect(first).toMatchObject({ status: 'PENDING', amount: '10', fee: '0', address: PAYOUT_ADDRESS });
    expect((await trpc(platform, 'query', 'wallet.balances', undefined, player.token)).body.result.data.USD).toBe('10');

    expect((await trpc(platform, 'mutation', 'admin.withdrawals.approve', { id: first.id }, player.token)).status).toBe(
      403,
    );
    const pending = await trpc(platform, 'query', 'admin.withdrawals.pending', { limit: 100 }, admin.token);
    expect(pending.body.result.data.items.map((w: { id: string }) => w.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );

    const approved = await trpc(platform, 'mutation', 'admin.withdrawals.approve', { id: first.id }, admin.token);
    expect(approved.body.result.data.status).toBe('APPROVED');
    // The default adapter sends nothing by itself: the worker's job leaves it APPROVED.
    expect(await services().wallet.withdrawals.processPayout(first.id)).toMatchObject({ status: 'APPROVED' });
    expect(
      (await trpc(platform, 'mutation', 'admin.withdrawals.reject', { id: first.id, reason: 'late' }, admin.token))
        .status,
    ).toBe(409);
    const sent = await trpc(
      platform,
      'mutation',
      'admin.withdrawals.recordTxid',
      { id: first.id, txid: 'ab'.repeat(32) },
      admin.token,
    );
    expect(sent.body.result.data).toMatchObject({ status: 'SENT', txid: 'ab'.repeat(32) });
    expect(
      (
        await trpc(
          platform,
          'mutation',
          'admin.withdrawals.recordTxid',
          { id: first.id, txid: 'cd'.repeat(32) },
          admin.token,
        )
      ).status,
    ).toBe(409);

    const rejected = await trpc(
      platform,
      'mutation',
      'admin.withdrawals.reject',
      { id: second.id, reason: 'address on a sanctions list' },
      admin.token,
    );
    expect(rejected.body.result.data).toMatchObject({ status: 'REJECTED', reason: 'address on a sanctions list' });
    expect((await trpc(platform, 'mutation', 'admin.withdrawals.approve', { id: second.id }, admin.token)).status).toBe(
      409,
    );
    expect((await trpc(platform, 'query', 'wallet.balances', undefined, player.token)).body.result.data.USD).toBe('20');

    const ledger = await trpc(platform, 'query', 'admin.ledgerOf', { userId: player.user.id }, admin.token);
    expect(ledger.body.result.data.cash).toEqual({ USD: '20', BZU: '0' });
    expect(ledger.body.result.data.transactions.items.map((t: { kind: string }) => t.kind)).toEqual([
      'withdrawal-refund',
      'withdrawal-reserve',
      'withdrawal-reserve',
      'deposit',
    ]);
    const page = await trpc(platform, 'query', 'wallet.transactions', { limit: 2 }, player.token);
    expect(page.body.result.data.items).toHaveLength(2);
    const next = await trpc(
      platform,
      'query',
      'wallet.transactions',
      { limit: 2, cursor: page.body.result.data.nextCursor },
      player.token,
    );
    expect(next.body.result.data.items.map((t: { amount: string }) => t.amount)).toEqual(['-10', '30']);
    expect(next.body.result.data.nextCursor).toBeNull();
    expect((await trpc(platform, 'query', 'wallet.transactions', { limit: 101 }, player.token)).status).toBe(400);
    const csv = await fetch(`${platform.url}/api/wallet/transactions.csv`, {
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toBe('id,transaction_id,created_at,kind,currency,amount,balance_after');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toMatch(/,deposit,USD,30,30$/);
    expect((await trpc(platform, 'query', 'admin.ledgerCheck', undefined, admin.token)).body.result.data).toEqual({
      ok: true,
      problems: [],
    });
  });

  it('the worker sends approved withdrawals through the payout adapter: a txid settles, a permanent failure refunds', async () => {
    const player = await signedInAccount(platform);
    await fund(player.token, '25');
    const adapter: PayoutAdapter = {
      send: async (withdrawal) => {
        if (withdrawal.amount === '13') throw new PayoutFailure('address rejected by the node');
        return { kind: 'sent', txid: `0x${'e'.repeat(63)}${withdrawal.id.slice(-1)}` };
      },
    };
    const queued: string[] = [];
    const withdrawals = new WithdrawalService(
      {
        db: db(),
        ledger: services().wallet.ledger,
        confirmPassword: async () => undefined,
        secondFactor: async () => undefined,
        payoutQueue: { enqueue: async (id) => void queued.push(id) },
        payout: adapter,
        networks: services().wallet.networks,
      },
      { minimum: { USD: 1n, BZU: 1n }, fee: { USD: 50_000_000n, BZU: 0n } },
    );
    const request = { asset: 'USDT' as const, network: 'ERC20' as const, address: PAYOUT_ADDRESS, password: 'unused' };
    const good = await withdrawals.request(player.user.id, { ...request, amount: 1_000_000_000n });
    const bad = await withdrawals.request(player.user.id, { ...request, amount: 1_300_000_000n });
    expect(good).toMatchObject({ fee: '0.5', total: '10.5' });
    expect((await services().wallet.ledger.balances(player.user.id)).USD).toBe(100_000_000n);
    await withdrawals.approve(admin.user.id, good.id);
    await withdrawals.approve(admin.user.id, bad.id);
    expect(queued).toEqual([good.id, bad.id]);

    const context = {
      infra: platform.platform.infra,
      services: { ...services(), wallet: { ...services().wallet, withdrawals } },
      logger: createLogger('silent', 'worker'),
      jobId: 'payout-test',
      attempt: 1,
      enqueuedAt: Date.now(),
      rateLimit: async () => {
        throw new Error('not expected');
      },
    } as unknown as JobContext;
    expect(await walletHandlers.payout({ withdrawalId: good.id }, context)).toEqual({ status: 'SENT' });
    expect(await walletHandlers.payout({ withdrawalId: good.id }, context)).toEqual({ status: 'SENT' });
    expect(await walletHandlers.payout({ withdrawalId: bad.id }, context)).toEqual({ status: 'FAILED' });
    await expect(walletHandlers.payout({ withdrawalId: '999999999' }, context)).rejects.toThrow(/does not exist/);
    // 25 - 10.5 (sent, fee kept) = 14.5; the failed 13.5 came back in full.
    expect((await services().wallet.ledger.balances(player.user.id)).USD).toBe(1_450_000_000n);
    await expectLedgerOk();
  });

  it('self-exclusion starts at once, cannot be shortened or lifted, blocks play and deposits (credited and flagged) but not withdrawals', async () => {
    const player = await signedInAccount(platform);
    await fund(player.token, '40');
    const address = await addressOf(player.token);
    const excluded = await trpc(platform, 'mutation', 'account.selfExclude', { period: '7d' }, player.token);
    expect(excluded.body.result.data).toMatchObject({ active: true, permanent: false });
    const shorter = await trpc(platform, 'mutation', 'account.selfExclude', { period: '24h' }, player.token);
    expect(shorter.status).toBe(409);
    expect(shorter.body.error.data.domainCode).toBe('EXCLUSION_CANNOT_SHORTEN');
    // 30 days and longer need the password (step-up).
    const longer = await trpc(
      platform,
      'mutation',
      'account.selfExclude',
      { period: '30d', password: player.account.password },
      player.token,
    );
    expect(new Date(longer.body.result.data.endsAt).getTime()).toBeGreaterThan(
      new Date(excluded.body.result.data.endsAt).getTime(),
    );

    const refused = await services()
      .wallet.responsibleGaming.assertCanPlay(player.user.id)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('SELF_EXCLUDED');
    const newAddress = await trpc(platform, 'query', 'wallet.depositAddress', { network: 'TRC20' }, player.token);
    expect(newAddress.status).toBe(403);

    const late = await deliverWebhook(platform, depositReport(address, '5'));
    expect(late.body).toMatchObject({ status: 'CREDITED', credited: true, flags: ['SELF_EXCLUDED'] });
    const withdrawal = await trpc(
      platform,
      'mutation',
      'wallet.withdraw',
      { amount: '45', asset: 'USDT', network: 'ERC20', address: PAYOUT_ADDRESS, password: player.account.password },
      player.token,
    );
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
    const login = await fetch(`${platform.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login_name: player.account.username, password: player.account.password }),
    });
    expect(login.status).toBe(200);

    expect(
      (
        await trpc(
          platform,
          'mutation',
          'account.selfExclude',
          { period: 'permanent', password: player.account.password },
          player.token,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await trpc(
          platform,
          'mutation',
          'account.selfExclude',
          { period: '6m', password: player.account.password },
          player.token,
        )
      ).body.error.data.domainCode,
    ).toBe('EXCLUSION_PERMANENT');
    expect(
      (await trpc(platform, 'query', 'account.exclusion', undefined, player.token)).body.result.data,
    ).toMatchObject({ active: true, permanent: true, endsAt: null });
    await expect(services().wallet.responsibleGaming.assertCanPlay(admin.user.id)).resolves.toBeUndefined();
  });

  it('deposit limits: a decrease applies at once, an increase after 24 hours; deposits past a limit are flagged', async () => {
    const player = await signedInAccount(platform);
    const set = (period: string, amount: string | null) =>
      trpc(platform, 'mutation', 'account.setDepositLimit', { period, amount }, player.token);
    expect((await set('day', '100')).body.result.data).toMatchObject([
      { period: 'day', amount: '100', pendingAmount: null },
    ]);
    const raised = (await set('day', '500')).body.result.data[0];
    expect(raised).toMatchObject({ amount: '100', pendingAmount: '500' });
    expect(new Date(raised.pendingEffectiveAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect((await set('day', '60')).body.result.data[0]).toMatchObject({ amount: '60', pendingAmount: null });
    expect((await set('day', null)).body.result.data[0]).toMatchObject({ amount: '60', pendingRemoval: true });
    await sql`update deposit_limits set pending_effective_at = now() - interval '1 second' where user_id = ${player.user.id}`.execute(
      db(),
    );
    expect((await trpc(platform, 'query', 'account.depositLimits', undefined, player.token)).body.result.data).toEqual(
      [],
    );
    await set('week', '50');
    const address = await addressOf(player.token);
    expect((await deliverWebhook(platform, depositReport(address, '40'))).body.flags).toEqual([]);
    expect((await deliverWebhook(platform, depositReport(address, '20'))).body.flags).toEqual(['OVER_LIMIT']);
    expect(
      (await trpc(platform, 'query', 'account.depositLimits', undefined, player.token)).body.result.data[0],
    ).toMatchObject({ usedAmount: '60' });
  });

  it('accrues referral commission idempotently and lets it be claimed into cash exactly once', async () => {
    const referrer = await signedInAccount(platform);
    const referee = await signedInAccount(platform);
    const accrual = {
      referrerId: referrer.user.id,
      refereeId: referee.user.id,
      sourceKey: `bet:${referee.user.id}:1`,
      currency: 'USD' as const,
      wagered: 1000n * 100_000_000n,
      houseEdgePpm: 10_000,
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => services().wallet.referrals.accrue(accrual)));
    expect(results.filter((result) => result.accrued)).toHaveLength(1);
    expect(results.every((result) => result.commission === '0.5')).toBe(true);
    await services().wallet.referrals.accrue({
      ...accrual,
      sourceKey: `bet:${referee.user.id}:2`,
      wagered: 200n * 100_000_000n,
    });
    expect(
      (await trpc(platform, 'query', 'account.referrals.summary', undefined, referrer.token)).body.result.data,
    ).toEqual({ claimable: { USD: '0.6', BZU: '0' }, rate: '0.1' });
    const claims = await Promise.all(
      Array.from({ length: 4 }, () => trpc(platform, 'mutation', 'account.referrals.claim', {}, referrer.token)),
    );
    expect(claims.filter((claim) => claim.status === 200).map((claim) => claim.body.result.data)).toEqual([
      { claimed: { USD: '0.6', BZU: '0' } },
    ]);
    expect(claims.filter((claim) => claim.status === 409)).toHaveLength(3);
    expect((await trpc(platform, 'query', 'wallet.balances', undefined, referrer.token)).body.result.data.USD).toBe(
      '0.6',
    );
    await expectLedgerOk();

    const wanted = `R${referrer.user.id}abc`;
    expect(
      (await trpc(platform, 'mutation', 'account.referrals.createCode', { code: wanted }, referrer.token)).body.result
        .data.code,
    ).toBe(wanted);
    const taken = await trpc(
      platform,
      'mutation',
      'account.referrals.createCode',
      { code: wanted.toUpperCase() },
      referee.token,
    );
    expect(taken.body.error.data.domainCode).toBe('CODE_TAKEN');
    const random = (await trpc(platform, 'mutation', 'account.referrals.createCode', {}, referrer.token)).body.result
      .data.code;
    expect(random).toMatch(/^[A-Z0-9]{8}$/);
    expect(
      (await trpc(platform, 'query', 'account.referrals.codes', undefined, referrer.token)).body.result.data.map(
        (c: { code: string }) => c.code,
      ),
    ).toEqual([random, wanted]);
  });

  it('property: after any sequence of deposits, repeated webhooks, withdrawals, decisions, commissions, claims and bets the ledger holds', async () => {
    const players = [await signedInAccount(platform), await signedInAccount(platform)];
    const addresses = await Promise.all(players.map((player) => addressOf(player.token)));
    const cent = 1_000_000n;
    let serial = 0;
    let steps = 0;

    const user = fc.integer({ min: 0, max: 1 });
    const op = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          t: fc.constant('deposit' as const),
          u: user,
          cents: fc.integer({ min: 1, max: 5_000 }),
          conf: fc.integer({ min: 0, max: 5 }),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          t: fc.constant('redeliver' as const),
          i: fc.nat(),
          conf: fc.integer({ min: 0, max: 4 }),
          times: fc.integer({ min: 1, max: 3 }),
        }),
      },
      {
        weight: 4,
        arbitrary: fc.record({
          t: fc.constant('withdraw' as const),
          u: user,
          cents: fc.integer({ min: 100, max: 4_000 }),
        }),
      },
      {
        weight: 3,
        arbitrary: fc.record({ t: fc.constantFrom('reject' as const, 'send' as const, 'fail' as const), i: fc.nat() }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          t: fc.constant('accrue' as const),
          u: user,
          cents: fc.integer({ min: 0, max: 100_000 }),
          key: fc.integer({ min: 0, max: 3 }),
        }),
      },
      { weight: 1, arbitrary: fc.record({ t: fc.constant('claim' as const), u: user }) },
      {
        weight: 4,
        arbitrary: fc.record({
          t: fc.constant('bet' as const),
          u: user,
          cents: fc.integer({ min: 1, max: 4_000 }),
          game: fc.constantFrom(
            'dice' as const,
            'plinko' as const,
            'blackjack' as const,
            'roulette' as const,
            'baccarat' as const,
            'hilo' as const,
            'slots' as const,
          ),
          target: fc.integer({ min: 200, max: 9_800 }),
        }),
      },
    );

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const run = ++serial;
        const start = await Promise.all(players.map((player) => services().wallet.ledger.balances(player.user.id)));
        const startReferral = await Promise.all(
          players.map((player) => services().wallet.ledger.balances(player.user.id, 'referral')),
        );
        const cash = start.map((balances) => balances.USD);
        const referral = startReferral.map((balances) => balances.USD);
        const reports: { u: number; body: ReturnType<typeof depositReport>; amount: bigint; credited: boolean }[] = [];
        const open: { id: string; u: number; amount: bigint }[] = [];
        const accrued = new Set<string>();

        /** Delivers the report `times` times in parallel; exactly one delivery credits, once it is confirmed. */
        const deliver = async (entry: (typeof reports)[number], confirmations: number, times = 1) => {
          const body = JSON.stringify({ ...entry.body, confirmations });
          const results = await Promise.all(
            Array.from({ length: times }, () => {
              const timestamp = Math.floor(Date.now() / 1000);
              return services().wallet.deposits.receiveWebhook({
                rawBody: body,
                timestamp: String(timestamp),
                signature: signWebhook(WALLET_TEST_ENV.DEPOSIT_WEBHOOK_SECRET, timestamp, body),
              });
            }),
          );
          const credits = results.filter((result) => result.credited).length;
          if (confirmations >= 3 && !entry.credited) {
            expect(credits).toBe(1);
            entry.credited = true;
            cash[entry.u]! += entry.amount;
          } else {
            expect(credits).toBe(0);
          }
        };

        for (const step of ops) {
          steps += 1;
          switch (step.t) {
            case 'deposit': {
              const amount = BigInt(step.cents) * cent;
              const entry = {
                u: step.u,
                body: depositReport(addresses[step.u]!, formatAmount(amount), step.conf),
                amount,
                credited: false,
              };
              reports.push(entry);
              await deliver(entry, step.conf);
              break;
            }
            case 'redeliver': {
              const entry = reports[step.i % Math.max(1, reports.length)];
              if (entry) await deliver(entry, step.conf, step.times);
              break;
            }
            case 'withdraw': {
              const amount = BigInt(step.cents) * cent;
              const player = players[step.u]!;
              const outcome = await services()
                .wallet.withdrawals.request(player.user.id, {
                  amount,
                  asset: 'USDT',
                  network: 'ERC20',
                  address: PAYOUT_ADDRESS,
                  password: player.account.password,
                })
                .then(
                  (view) => view.id,
                  (error: DomainError) => error.code,
                );
              if (amount <= cash[step.u]!) {
                expect(outcome).toMatch(/^\d+$/);
                cash[step.u]! -= amount;
                open.push({ id: outcome, u: step.u, amount });
              } else {
                expect(outcome).toBe('INSUFFICIENT_FUNDS');
              }
              break;
            }
            case 'reject':
            case 'send':
            case 'fail': {
              const target = open.splice(step.i % Math.max(1, open.length), 1)[0];
              if (!target) break;
              if (step.t === 'reject') {
                await services().wallet.withdrawals.reject(admin.user.id, target.id, 'property test');
                cash[target.u]! += target.amount;
              } else {
                await services().wallet.withdrawals.approve(admin.user.id, target.id);
                if (step.t === 'send')
                  await services().wallet.withdrawals.recordTxid(target.id, `tx${run}x${target.id}`.padEnd(12, '0'));
                else {
                  await services().wallet.withdrawals.fail(target.id, 'node down');
                  cash[target.u]! += target.amount;
                }
              }
              break;
            }
            case 'accrue': {
              const sourceKey = `prop:${run}:${step.key}`;
              const wagered = BigInt(step.cents) * cent;
              await services().wallet.referrals.accrue({
                referrerId: players[step.u]!.user.id,
                sourceKey,
                currency: 'USD',
                wagered,
                houseEdgePpm: 25_000,
              });
              if (!accrued.has(sourceKey)) {
                accrued.add(sourceKey);
                referral[step.u]! += referralCommission(wagered, 25_000, 100_000);
              }
              break;
            }
            case 'bet': {
              // An original through the one bet engine: stake and payout in one ledger transaction, or a refusal.
              const amount = BigInt(step.cents) * cent;
              const player = players[step.u]!;
              const who = { id: player.user.id, username: player.user.publicUsername };
              if (step.game === 'blackjack') {
                // A whole round: a double when offered and covered on odd targets, else decline insurance and stand.
                const started = await services()
                  .games.engine.startRound(who, BLACKJACK_GAME, { amount, currency: 'USD' })
                  .catch((error: DomainError) => error.code);
                if (amount > cash[step.u]!) {
                  expect(started).toBe('INSUFFICIENT_FUNDS');
                  break;
                }
                let round = started as Exclude<typeof started, string>;
                while (round.bet.state === 'open') {
                  const offered = round.bet.outcome.actions as string[];
                  const covered = parseAmount(round.balance) >= parseAmount(round.bet.amount);
                  const action = offered.includes('noInsurance')
                    ? 'noInsurance'
                    : offered.includes('double') && step.target % 2 === 1 && covered
                      ? 'double'
                      : 'stand';
                  round = await services().games.engine.act(player.user.id, BLACKJACK_GAME, action, {
                    betId: round.bet.id,
                  });
                }
                cash[step.u]! += parseAmount(round.bet.payout) - parseAmount(round.bet.amount);
                expect(round.balance).toBe(formatAmount(cash[step.u]!));
                break;
              }
              // Roulette stakes the amount as two chips: a straight up and red.
              const half = amount / 2n;
              const place = {
                dice: () =>
                  services().games.engine.playInstant(who, DICE_GAME, {
                    amount,
                    currency: 'USD',
                    target: step.target / 100,
                    condition: 'over',
                  }),
                plinko: () =>
                  services().games.engine.playInstant(who, PLINKO_GAME, {
                    amount,
                    currency: 'USD',
                    rows: 8 + (step.target % 5),
                    risk: 'high',
                  }),
                roulette: () =>
                  services().games.engine.playInstant(who, ROULETTE_GAME, {
                    currency: 'USD',
                    chips: [
                      { type: 'straight', numbers: [step.target % 37], amount: half },
                      { type: 'red', numbers: [], amount: amount - half },
                    ],
                  }),
                baccarat: () =>
                  services().games.engine.playInstant(who, BACCARAT_GAME, baccaratChips(amount, step.target)),
                hilo: () => playHiloRound(who, amount, 1 + (step.target % 3)),
                slots: () => services().games.engine.playInstant(who, SLOTS_GAME, { amount, currency: 'USD' }),
              };
              const placed = place[step.game]();
              const outcome = await placed.then(
                (result) => result,
                (error: DomainError) => error.code,
              );
              if (amount <= cash[step.u]!) {
                expect(outcome).toMatchObject({ bet: { amount: formatAmount(amount) } });
                const bet = (outcome as Awaited<typeof placed>).bet;
                cash[step.u]! += parseAmount(bet.payout) - amount;
                expect((outcome as Awaited<typeof placed>).balance).toBe(formatAmount(cash[step.u]!));
              } else {
                expect(outcome).toBe('INSUFFICIENT_FUNDS');
              }
              break;
            }
            case 'claim': {
              const claimed = await services()
                .wallet.referrals.claim(players[step.u]!.user.id)
                .catch((error: DomainError) => error.code);
              if (referral[step.u]! > 0n) {
                expect(claimed).toEqual({ claimed: { USD: formatAmount(referral[step.u]!), BZU: '0' } });
                cash[step.u]! += referral[step.u]!;
                referral[step.u] = 0n;
              } else {
                expect(claimed).toBe('NOTHING_TO_CLAIM');
              }
              break;
            }
          }
          const actual = await Promise.all(players.map((player) => services().wallet.ledger.balances(player.user.id)));
          expect(actual.map((balances) => balances.USD)).toEqual(cash);
          expect(
            (
              await Promise.all(players.map((player) => services().wallet.ledger.balances(player.user.id, 'referral')))
            ).map((b) => b.USD),
          ).toEqual(referral);
          await expectLedgerOk();
        }
      }),
      { numRuns: 15 },
    );
    expect(steps).toBeGreaterThanOrEqual(12);
    expect(await count('ledger_transactions')).toBeGreaterThan(0);
  });

  it('npm run cli -- deposit:simulate credits through the signed webhook; ledger:check exits non-zero on a broken ledger', async () => {
    const player = await signedInAccount(platform);
    const env = {
      ...process.env,
      DATABASE_URL: platform.databaseUrl,
      REDIS_PREFIX: platform.env.redisPrefix,
      DATA_DIR: platform.dataDir,
      LOG_LEVEL: 'silent',
      ...WALLET_TEST_ENV,
      PUBLIC_URL: platform.url,
    };
    const cli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'server/src/cli.ts', ...args], { env });
    const simulated = await cli('deposit:simulate', player.account.username, '7.5', 'USD');
    expect(simulated.stdout).toContain('"credited":true');
    expect((await trpc(platform, 'query', 'wallet.balances', undefined, player.token)).body.result.data.USD).toBe(
      '7.5',
    );

    // Tamper with a balance behind the ledger's back (the CHECKs allow it; the books no longer agree), and undo it
    // whatever happens: the file's later tests check the same ledger.
    await sql`update ledger_accounts set balance_e8 = balance_e8 + 1 where code = ${`user:${player.user.id}`}`.execute(
      db(),
    );
    try {
      const broken = await cli('ledger:check').catch((error: { code: number; stdout: string }) => error);
      expect((broken as { code: number }).code).toBe(1);
      expect((broken as { stdout: string }).stdout).toContain('account balance equals the sum of its entries');
    } finally {
      await sql`update ledger_accounts set balance_e8 = balance_e8 - 1 where code = ${`user:${player.user.id}`}`.execute(
        db(),
      );
    }
    await expectLedgerOk();
    // Two CLI processes, each compiling the server with tsx on start: 10-25 s apiece on two busy cores.
  }, 120_000);

  it("grouped postings (a bet's stake and payout): the stake must be covered alone, each entry carries its own balance, a replayed key posts nothing", async () => {
    const player = await signedInAccount(platform);
    const userId = player.user.id;
    const ledger = services().wallet.ledger;
    const unit = 100_000_000n;
    const posting = (key: string, from: 'user' | 'house', amount: bigint) => ({
      key,
      kind: 'test-grouped',
      userId,
      legs:
        from === 'user'
          ? [
              { account: { user: userId }, currency: 'USD' as const, amount: -amount },
              { account: { house: 'games' as const }, currency: 'USD' as const, amount },
            ]
          : [
              { account: { house: 'games' as const }, currency: 'USD' as const, amount: -amount },
              { account: { user: userId }, currency: 'USD' as const, amount },
            ],
    });
    await ledger.post({ ...posting(`grouped-fund-${userId}`, 'house', 5n * unit), kind: 'deposit' });
    const before = await count('ledger_transactions');
    // A 10 stake against 5 is refused even though the 20 payout would cover it: nothing is written.
    await expect(
      ledger.transact((tx) =>
        tx.postAll([
          posting(`grouped-stake-${userId}`, 'user', 10n * unit),
          posting(`grouped-win-${userId}`, 'house', 20n * unit),
        ]),
      ),
    ).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await count('ledger_transactions')).toBe(before);
    expect((await ledger.balances(userId)).USD).toBe(5n * unit);

    // Stake 4 then payout 7: entries say 1 then 8, in that order, and the postings answer the same balances.
    const results = await ledger.transact((tx) =>
      tx.postAll([
        posting(`grouped-stake2-${userId}`, 'user', 4n * unit),
        posting(`grouped-win2-${userId}`, 'house', 7n * unit),
      ]),
    );
    expect(results.map((r) => r.balances?.find((b) => b.userId === userId)?.balance)).toEqual([1n * unit, 8n * unit]);
    const entries = await sql<{ amount: string; after: string }>`
      select e.amount_e8::text as amount, e.balance_after_e8::text as after from ledger_entries e
      join ledger_accounts a on a.id = e.account_id where a.code = ${`user:${userId}`} order by e.id`.execute(db());
    expect(entries.rows.map((r) => [BigInt(r.amount), BigInt(r.after)])).toEqual([
      [5n * unit, 5n * unit],
      [-4n * unit, 1n * unit],
      [7n * unit, 8n * unit],
    ]);
    // The same two keys again, with a third: only the third posts.
    const again = await ledger.transact((tx) =>
      tx.postAll([
        posting(`grouped-stake2-${userId}`, 'user', 4n * unit),
        posting(`grouped-win2-${userId}`, 'house', 7n * unit),
        posting(`grouped-stake3-${userId}`, 'user', 2n * unit),
      ]),
    );
    expect(again.map((r) => r.posted)).toEqual([false, false, true]);
    expect((await ledger.balances(userId)).USD).toBe(6n * unit);
    // One key twice in one call posts once.
    const twice = await ledger.transact((tx) =>
      tx.postAll([
        posting(`grouped-twice-${userId}`, 'user', 1n * unit),
        posting(`grouped-twice-${userId}`, 'user', 1n * unit),
      ]),
    );
    expect(twice.map((r) => r.posted)).toEqual([true, false]);
    expect((await ledger.balances(userId)).USD).toBe(5n * unit);
    await expectLedgerOk();
  });

  it('postings over several accounts change them in one guarded step; new-key postings write headers and entries together', async () => {
    const players = await Promise.all([
      signedInAccount(platform),
      signedInAccount(platform),
      signedInAccount(platform),
    ]);
    const ids = players.map((p) => p.user.id);
    const ledger = services().wallet.ledger;
    const unit = 100_000_000n;
    const usd = (account: { user: number } | { house: 'games' }, amount: bigint) => ({
      account,
      currency: 'USD' as const,
      amount,
    });
    // The house pays three players 1, 2 and 3 in one posting (four accounts).
    await ledger.post({
      key: `multi-pay-${ids[0]}`,
      kind: 'test-multi',
      legs: [usd({ house: 'games' }, -6n * unit), ...ids.map((id, i) => usd({ user: id }, BigInt(i + 1) * unit))],
    });
    expect(await Promise.all(ids.map(async (id) => (await ledger.balances(id)).USD))).toEqual([
      1n * unit,
      2n * unit,
      3n * unit,
    ]);
    // Three players pay the house 1 each: the first cannot cover 2, so nothing moves.
    const transactionsBefore = await count('ledger_transactions');
    await expect(
      ledger.post({
        key: `multi-take-${ids[0]}`,
        kind: 'test-multi',
        legs: [
          usd({ house: 'games' }, 4n * unit),
          usd({ user: ids[0]! }, -2n * unit),
          usd({ user: ids[1]! }, -1n * unit),
          usd({ user: ids[2]! }, -1n * unit),
        ],
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await count('ledger_transactions')).toBe(transactionsBefore);
    expect(await Promise.all(ids.map(async (id) => (await ledger.balances(id)).USD))).toEqual([
      1n * unit,
      2n * unit,
      3n * unit,
    ]);

    // New keys: a stake and a payout written together; a key that exists fails the whole transaction.
    const stake = {
      key: `newkey-stake-${ids[0]}`,
      kind: 'test-new',
      userId: ids[0],
      legs: [usd({ user: ids[0]! }, -1n * unit), usd({ house: 'games' }, 1n * unit)],
    };
    const payout = {
      key: `newkey-win-${ids[0]}`,
      kind: 'test-new',
      userId: ids[0],
      legs: [usd({ house: 'games' }, -3n * unit), usd({ user: ids[0]! }, 3n * unit)],
    };
    const written = await ledger.transact((tx) => tx.postAll([stake, payout], { newKeys: true }));
    expect(written.map((r) => [r.posted, r.balances?.[0]?.balance])).toEqual([
      [true, 0n],
      [true, 3n * unit],
    ]);
    const rows = await sql<{ key: string; amount: string; after: string }>`
      select t.idempotency_key as key, e.amount_e8::text as amount, e.balance_after_e8::text as after from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id join ledger_accounts a on a.id = e.account_id
      where a.code = ${`user:${ids[0]}`} and t.kind = 'test-new' order by e.id`.execute(db());
    expect(rows.rows.map((r) => [r.key, BigInt(r.amount), BigInt(r.after)])).toEqual([
      [stake.key, -1n * unit, 0n],
      [payout.key, 3n * unit, 3n * unit],
    ]);
    // One user and house:games: the statement that changes the house row also writes the player's balance-update.
    const balanceEvents = async () =>
      (
        await sql<{
          payload: unknown;
        }>`select payload from event_outbox where coalesce_key = ${`balance:${ids[0]}:USD`} order by id`.execute(db())
      ).rows;
    const announced = await balanceEvents();
    expect(announced.at(-1)!.payload).toEqual({ userId: String(ids[0]), newBalance: '3', currency: 'USD' });
    await expect(
      ledger.transact((tx) => tx.postAll([{ ...stake, key: `newkey-other-${ids[0]}` }, payout], { newKeys: true })),
    ).rejects.toThrow(/duplicate key/);
    expect((await ledger.balances(ids[0]!)).USD).toBe(3n * unit);
    expect(await balanceEvents()).toHaveLength(announced.length);
    await expectLedgerOk();
  });

  it('the database refuses an unbalanced transaction, a negative user balance and rewriting history', async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{
            id: string;
          }>`insert into ledger_transactions (idempotency_key, kind) values ('raw:unbalanced', 'test') returning id`.execute(
            trx,
          );
          const { rows: accounts } = await sql<{
            id: string;
          }>`select id from ledger_accounts where code = 'house:deposits' and currency = 'USD'`.execute(trx);
          await sql`insert into ledger_entries (transaction_id, account_id, currency, amount_e8, balance_after_e8) values (${rows[0]!.id}, ${accounts[0]!.id}, 'USD', 5, 0)`.execute(
            trx,
          );
        }),
    ).rejects.toThrow(/does not balance/);
    await expect(sql`update ledger_accounts set balance_e8 = -1 where kind = 'user'`.execute(db())).rejects.toThrow(
      /ledger_accounts_user_non_negative/,
    );
    await expect(sql`delete from ledger_entries`.execute(db())).rejects.toThrow(/append-only/);
    await expectLedgerOk();
  });
});
