import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, signedInAccount } from '../support/auth.js';
import { losingSeeds } from '../support/losing-seeds.js';
import { creditBzu } from '../support/game-checks.js';
import { insertPriceSnapshot } from '../../db/repositories/token.repo.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { TestClock } from '../support/test-clock.js';
import { fundPlayer, trpc, PLAYING_TEST_ENV } from '../support/wallet.js';

type Player = Awaited<ReturnType<typeof signedInAccount>>;

describe('loss and wager limits on the bet engine', () => {
  // A Wednesday morning (UTC): the day, the ISO week and the month all have room on either side.
  const clock = new TestClock('2026-12-02T10:00:00Z');
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform(PLAYING_TEST_ENV, { clock });
  });
  afterAll(async () => {
    await platform?.stop();
  });
  const db = () => platform.platform.infra.db;
  const balance = async (player: Player) =>
    (await platform.platform.services.wallet.ledger.balances(player.user.id)).USD;

  const funded = async (amount: string) => {
    const player = await signedInAccount(platform);
    await fundPlayer(platform, player.token, amount);
    return player;
  };
  const setLimit = async (player: Player, kind: string, period: string, amount: string | null) => {
    const result = await trpc(platform, 'mutation', 'account.setPlayLimit', { kind, period, amount }, player.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return result.body.result.data as any[];
  };
  const limits = async (player: Player) =>
    (await trpc(platform, 'query', 'account.playLimits', undefined, player.token)).body.result.data as any[];
  /** A dice bet that wins 2% of the time (pays 49.5x): mostly a loss of the whole stake. */
  const dice = (player: Player, amount = 1) =>
    http(
      platform.url,
      'POST',
      '/api/games/dice/bets',
      { amount, target: 2, condition: 'under' },
      { token: player.token },
    );
  const betsOf = async (player: Player) =>
    (
      await sql<{ amount: string; payout: string; nonce: number }>`
        select amount_e8::text as amount, payout_e8::text as payout, nonce from bets where user_id = ${player.user.id} order by nonce`.execute(
        db(),
      )
    ).rows.map((row) => ({ amount: BigInt(row.amount), payout: BigInt(row.payout), nonce: row.nonce }));
  const UNIT = 100_000_000n;

  it('50 parallel 1 USD bets against a 10 USD daily loss limit stake exactly what the limit allows, and the refusals say what is left and when it resets', async () => {
    clock.set('2026-12-02T10:00:00Z');
    const player = await funded('100');
    await setLimit(player, 'loss', 'day', '10');
    await losingSeeds(platform, player.user.id, 50, { target: 2, condition: 'under' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => dice(player)));
    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({
        code: 'PLAY_LIMIT_REACHED',
        details: { kind: 'loss', period: 'day', limit: '10', resetsAt: '2026-12-03T00:00:00.000Z' },
      });
    }
    // Every one of the 50 would lose its whole stake: exactly 10 fit the limit.
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    // Replay the accepted bets in nonce order: each fitted (net loss so far + stake <= limit), and the limit was
    // reached when the refusals came (net loss + stake > limit), so no more and no fewer could have been staked.
    const bets = await betsOf(player);
    expect(bets.map((bet) => bet.nonce)).toEqual(bets.map((_, i) => i));
    expect(bets.length).toBe(placed.length);
    let netLoss = 0n;
    for (const bet of bets) {
      expect(netLoss + bet.amount).toBeLessThanOrEqual(10n * UNIT);
      netLoss += bet.amount - bet.payout;
    }
    expect(netLoss + UNIT).toBeGreaterThan(10n * UNIT);
    const left = 10n * UNIT - netLoss;
    expect(refused[0]!.body.details.left).toBe(String(Number(left) / 1e8));
    expect(await balance(player)).toBe(100n * UNIT - netLoss);
    const [day] = await limits(player);
    expect(day).toMatchObject({ kind: 'loss', period: 'day', amount: '10', used: String(Number(netLoss) / 1e8) });
    expect(await platform.platform.services.wallet.ledger.check()).toEqual([]);
  });

  it('50 parallel bets against a 10 USD weekly wager limit: exactly 10 are staked; the refused ones move nothing', async () => {
    clock.set('2026-12-02T10:00:00Z');
    const player = await funded('100');
    await setLimit(player, 'wager', 'week', '10');
    const answers = await Promise.all(Array.from({ length: 50 }, () => dice(player)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => answer.status)).toEqual(Array(40).fill(403));
    expect(refused[0]!.body).toMatchObject({
      code: 'PLAY_LIMIT_REACHED',
      message: expect.stringContaining('weekly wager limit of 10 USD'),
      details: { kind: 'wager', period: 'week', limit: '10', left: '0', resetsAt: '2026-12-07T00:00:00.000Z' },
    });
    const bets = await betsOf(player);
    expect(bets).toHaveLength(10);
    const won = bets.reduce((sum, bet) => sum + bet.payout, 0n);
    expect(await balance(player)).toBe(90n * UNIT + won);
    // The nonce of a refused bet is given back: the next accepted bet (next week) takes nonce 10.
    clock.set('2026-12-07T00:00:00Z');
    const next = await dice(player);
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(next.body.fairness.nonce).toBe(10);
  });

  it('a stake that would cross the limit is refused even when a smaller one fits; the refusal moves nothing', async () => {
    clock.set('2026-12-02T10:00:00Z');
    const player = await funded('50');
    await setLimit(player, 'wager', 'day', '5');
    expect((await dice(player, 3)).status).toBe(201);
    const before = await balance(player);
    const refused = await dice(player, 3);
    expect(refused.status).toBe(403);
    expect(refused.body.details).toMatchObject({ kind: 'wager', period: 'day', limit: '5', left: '2' });
    expect(await balance(player)).toBe(before);
    expect(await betsOf(player)).toHaveLength(1);
    expect((await dice(player, 2)).status).toBe(201);
  });

  it('a limit resets when its window ends: the day at UTC midnight, the week on Monday, the month on the 1st', async () => {
    clock.set('2026-12-02T23:59:00Z');
    const player = await funded('100');
    await setLimit(player, 'wager', 'day', '2');
    await setLimit(player, 'wager', 'week', '5');
    expect((await dice(player, 2)).status).toBe(201);
    expect((await dice(player, 1)).body.details).toMatchObject({ period: 'day', left: '0' });
    clock.set('2026-12-03T00:00:00Z');
    expect((await dice(player, 2)).status).toBe(201);
    clock.set('2026-12-04T12:00:00Z');
    const week = await dice(player, 2);
    expect(week.status).toBe(403);
    expect(week.body.details).toMatchObject({ period: 'week', left: '1', resetsAt: '2026-12-07T00:00:00.000Z' });
    clock.set('2026-12-07T00:00:01Z');
    expect((await dice(player, 2)).status).toBe(201);
    const view = await limits(player);
    expect(view.find((row) => row.period === 'week')).toMatchObject({ used: '2', left: '3' });
  });

  it('a lower limit applies at once; a raise or removal waits 24 hours, is shown pending and can be cancelled', async () => {
    clock.set('2026-12-02T10:00:00Z');
    const player = await funded('100');
    await setLimit(player, 'loss', 'day', '20');
    let [row] = await setLimit(player, 'loss', 'day', '5');
    expect(row).toMatchObject({ amount: '5', pendingAmount: null });
    [row] = await setLimit(player, 'loss', 'day', '50');
    expect(row).toMatchObject({
      amount: '5',
      pendingAmount: '50',
      pendingRemoval: false,
      pendingEffectiveAt: '2026-12-03T10:00:00.000Z',
    });
    // Still 5 in force: a 6 USD stake is refused.
    expect((await dice(player, 6)).status).toBe(403);
    const cancelled = await trpc(
      platform,
      'mutation',
      'account.cancelPlayLimitChange',
      { kind: 'loss', period: 'day' },
      player.token,
    );
    expect(cancelled.body.result.data[0]).toMatchObject({ amount: '5', pendingAmount: null, pendingEffectiveAt: null });
    [row] = await setLimit(player, 'loss', 'day', null);
    expect(row).toMatchObject({ amount: '5', pendingRemoval: true, pendingEffectiveAt: '2026-12-03T10:00:00.000Z' });
    clock.set('2026-12-03T09:59:59Z');
    expect((await dice(player, 6)).status).toBe(403);
    clock.set('2026-12-03T10:00:00Z');
    expect((await dice(player, 6)).status).toBe(201);
    expect(await limits(player)).toEqual([]);

    // The refusals' lines are written after their transactions roll back.
    await expect
      .poll(async () => (await platform.platform.services.wallet.playLimits.history(player.user.id)).length)
      .toBe(7);
    const audit = await platform.platform.services.wallet.playLimits.history(player.user.id);
    expect(audit.map((entry) => entry.action)).toEqual([
      'limit-hit',
      'limit-removal-pending',
      'limit-pending-cancelled',
      'limit-hit',
      'limit-raise-pending',
      'limit-set',
      'limit-set',
    ]);
    expect(audit[4]).toMatchObject({
      actorId: player.user.id,
      detail: { kind: 'loss', period: 'day', from: '5', to: '50' },
    });
    await expect(sql`update responsible_gaming_audit set action = 'x'`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`delete from responsible_gaming_audit`.execute(db())).rejects.toThrow(/append-only/);
  });

  it('bad input changes nothing: a negative, zero or malformed amount, an unknown kind or period', async () => {
    const player = await funded('10');
    for (const input of [
      { kind: 'loss', period: 'day', amount: '-1' },
      { kind: 'loss', period: 'day', amount: '0' },
      { kind: 'loss', period: 'day', amount: '1e3' },
      { kind: 'deposit', period: 'day', amount: '1' },
      { kind: 'loss', period: 'year', amount: '1' },
    ]) {
      const result = await trpc(platform, 'mutation', 'account.setPlayLimit', input, player.token);
      expect(result.status, JSON.stringify(input)).toBe(400);
    }
    expect(await limits(player)).toEqual([]);
  });

  it("the operator sees a player's limits with their history (who, when, from what to what), exclusions, and who hit a limit in the last day", async () => {
    clock.set('2026-12-05T10:00:00Z');
    const player = await funded('20');
    await setLimit(player, 'wager', 'day', '3');
    await setLimit(player, 'wager', 'day', '8');
    expect((await dice(player, 2)).status).toBe(201);
    expect((await dice(player, 2)).status).toBe(403);
    await platform.platform.services.wallet.responsibleGaming.takeTimeOut(player.user.id, 1);
    const staff = await signedInAccount(platform);
    await platform.platform.services.auth.accounts.setRole(staff.account.username, 'admin');

    const refused = await trpc(platform, 'query', 'admin.protection.player', { userId: player.user.id }, player.token);
    expect(refused.status).toBe(403);
    // The refusal's line is written after its transaction rolls back.
    await expect
      .poll(async () => {
        const answer = await trpc(
          platform,
          'query',
          'admin.protection.player',
          { userId: player.user.id },
          staff.token,
        );
        return answer.body.result.data;
      })
      .toMatchObject({ history: expect.arrayContaining([expect.objectContaining({ action: 'limit-hit' })]) });
    const data = (await trpc(platform, 'query', 'admin.protection.player', { userId: player.user.id }, staff.token))
      .body.result.data;
    expect(data.limits).toEqual([
      expect.objectContaining({ kind: 'wager', period: 'day', amount: '3', pendingAmount: '8', used: '2', left: '1' }),
    ]);
    expect(data.exclusion).toMatchObject({ active: true, kind: 'time-out' });
    expect(data.exclusions).toEqual([expect.objectContaining({ kind: 'time-out', inForce: true })]);
    expect(data.realityCheck).toEqual({ intervalMinutes: 60, isDefault: true });
    expect(data.history.map((entry: { action: string }) => entry.action)).toEqual([
      'time-out',
      'limit-hit',
      'limit-raise-pending',
      'limit-set',
    ]);
    expect(data.history[2]).toMatchObject({
      actorId: player.user.id,
      actorName: player.user.publicUsername,
      createdAt: '2026-12-05T10:00:00.000Z',
      detail: { kind: 'wager', period: 'day', from: '3', to: '8', effectiveAt: '2026-12-06T10:00:00.000Z' },
    });
    expect(data.history[1]).toMatchObject({ actorId: null, detail: { limit: '3', left: '1', stakeUsd: '2' } });

    const hits = (await trpc(platform, 'query', 'admin.protection.limitHits', undefined, staff.token)).body.result.data;
    expect(hits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: player.user.id, hits: 1, username: player.user.publicUsername }),
      ]),
    );
    // A day later the list no longer names the player.
    clock.set('2026-12-06T10:00:01Z');
    const later = (await trpc(platform, 'query', 'admin.protection.limitHits', undefined, staff.token)).body.result
      .data;
    expect(later.map((hit: { userId: number }) => hit.userId)).not.toContain(player.user.id);
  });

  it('a session-time limit ends the session at its length; the next stake waits for the cool-down, then starts a new session', async () => {
    clock.set('2026-12-02T10:00:00Z');
    const player = await funded('50');
    const setSession = async (limit: { minutes: number; cooldownMinutes: number } | null) => {
      const answer = await trpc(platform, 'mutation', 'account.setSessionLimit', { limit }, player.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.result.data;
    };
    expect(await setSession({ minutes: 30, cooldownMinutes: 15 })).toMatchObject({ minutes: 30, cooldownMinutes: 15 });
    expect((await dice(player, 0.1)).status).toBe(201);
    clock.set('2026-12-02T10:29:59Z');
    expect((await dice(player, 0.1)).status).toBe(201);
    clock.set('2026-12-02T10:30:00Z');
    const before = await balance(player);
    const ended = await dice(player, 0.1);
    expect(ended.status).toBe(403);
    expect(ended.body).toMatchObject({
      code: 'SESSION_TIME_LIMIT',
      details: { minutes: 30, sessionEndedAt: '2026-12-02T10:30:00.000Z', nextSessionFrom: '2026-12-02T10:45:00.000Z' },
    });
    clock.set('2026-12-02T10:44:59Z');
    expect((await dice(player, 0.1)).status).toBe(403);
    expect(await balance(player)).toBe(before);
    clock.set('2026-12-02T10:45:00Z');
    expect((await dice(player, 0.1)).status).toBe(201);
    // A longer session waits 24 hours; a shorter one applies at once, to the session under way too.
    expect(await setSession({ minutes: 60, cooldownMinutes: 15 })).toMatchObject({
      minutes: 30,
      pendingMinutes: 60,
      pendingEffectiveAt: '2026-12-03T10:45:00.000Z',
    });
    expect(await setSession({ minutes: 20, cooldownMinutes: 15 })).toMatchObject({
      minutes: 20,
      pendingMinutes: null,
      sessionStartedAt: '2026-12-02T10:45:00.000Z',
      sessionEndsAt: '2026-12-02T11:05:00.000Z',
      nextSessionFrom: '2026-12-02T11:20:00.000Z',
    });
    clock.set('2026-12-02T11:05:00Z');
    expect((await dice(player, 0.1)).body.code).toBe('SESSION_TIME_LIMIT');
    // A removal waits 24 hours too.
    expect(await setSession(null)).toMatchObject({ minutes: 20, pendingRemoval: true });
    clock.set('2026-12-03T11:05:00Z');
    expect((await dice(player, 0.1)).status).toBe(201);
    expect(
      (await trpc(platform, 'query', 'account.sessionLimit', undefined, player.token)).body.result.data,
    ).toBeNull();
    for (const limit of [{ minutes: 4, cooldownMinutes: 15 }, { minutes: 30, cooldownMinutes: 0 }, { minutes: 30 }]) {
      const bad = await trpc(platform, 'mutation', 'account.setSessionLimit', { limit }, player.token);
      expect(bad.status, JSON.stringify(limit)).toBe(400);
    }
  });

  it('a BZU stake counts at the latest BZU price in USD', async () => {
    clock.set('2026-12-02T10:00:00Z');
    const player = await funded('1');
    await creditBzu(platform, player.user.id, '100', `limits-${player.user.id}`);
    // The latest price point: 0.5 USD per BZU.
    await insertPriceSnapshot(db(), {
      slotAt: new Date(Date.now() + 86_400_000),
      price: 50_000_000n,
      source: 'test',
      change24h: 0,
      marketCap: 0n,
      volume24h: 0n,
    });
    await setLimit(player, 'wager', 'day', '10');
    const bzuDice = (amount: number) =>
      http(
        platform.url,
        'POST',
        '/api/games/dice/bets',
        { amount, currency: 'BZU', target: 50, condition: 'over' },
        { token: player.token },
      );
    expect((await bzuDice(15)).status).toBe(201);
    const refused = await bzuDice(6);
    expect(refused.status).toBe(403);
    expect(refused.body.details).toMatchObject({ kind: 'wager', limit: '10', left: '2.5' });
    expect((await bzuDice(5)).status).toBe(201);
    expect((await limits(player))[0]).toMatchObject({ used: '10', left: '0' });
  });
});
