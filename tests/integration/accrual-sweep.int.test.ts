import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BetEngine } from '../../server/src/domain/games/engine/bet-engine.js';
import { DICE_GAME } from '../../server/src/domain/games/dice/dice.game.js';
import { parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { signProviderRequest } from '../../server/src/domain/providers/provider-signature.js';
import { ProviderWalletService } from '../../server/src/domain/providers/provider-wallet.service.js';
import { housekeepingHandlers } from '../../worker/src/processors/housekeeping.processor.js';
import { signedInAccount } from '../support/auth.js';
import { TEST_ENGINE_LIMITS } from '../support/game-checks.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { launchSession, newId, registerProvider, walletCall, type TestProvider } from '../support/providers.js';
import { fundPlayer, PLAYING_TEST_ENV, trpc } from '../support/wallet.js';

/**
 * The accrual repair sweep: a bet settled while its after-commit accruals failed (here: an engine whose
 * referral and economy ports throw, as when the process dies after the commit) gets its XP, rakeback and
 * referral commission from BetEngine.accrueMissed, exactly as the normal path would have given them.
 */
describe('accrual sweep: settled bets whose XP, rakeback or referral commission never accrued', () => {
  let platform: TestPlatform;
  const services = () => platform.platform.services;
  const db = () => platform.platform.infra.db;
  const failures: string[] = [];

  /** The platform's engine, except that every accrual after the commit fails. */
  const brokenEngine = () =>
    new BetEngine(
      {
        db: db(),
        ledger: services().wallet.ledger,
        fairness: services().games.fairness,
        assertCanPlay: async () => {},
        referrals: {
          referrerOf: (userId) => services().wallet.referrals.referrerOf(userId),
          accrue: async () => {
            throw new Error('process died before the referral accrual');
          },
        },
        events: { gameResult: async () => undefined, bet: async () => undefined },
        onAfterCommitError: (_error, what) => failures.push(what),
        economy: {
          onBetSettled: async () => {
            throw new Error('BZU price unavailable');
          },
        },
      },
      TEST_ENGINE_LIMITS,
    );

  const economyRow = (betId: string) =>
    db()
      .selectFrom('bet_economy')
      .select(['xp_e8', 'rakeback_e8', 'house_edge_ppm', 'wagered_e8'])
      .where('bet_id', '=', betId)
      .executeTakeFirst();
  const commissionRow = (betId: string) =>
    db()
      .selectFrom('referral_commissions')
      .select(['commission_e8', 'house_edge_ppm', 'wagered_e8', 'referrer_id'])
      .where('source_key', '=', `bet:${betId}`)
      .executeTakeFirst();
  const xpOf = async (userId: number) =>
    BigInt(
      (
        await sql<{
          xp: string;
        }>`select coalesce((select xp_e8 from player_xp where user_id = ${userId}), 0)::text as xp`.execute(db())
      ).rows[0]!.xp,
    );
  /** Moves a bet's settle time into the past; that rewrites history the sweep's watermark may already cover, so it is reset. */
  const backdate = async (betId: string, ms: number) => {
    await sql`update bets set settled_at = now() - make_interval(secs => ${ms / 1000}) where id = ${betId}`.execute(
      db(),
    );
    await db().deleteFrom('app_settings').where('key', '=', 'games.accrualSweptUntil').execute();
  };
  const snapshot = async (playerId: number, referrerId: number) => ({
    xp: await xpOf(playerId),
    rakeback: (await services().wallet.ledger.balances(playerId, 'rakeback')).USD,
    referral: (await services().wallet.ledger.balances(referrerId, 'referral')).USD,
    economyRows: Number(
      (await sql<{ n: string }>`select count(*)::text as n from bet_economy`.execute(db())).rows[0]!.n,
    ),
    commissionRows: Number(
      (await sql<{ n: string }>`select count(*)::text as n from referral_commissions`.execute(db())).rows[0]!.n,
    ),
  });

  beforeAll(async () => {
    platform = await startTestPlatform(PLAYING_TEST_ENV);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('a bet whose accruals failed gets the same XP, rakeback and commission as a normal bet; a second sweep changes nothing; a young bet waits', async () => {
    const referrer = await signedInAccount(platform);
    const code = (await trpc(platform, 'mutation', 'account.referrals.createCode', {}, referrer.token)).body.result.data
      .code;
    const player = await signedInAccount(platform);
    expect(await services().wallet.referrals.attribute(db(), player.user.id, code)).toBe('attributed');
    await fundPlayer(platform, player.token, '100');
    const who = { id: player.user.id as number, username: player.user.username as string };
    const stake = { amount: parseAmount('4'), currency: 'USD' as const };
    const params = { target: 50.5, condition: 'over' as const };

    // The normal path, for the figures the sweep must reproduce.
    const normal = await services().games.engine.playInstant(who, DICE_GAME, { ...stake, ...params });
    const normalEconomy = await economyRow(normal.bet.id);
    const normalCommission = await commissionRow(normal.bet.id);
    expect(normalEconomy).toBeDefined();
    expect(BigInt(normalEconomy!.rakeback_e8)).toBeGreaterThan(0n);
    expect(BigInt(normalCommission!.commission_e8)).toBeGreaterThan(0n);

    // Two bets settle while every accrual fails: one old enough for the sweep, one too young.
    const broken = brokenEngine();
    const missed = await broken.playInstant(who, DICE_GAME, { ...stake, ...params });
    const young = await broken.playInstant(who, DICE_GAME, { ...stake, ...params });
    expect(failures.filter((f) => f === 'referral accrual')).toHaveLength(2);
    expect(failures.filter((f) => f === 'xp and rakeback accrual')).toHaveLength(2);
    expect([await economyRow(missed.bet.id), await commissionRow(missed.bet.id)]).toEqual([undefined, undefined]);
    await backdate(missed.bet.id, 120_000);
    await backdate(young.bet.id, 10_000);

    const before = await snapshot(player.user.id, referrer.user.id);
    const first = await services().games.engine.accrueMissed({ olderThanMs: 60_000, limit: 100 });
    expect(first).toEqual({ attempted: 1, failed: 0 });
    // The watermark now sits at the sweep's upper bound (about a minute ago): the next run reads only newer bets.
    const mark = await db()
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'games.accrualSweptUntil')
      .executeTakeFirstOrThrow();
    const markAge =
      Date.now() -
      new Date(
        typeof mark.value === 'string' && mark.value.startsWith('"') ? JSON.parse(mark.value) : (mark.value as string),
      ).getTime();
    expect(markAge).toBeGreaterThanOrEqual(60_000);
    expect(markAge).toBeLessThan(70_000);
    const after = await snapshot(player.user.id, referrer.user.id);

    // Exactly what the normal path gave the identical bet.
    const sweptEconomy = await economyRow(missed.bet.id);
    const sweptCommission = await commissionRow(missed.bet.id);
    expect(sweptEconomy).toEqual(normalEconomy);
    expect(sweptCommission).toEqual(normalCommission);
    expect(after.xp - before.xp).toBe(BigInt(normalEconomy!.xp_e8));
    expect(after.rakeback - before.rakeback).toBe(BigInt(normalEconomy!.rakeback_e8));
    expect(after.referral - before.referral).toBe(BigInt(normalCommission!.commission_e8));

    // The young bet is left to its own (here failed) path until it is olderThanMs old.
    expect([await economyRow(young.bet.id), await commissionRow(young.bet.id)]).toEqual([undefined, undefined]);

    // A second sweep finds nothing and changes nothing.
    expect(await services().games.engine.accrueMissed({ olderThanMs: 60_000, limit: 100 })).toEqual({
      attempted: 0,
      failed: 0,
    });
    expect(await snapshot(player.user.id, referrer.user.id)).toEqual(after);
    expect(await services().wallet.ledger.check()).toEqual([]);

    // Once it is old enough, the housekeeping tick repairs it too, and a replayed tick does nothing more.
    await backdate(young.bet.id, 61_000);
    const tick = () => housekeepingHandlers.tick({}, { infra: platform.platform.infra, services: services() } as never);
    expect(await tick()).toMatchObject({ missedAccruals: { attempted: 1, failed: 0 } });
    expect(await economyRow(young.bet.id)).toEqual(normalEconomy);
    expect(await commissionRow(young.bet.id)).toEqual(normalCommission);
    const settled = await snapshot(player.user.id, referrer.user.id);
    expect(await tick()).toMatchObject({ missedAccruals: { attempted: 0, failed: 0 } });
    expect(await snapshot(player.user.id, referrer.user.id)).toEqual(settled);
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('a sweep bounded by limit repairs the oldest bets first; a bet of an unreferred player needs only its economy row', async () => {
    const player = await signedInAccount(platform);
    await fundPlayer(platform, player.token, '50');
    const who = { id: player.user.id as number, username: player.user.username as string };
    const broken = brokenEngine();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push(
        (
          await broken.playInstant(who, DICE_GAME, {
            amount: parseAmount('1'),
            currency: 'USD',
            target: 50.5,
            condition: 'over',
          })
        ).bet.id,
      );
    // Settled 5, 4 and 3 minutes ago, in bet order.
    for (const [i, id] of ids.entries()) await backdate(id, (5 - i) * 60_000);
    expect(await services().games.engine.accrueMissed({ olderThanMs: 60_000, limit: 2 })).toEqual({
      attempted: 2,
      failed: 0,
    });
    expect(await economyRow(ids[0]!)).toBeDefined();
    expect(await economyRow(ids[1]!)).toBeDefined();
    expect(await economyRow(ids[2]!)).toBeUndefined();
    expect(await commissionRow(ids[0]!)).toBeUndefined();
    expect(await services().games.engine.accrueMissed({ olderThanMs: 60_000, limit: 2 })).toEqual({
      attempted: 1,
      failed: 0,
    });
    expect(await economyRow(ids[2]!)).toBeDefined();
    expect(await services().games.engine.accrueMissed({ olderThanMs: 60_000, limit: 2 })).toEqual({
      attempted: 0,
      failed: 0,
    });
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('a bet whose repair fails too (price still away) stays behind the watermark and is repaired by a later sweep', async () => {
    const player = await signedInAccount(platform);
    await fundPlayer(platform, player.token, '10');
    const who = { id: player.user.id as number, username: player.user.username as string };
    const broken = brokenEngine();
    const bet = (
      await broken.playInstant(who, DICE_GAME, {
        amount: parseAmount('2'),
        currency: 'USD',
        target: 50.5,
        condition: 'over',
      })
    ).bet;
    await backdate(bet.id, 90_000);
    // The sweep of a process whose economy port still fails: counted, logged, nothing written.
    expect(await broken.accrueMissed({ olderThanMs: 60_000, limit: 10 })).toEqual({ attempted: 1, failed: 1 });
    expect(failures.at(-1)).toBe('xp and rakeback accrual');
    expect(await economyRow(bet.id)).toBeUndefined();
    // A newer bet settles fine meanwhile, and the watermark must not pass the failed one.
    const later = (
      await services().games.engine.playInstant(who, DICE_GAME, {
        amount: parseAmount('1'),
        currency: 'USD',
        target: 50.5,
        condition: 'over',
      })
    ).bet;
    await sql`update bets set settled_at = now() - interval '70 seconds' where id = ${later.id}`.execute(db());
    expect(await broken.accrueMissed({ olderThanMs: 60_000, limit: 10 })).toEqual({ attempted: 1, failed: 1 });
    expect(await services().games.engine.accrueMissed({ olderThanMs: 60_000, limit: 10 })).toEqual({
      attempted: 1,
      failed: 0,
    });
    expect(BigInt((await economyRow(bet.id))!.xp_e8)).toBeGreaterThan(0n);
    expect(await services().games.engine.accrueMissed({ olderThanMs: 60_000, limit: 10 })).toEqual({
      attempted: 0,
      failed: 0,
    });
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  describe('provider wagers (seamless wallet)', () => {
    /** The platform's seamless wallet, except that its after-commit accruals go through the broken engine. */
    const brokenWallet = () => {
      const broken = brokenEngine();
      return new ProviderWalletService(
        {
          db: db(),
          ledger: services().wallet.ledger,
          accrueWager: (wager, edge) => broken.accrueWager(wager, edge),
          onAfterCommitError: (_error, what) => failures.push(what),
        },
        {
          minBet: { USD: parseAmount('0.01'), BZU: parseAmount('1') },
          maxBet: { USD: parseAmount('1000'), BZU: parseAmount('1000') },
          maxProfit: { USD: parseAmount('10000'), BZU: parseAmount('1000000') },
          hourlyPayoutLimit: { USD: parseAmount('100000'), BZU: parseAmount('10000000') },
        },
      );
    };
    /** A call signed as the provider signs it, handed to `wallet` directly (the HTTP route does the same). */
    const signedCall = async (
      wallet: ProviderWalletService,
      provider: TestProvider,
      action: 'bet' | 'rollback',
      body: Record<string, unknown>,
    ) => {
      const rawBody = JSON.stringify({ requestId: newId('req'), ...body });
      const timestamp = Math.floor(Date.now() / 1000);
      const answer = await wallet.handle({
        provider: provider.id,
        action,
        rawBody,
        timestamp: String(timestamp),
        signature: signProviderRequest(provider.secret, timestamp, rawBody),
      });
      return JSON.parse(answer.body) as { status: string };
    };
    const backdateProviderTx = async (providerId: string, transactionId: string, ms: number) => {
      await sql`update provider_transactions set created_at = now() - make_interval(secs => ${ms / 1000}) where provider_id = ${providerId} and transaction_id = ${transactionId}`.execute(
        db(),
      );
      await db().deleteFrom('app_settings').where('key', '=', 'providers.accrualSweptUntil').execute();
    };

    it('a bet whose accruals failed after the wallet committed is repaired once; a rolled-back bet is not, and accruals landing after its rollback are reversed', async () => {
      const referrer = await signedInAccount(platform);
      const code = (await trpc(platform, 'mutation', 'account.referrals.createCode', {}, referrer.token)).body.result
        .data.code;
      const player = await signedInAccount(platform);
      expect(await services().wallet.referrals.attribute(db(), player.user.id, code)).toBe('attributed');
      await fundPlayer(platform, player.token, '100');
      const provider = await registerProvider(platform);
      const { sessionToken } = await launchSession(platform, provider, player.token);
      const call = { sessionToken, currency: 'USD' };
      const wagerId = (transactionId: string) => `provider:${provider.id}:${transactionId}`;

      // The normal path, for the figures the sweep must reproduce.
      const normal = newId('tx');
      expect(
        (
          await walletCall(platform, provider, 'bet', {
            ...call,
            requestId: newId('req'),
            transactionId: normal,
            roundId: newId('round'),
            amount: '4',
          })
        ).body.status,
      ).toBe('OK');
      const normalEconomy = await economyRow(wagerId(normal));
      const normalCommission = await commissionRow(wagerId(normal));
      expect(normalEconomy).toMatchObject({ house_edge_ppm: 35_000 });
      expect(BigInt(normalCommission!.commission_e8)).toBeGreaterThan(0n);

      // Three bets commit while their accruals fail: one old enough for the sweep, one too young, one then rolled back.
      const wallet = brokenWallet();
      const failedBefore = failures.length;
      const [missed, young, rolledBack] = [newId('tx'), newId('tx'), newId('tx')];
      const rolledBackRound = newId('round');
      for (const [transactionId, amount, roundId] of [
        [missed, '4', newId('round')],
        [young, '4', newId('round')],
        [rolledBack, '2', rolledBackRound],
      ] as const) {
        expect(await signedCall(wallet, provider, 'bet', { ...call, transactionId, roundId, amount })).toMatchObject({
          status: 'OK',
        });
      }
      expect(failures.slice(failedBefore).sort()).toEqual([
        ...Array(3).fill('referral accrual'),
        ...Array(3).fill('xp and rakeback accrual'),
      ]);
      for (const id of [missed, young, rolledBack])
        expect([await economyRow(wagerId(id)), await commissionRow(wagerId(id))]).toEqual([undefined, undefined]);
      const rollback = newId('rb');
      expect(
        await signedCall(wallet, provider, 'rollback', {
          ...call,
          transactionId: rollback,
          referenceTransactionId: rolledBack,
          roundId: rolledBackRound,
        }),
      ).toMatchObject({ status: 'OK' });
      // The rolled-back bet's accruals land after its rollback (an accrual call that was still on its way).
      await services().games.engine.accrueWager(
        { id: wagerId(rolledBack), userId: player.user.id, currency: 'USD', amount: parseAmount('2') },
        35_000,
      );
      const lateEconomy = await economyRow(wagerId(rolledBack));
      const lateCommission = await commissionRow(wagerId(rolledBack));
      expect(BigInt(lateEconomy!.xp_e8)).toBeGreaterThan(0n);
      for (const id of [missed, rolledBack, rollback]) await backdateProviderTx(provider.id, id, 120_000);
      await backdateProviderTx(provider.id, young, 10_000);

      const before = await snapshot(player.user.id, referrer.user.id);
      expect(await services().providers.wallet.accrueMissed({ olderThanMs: 60_000, limit: 100 })).toEqual({
        attempted: 2,
        failed: 0,
      });
      const after = await snapshot(player.user.id, referrer.user.id);
      // The missed bet got exactly what the normal path gave the identical bet ...
      expect(await economyRow(wagerId(missed))).toEqual(normalEconomy);
      expect(await commissionRow(wagerId(missed))).toEqual(normalCommission);
      // ... and the rolled-back bet's late accruals are gone, so the balances moved by the difference.
      expect([await economyRow(wagerId(rolledBack)), await commissionRow(wagerId(rolledBack))]).toEqual([
        undefined,
        undefined,
      ]);
      expect(after.xp - before.xp).toBe(BigInt(normalEconomy!.xp_e8) - BigInt(lateEconomy!.xp_e8));
      expect(after.rakeback - before.rakeback).toBe(
        BigInt(normalEconomy!.rakeback_e8) - BigInt(lateEconomy!.rakeback_e8),
      );
      expect(after.referral - before.referral).toBe(
        BigInt(normalCommission!.commission_e8) - BigInt(lateCommission!.commission_e8),
      );
      // The young bet waits for its own path; a second sweep finds nothing and changes nothing.
      expect(await economyRow(wagerId(young))).toBeUndefined();
      expect(await services().providers.wallet.accrueMissed({ olderThanMs: 60_000, limit: 100 })).toEqual({
        attempted: 0,
        failed: 0,
      });
      expect(await snapshot(player.user.id, referrer.user.id)).toEqual(after);
      expect(await services().wallet.ledger.check()).toEqual([]);

      // Once it is old enough, the housekeeping tick repairs it; a replayed tick does nothing more.
      await backdateProviderTx(provider.id, young, 61_000);
      const tick = () =>
        housekeepingHandlers.tick({}, { infra: platform.platform.infra, services: services() } as never);
      expect(await tick()).toMatchObject({ missedProviderAccruals: { attempted: 1, failed: 0 } });
      expect(await economyRow(wagerId(young))).toEqual(normalEconomy);
      expect(await commissionRow(wagerId(young))).toEqual(normalCommission);
      const settled = await snapshot(player.user.id, referrer.user.id);
      expect(await tick()).toMatchObject({ missedProviderAccruals: { attempted: 0, failed: 0 } });
      expect(await snapshot(player.user.id, referrer.user.id)).toEqual(settled);
      expect(await services().wallet.ledger.check()).toEqual([]);
    });
  });
});
