import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../server/src/domain/errors.js';
import { EventOutbox } from '../../server/src/domain/events/event-outbox.js';
import { PlatformEvents } from '../../server/src/domain/events/platform-events.js';
import { LedgerService } from '../../server/src/domain/wallet/ledger.service.js';
import { WithdrawalService, type PayoutAdapter } from '../../server/src/domain/wallet/withdrawal.service.js';
import { createLogger } from '../../server/src/infra/logger.js';
import { JobProducer } from '../../server/src/infra/queues.js';
import type { BusEvent } from '../../server/src/infra/event-bus.js';
import { housekeepingHandlers } from '../../worker/src/processors/housekeeping.processor.js';
import type { JobContext } from '../../worker/src/processors/types.js';
import { FAST_HASHING, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { deliverWebhook, depositReport, trpc, WALLET_TEST_ENV } from '../support/wallet.js';

/** Issue #16 points 5 (events not lost), 6 (payouts) and 7 (EVM tx hashes compared case-insensitively). */
const PAYOUT_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('wallet hardening', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  let admin2: Awaited<ReturnType<typeof signedInAccount>>;
  const services = () => platform.platform.services;
  const db = () => platform.platform.infra.db;
  const addressOf = async (token: string, network = 'ERC20') =>
    (await trpc(platform, 'query', 'wallet.depositAddress', { network }, token)).body.result.data.address as string;
  const fund = async (token: string, amount: string) => {
    const credited = await deliverWebhook(platform, depositReport(await addressOf(token), amount));
    expect(credited.body).toMatchObject({ status: 'CREDITED', credited: true });
  };
  const housekeeping = () =>
    housekeepingHandlers.tick({}, {
      infra: platform.platform.infra,
      services: services(),
      logger: createLogger('silent', 'worker'),
    } as unknown as JobContext) as Promise<Record<string, unknown>>;
  const withdrawalService = (overrides: Partial<ConstructorParameters<typeof WithdrawalService>[0]>) =>
    new WithdrawalService(
      {
        db: db(),
        ledger: services().wallet.ledger,
        confirmPassword: async () => undefined,
        secondFactor: async () => undefined,
        payoutQueue: { enqueue: async () => undefined },
        payout: { send: async () => ({ kind: 'manual' }) },
        networks: services().wallet.networks,
        ...overrides,
      },
      { minimum: { USD: 1n, BZU: 1n }, fee: { USD: 0n, BZU: 0n } },
    );

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS, ...WALLET_TEST_ENV });
    admin = await signedInAccount(platform);
    admin2 = await signedInAccount(platform);
    await services().auth.accounts.setRole(admin.account.username, 'admin');
    await services().auth.accounts.setRole(admin2.account.username, 'admin');
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('point 7: an EVM deposit reported as 0xAB.. and 0xab.. is credited once', async () => {
    const player = await signedInAccount(platform);
    const address = await addressOf(player.token, 'BEP20');
    const hash = `0x${'AbCdEf0123456789'.repeat(4)}`;
    const upper = await deliverWebhook(
      platform,
      depositReport(address, '12', 3, {
        network: 'BEP20',
        asset: 'USDT',
        txHash: hash.toUpperCase().replace('0X', '0x'),
      }),
    );
    expect(upper.body).toMatchObject({ status: 'CREDITED', credited: true });
    const lower = await deliverWebhook(
      platform,
      depositReport(address, '12', 3, { network: 'BEP20', asset: 'USDT', txHash: hash.toLowerCase() }),
    );
    expect(lower.status).toBe(200);
    expect(lower.body.credited).not.toBe(true);
    expect((await trpc(platform, 'query', 'wallet.balances', undefined, player.token)).body.result.data.USD).toBe('12');
    const rows = await db().selectFrom('deposits').select('tx_hash').where('user_id', '=', player.user.id).execute();
    expect(rows).toEqual([{ tx_hash: hash.toLowerCase() }]);
  });

  it('point 6: an admin cannot approve their own withdrawal; who approved is kept apart from who recorded the txid', async () => {
    await fund(admin.token, '30');
    const request = {
      amount: '10',
      asset: 'USDT',
      network: 'ERC20',
      address: PAYOUT_ADDRESS,
      password: admin.account.password,
    };
    const own = (await trpc(platform, 'mutation', 'wallet.withdraw', request, admin.token)).body.result.data;
    const self = await trpc(platform, 'mutation', 'admin.withdrawals.approve', { id: own.id }, admin.token);
    expect(self.status).toBe(403);
    expect(self.body.error.data.code).toBe('FORBIDDEN');
    const approved = await trpc(platform, 'mutation', 'admin.withdrawals.approve', { id: own.id }, admin2.token);
    expect(approved.body.result.data.status).toBe('APPROVED');
    // Recording the txid of one's own withdrawal is refused as well.
    expect(
      (
        await trpc(
          platform,
          'mutation',
          'admin.withdrawals.recordTxid',
          { id: own.id, txid: 'ab'.repeat(32) },
          admin.token,
        )
      ).status,
    ).toBe(403);
    const third = await signedInAccount(platform);
    await services().auth.accounts.setRole(third.account.username, 'admin');
    const sent = await trpc(
      platform,
      'mutation',
      'admin.withdrawals.recordTxid',
      { id: own.id, txid: 'ab'.repeat(32) },
      third.token,
    );
    expect(sent.body.result.data.status).toBe('SENT');
    const row = await db().selectFrom('withdrawals').selectAll().where('id', '=', own.id).executeTakeFirstOrThrow();
    expect(row.approved_by).toBe(admin2.user.id);
    expect(row.txid_recorded_by).toBe(third.user.id);
  });

  it('point 6: a crash between sending and recording the txid never sends twice; the operator decides', async () => {
    const player = await signedInAccount(platform);
    await fund(player.token, '20');
    const sends: string[] = [];
    const crashing: PayoutAdapter = {
      send: async (withdrawal) => {
        sends.push(withdrawal.id);
        // The coins went out, then the process died before the txid was written.
        throw new Error('process killed');
      },
    };
    const withdrawals = withdrawalService({ payout: crashing });
    const w = await withdrawals.request(player.user.id, {
      amount: 500_000_000n,
      asset: 'USDT',
      network: 'ERC20',
      address: PAYOUT_ADDRESS,
      password: 'x',
    });
    await withdrawals.approve(admin.user.id, w.id);
    await expect(withdrawals.processPayout(w.id)).rejects.toThrow('process killed');
    // The job retries / the worker restarts: the withdrawal is SENDING and is not sent again.
    const again = await withdrawals.processPayout(w.id);
    expect(again?.status).toBe('SENDING');
    const restarted = withdrawalService({ payout: crashing });
    expect((await restarted.processPayout(w.id))?.status).toBe('SENDING');
    expect(sends).toEqual([w.id]);
    // The admin page's one list of what waits on a payout shows it while SENDING, beside an APPROVED one.
    const unqueued = withdrawalService({ payoutQueue: { enqueue: async () => undefined } });
    const queued = await unqueued.request(player.user.id, {
      amount: 100_000_000n,
      asset: 'USDT',
      network: 'ERC20',
      address: PAYOUT_ADDRESS,
      password: 'x',
    });
    await unqueued.approve(admin.user.id, queued.id);
    const awaiting = await trpc(platform, 'query', 'admin.withdrawals.awaitingPayout', { limit: 100 }, admin2.token);
    const statusOf = (id: string) =>
      awaiting.body.result.data.items.find((item: { id: string }) => item.id === id)?.status;
    expect([statusOf(w.id), statusOf(queued.id)]).toEqual(['SENDING', 'APPROVED']);
    // The operator checked the chain: it went out; recording the txid settles it.
    const settled = await trpc(
      platform,
      'mutation',
      'admin.withdrawals.recordTxid',
      { id: w.id, txid: 'cd'.repeat(32) },
      admin2.token,
    );
    expect(settled.body.result.data.status).toBe('SENT');
    const listed = await trpc(platform, 'query', 'admin.withdrawals.sending', {}, admin.token);
    expect(listed.status).toBe(200);
    expect(await services().wallet.accounts.check()).toEqual({ ok: true, problems: [] });
  });

  it('point 5: a withdrawal approved while the queue is down is approved, and housekeeping queues its payout later', async () => {
    const player = await signedInAccount(platform);
    await fund(player.token, '20');
    const down = withdrawalService({
      payoutQueue: {
        enqueue: async () => {
          throw new DomainError('UNAVAILABLE', 'queue down', { code: 'QUEUE_UNAVAILABLE' });
        },
      },
    });
    const w = await down.request(player.user.id, {
      amount: 500_000_000n,
      asset: 'USDT',
      network: 'ERC20',
      address: PAYOUT_ADDRESS,
      password: 'x',
    });
    expect((await down.approve(admin.user.id, w.id)).status).toBe('APPROVED');
    const queue = platform.platform.infra.jobs.queue('wallet');
    expect(await queue.getJob(`payout-${w.id}`)).toBeUndefined();
    await db()
      .updateTable('withdrawals')
      .set({ approved_at: new Date(Date.now() - 10 * 60_000) })
      .where('id', '=', w.id)
      .execute();
    const result = await housekeeping();
    expect(result.requeuedPayouts).toBeGreaterThanOrEqual(1);
    expect(await queue.getJob(`payout-${w.id}`)).toBeDefined();
  });

  it('point 5: a producer that cannot reach Redis fails with UNAVAILABLE (503), not a raw error', async () => {
    const producer = new JobProducer('redis://127.0.0.1:1', 'nowhere');
    try {
      const error = await producer
        .enqueue('wallet', 'payout', { withdrawalId: '1' })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe('UNAVAILABLE');
      expect((error as DomainError).code).toBe('QUEUE_UNAVAILABLE');
    } finally {
      await producer.close();
    }
  });

  it('point 5: a balance-update whose publish failed after commit is published from the outbox by housekeeping', async () => {
    const player = await signedInAccount(platform);
    const failing = new PlatformEvents({
      publish: async () => {
        throw new Error('redis unreachable');
      },
    });
    const ledger = new LedgerService({ db: db(), outbox: new EventOutbox({ db: db(), events: failing }) });
    await ledger.post({
      key: `test-credit-${player.user.id}`,
      kind: 'deposit',
      userId: player.user.id,
      legs: [
        { account: { house: 'deposits' }, currency: 'USD', amount: -700_000_000n },
        { account: { user: player.user.id }, currency: 'USD', amount: 700_000_000n },
      ],
    });
    // A bet's postings (new keys, one user and house:games): its balance-update is written by the statement that
    // changes the house row, and waits in the outbox the same way.
    await ledger.transact((tx) =>
      tx.postAll(
        [
          {
            key: `test-stake-${player.user.id}`,
            kind: 'bet-stake',
            userId: player.user.id,
            legs: [
              { account: { user: player.user.id }, currency: 'USD', amount: -200_000_000n },
              { account: { house: 'games' }, currency: 'USD', amount: 200_000_000n },
            ],
          },
        ],
        { newKeys: true },
      ),
    );
    const pending = await db().selectFrom('event_outbox').selectAll().where('published_at', 'is', null).execute();
    expect(
      pending.filter((row) => row.coalesce_key === `balance:${player.user.id}:USD`).map((row) => row.payload),
    ).toEqual([
      { userId: String(player.user.id), newBalance: '7', currency: 'USD' },
      { userId: String(player.user.id), newBalance: '5', currency: 'USD' },
    ]);

    const received: BusEvent[] = [];
    const stop = services().live.hub.subscribe(`user:${player.user.id}`, (event) => received.push(event));
    await db()
      .updateTable('event_outbox')
      .set({ created_at: new Date(Date.now() - 60_000) })
      .where('published_at', 'is', null)
      .execute();
    const result = await housekeeping();
    expect(result.republishedEvents).toBeGreaterThanOrEqual(1);
    await expect.poll(() => received.length).toBe(1);
    // The newer balance only: the older row of the same key is closed as superseded.
    expect(received[0]!.data).toEqual({ userId: String(player.user.id), newBalance: '5', currency: 'USD' });
    stop();
    expect(await db().selectFrom('event_outbox').select('id').where('published_at', 'is', null).execute()).toEqual([]);
  });
});
