import { describe, expect, it } from 'vitest';
import { expectLegacyError } from '../../../../../tests/support/auth.js';
import { betEconomy, creditBzu, payoutCount } from '../../../../../tests/support/game-checks.js';
import { gameSuite, type Player } from '../../../../../tests/support/game-suite.js';
import { activeFloats } from '../../../../../tests/support/round-floats.js';
import { TestSocket } from '../../../../../tests/support/socket-client.js';
import { fundedAccount, trpc } from '../../../../../tests/support/wallet.js';
import { applyRatio } from '../shared/ratio.js';
import {
  TOWER_LAYOUT,
  TOWER_LEVELS,
  towerFloatCount,
  towerMultiplier,
  towerTraps,
  type TowerDifficulty,
} from './rules.js';

const E8 = 100_000_000n;
const units = (value: number | string) => BigInt(Math.round(Number(value) * 1e8));

/** Tower over REST and tRPC (API.md), with the profit limit lowered to 5 USD so a round can reach it. */
describe('tower: a multi-step climb', () => {
  const { platform, services, db, post, get, balance, expectLedgerOk, counts } = gameSuite({
    GAME_MIN_BET_USD: '0.01',
    GAME_MAX_PROFIT_USD: '5',
  });
  /** Every level's traps of a round, recomputed from the seeds the database holds. */
  const trapsOf = async (player: Player, nonce: number, difficulty: TowerDifficulty) =>
    towerTraps(await activeFloats(db(), player.user.id, nonce, towerFloatCount(difficulty)), difficulty);
  const safeTile = (traps: number[][], level: number, difficulty: TowerDifficulty) =>
    Array.from({ length: TOWER_LAYOUT[difficulty].tiles }, (_, t) => t).find((t) => !traps[level]!.includes(t))!;
  const pick = (player: Player, betId: string, tile: number, level?: number) =>
    post(player, `/api/games/tower/bets/${betId}/pick`, level === undefined ? { tile } : { tile, level });

  it('REST: climbs on safe tiles, cash-out needs a level and pays floor(stake x 0.99 x (4/3)^n), traps shown at the end', async () => {
    const player = await fundedAccount(platform(), '10');
    const started = await post(player, '/api/games/tower/bets', {
      amount: 1,
      difficulty: 'easy',
      clientBetId: 'tower-1',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({
      game: 'tower',
      state: 'open',
      amount: 1,
      outcome: { difficulty: 'easy', picks: [] },
      nextMultiplier: 1.32,
    });
    expect(started.body.outcome.traps).toBeUndefined();
    const id = started.body.id as string;
    const traps = await trapsOf(player, started.body.fairness.nonce, 'easy');
    expectLegacyError(await post(player, `/api/games/tower/bets/${id}/cashout`, {}), 400, /Climb at least one level/);
    // Every level's traps are fixed by the current seed: it cannot be rotated while the round is open.
    expectLegacyError(await post(player, '/api/fairness/rotate', {}), 409, /open .*round/, 'ROUND_OPEN');

    const tiles: number[] = [];
    for (let level = 0; level < 3; level += 1) {
      tiles.push(safeTile(traps, level, 'easy'));
      const step = await pick(player, id, tiles[level]!, level);
      expect(step.status, JSON.stringify(step.body)).toBe(200);
      expect(step.body).toMatchObject({ state: 'open', outcome: { picks: tiles } });
      expect(step.body.outcome.traps).toBeUndefined();
    }
    // A repeated pick for a level already climbed climbs nothing.
    expectLegacyError(await pick(player, id, tiles[2]!, 2), 409, /level 3, the round is on level 4/, 'WRONG_LEVEL');
    const cashed = await post(player, `/api/games/tower/bets/${id}/cashout`, {});
    expect(cashed.body).toMatchObject({ state: 'won', multiplier: 2.3466, outcome: { picks: tiles, traps } });
    expect(cashed.body.capped).toBeUndefined();
    // 0.99 x (4/3)^3 = 176/75: the exact fraction, not the 4-decimal display.
    expect(units(cashed.body.payout)).toBe((E8 * 176n) / 75n);
    expect(await balance(player)).toBe(10n * E8 - E8 + (E8 * 176n) / 75n);
    expectLegacyError(await pick(player, id, 0), 409, /over/, 'ROUND_OVER');
    // A retry of the start with the same clientBetId answers the same bet.
    const retried = await post(player, '/api/games/tower/bets', {
      amount: 1,
      difficulty: 'easy',
      clientBetId: 'tower-1',
    });
    expect(retried.body.id).toBe(id);
    await expectLedgerOk();
  });

  it('tRPC: start, resume through active, a trap loses the stake and shows every level', async () => {
    const player = await fundedAccount(platform(), '3');
    const started = (
      await trpc(platform(), 'mutation', 'games.tower.start', { amount: '0.5', difficulty: 'expert' }, player.token)
    ).body.result.data.bet;
    const traps = await trapsOf(player, started.fairness.nonce, 'expert');
    const active = (await trpc(platform(), 'query', 'games.tower.active', undefined, player.token)).body.result.data;
    expect(active).toMatchObject({ id: started.id, state: 'open', outcome: { difficulty: 'expert', picks: [] } });
    const safe = safeTile(traps, 0, 'expert');
    const climbed = await trpc(
      platform(),
      'mutation',
      'games.tower.pick',
      { betId: started.id, tile: safe, level: 0 },
      player.token,
    );
    expect(climbed.body.result.data.bet).toMatchObject({
      state: 'open',
      multiplier: '2.9700',
      nextMultiplier: '8.9100',
    });
    const trap = traps[1]![0]!;
    const lost = await trpc(
      platform(),
      'mutation',
      'games.tower.pick',
      { betId: started.id, tile: trap },
      player.token,
    );
    expect(lost.body.result.data.bet).toMatchObject({
      state: 'lost',
      payout: '0',
      outcome: { picks: [safe, trap], trapHit: trap, traps },
    });
    expect(lost.body.result.data.balance).toBe('2.5');
    expect(
      (await trpc(platform(), 'query', 'games.tower.active', undefined, player.token)).body.result.data,
    ).toBeNull();
  });

  it('reaching level nine cashes out at once, under the profit limit', async () => {
    const player = await fundedAccount(platform(), '1');
    const started = await post(player, '/api/games/tower/bets', { amount: 0.02, difficulty: 'easy' });
    const traps = await trapsOf(player, started.body.fairness.nonce, 'easy');
    let bet = started.body;
    for (let level = 0; level < TOWER_LEVELS; level += 1) {
      expect(bet.state).toBe('open');
      bet = (await pick(player, bet.id, safeTile(traps, level, 'easy'), level)).body;
    }
    const stake = 2n * (E8 / 100n);
    const paid = applyRatio(stake, towerMultiplier('easy', TOWER_LEVELS));
    expect(bet).toMatchObject({ state: 'won', multiplier: 13.1851, outcome: { traps } });
    expect(bet.capped).toBeUndefined();
    expect(units(bet.payout)).toBe(paid);
    expect(await balance(player)).toBe(E8 - stake + paid);
    await expectLedgerOk();
  });

  it('a round whose running profit reaches the 5 USD limit is cashed out at once, paying exactly stake + 5 with capped: true', async () => {
    const player = await fundedAccount(platform(), '5');
    // Medium at 1 USD: 1.485, 2.2275, 3.3412, 5.0118 (profit 4.01) stay open; 7.5178 (profit 6.51) passes the limit.
    const started = await post(player, '/api/games/tower/bets', { amount: 1, difficulty: 'medium' });
    const traps = await trapsOf(player, started.body.fairness.nonce, 'medium');
    const id = started.body.id as string;
    for (let level = 0; level < 4; level += 1)
      expect((await pick(player, id, safeTile(traps, level, 'medium'), level)).body.state).toBe('open');
    const capped = await pick(player, id, safeTile(traps, 4, 'medium'), 4);
    expect(capped.body).toMatchObject({
      state: 'won',
      payout: 6,
      multiplier: 6,
      capped: true,
      outcome: { capped: true, traps },
    });
    expect(capped.body.outcome.picks).toHaveLength(5);
    expect(await balance(player)).toBe(10n * E8);
    expect(await payoutCount(db(), id)).toBe(1);
    const details = (await get(null, `/api/bets/${id}`)).body;
    expect(details).toMatchObject({ capped: true, payout: 6 });
    await expectLedgerOk();
  });

  it('master at the minimum stake is playable: accepted, and capped when a level passes the limit', async () => {
    const player = await fundedAccount(platform(), '1');
    const started = await post(player, '/api/games/tower/bets', { amount: 0.01, difficulty: 'master' });
    expect(started.status).toBe(201);
    const traps = await trapsOf(player, started.body.fairness.nonce, 'master');
    let bet = started.body;
    // 0.01 x 0.99 x 4^n: 2.5344 at level 4 (profit 2.52), 10.1376 at level 5: the profit passes 5 USD there.
    for (let level = 0; bet.state === 'open'; level += 1)
      bet = (await pick(player, bet.id, safeTile(traps, level, 'master'), level)).body;
    expect(bet).toMatchObject({ state: 'won', capped: true, payout: 5.01 });
    expect(bet.outcome.picks).toHaveLength(5);
    await expectLedgerOk();
  });

  it('bad input is a 4xx that changes nothing; a self-excluded player gets 403', async () => {
    const player = await fundedAccount(platform(), '5');
    const open = await post(player, '/api/games/tower/bets', { amount: 1, difficulty: 'medium' });
    const id = open.body.id as string;
    const before = [await counts(), await balance(player)];
    const cases: [string, unknown, number][] = [
      ['/api/games/tower/bets', { amount: -1, difficulty: 'easy' }, 400],
      ['/api/games/tower/bets', { amount: 1 }, 400],
      ['/api/games/tower/bets', { amount: 1, difficulty: 'impossible' }, 400],
      ['/api/games/tower/bets', { amount: 0.001, difficulty: 'easy' }, 400],
      [`/api/games/tower/bets/${id}/pick`, { tile: 4 }, 400],
      [`/api/games/tower/bets/${id}/pick`, { tile: 3 }, 400],
      [`/api/games/tower/bets/${id}/pick`, { tile: '1' }, 400],
      [`/api/games/tower/bets/${id}/pick`, { tile: 1, level: 9 }, 400],
      [`/api/games/tower/bets/${id}/pick`, { tile: 1, level: 1 }, 409],
      [`/api/games/tower/bets/${id}/actions`, { action: 'climb', tile: 1 }, 400],
      ['/api/games/tower/bets/abc/pick', { tile: 1 }, 400],
      ['/api/games/tower/bets/99999999999999999999/cashout', {}, 400],
      ['/api/games/tower/bets/3000000000/pick', { tile: 1 }, 404],
      ['/api/games/tower/bets', { amount: 1, difficulty: 'easy' }, 409],
    ];
    for (const [path, body, status] of cases) {
      const answer = await post(player, path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)} -> ${JSON.stringify(answer.body)}`).toBe(status);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect((await post(player, `/api/games/tower/bets/${id}/pick`, { tile: 3 })).body.message).toBe(
      'tile must be 0 to 2 on medium',
    );
    expect([await counts(), await balance(player)]).toEqual(before);

    const excluded = await fundedAccount(platform(), '5');
    await services().wallet.responsibleGaming.selfExclude(excluded.user.id, '24h');
    expectLegacyError(
      await post(excluded, '/api/games/tower/bets', { amount: 1, difficulty: 'easy' }),
      403,
      /self-excluded/,
      'SELF_EXCLUDED',
    );
    expect(await balance(excluded)).toBe(5n * E8);
  });

  it('100 parallel starts open one round; 100 parallel picks of one level climb it once; cash-outs racing picks settle once', async () => {
    const player = await fundedAccount(platform(), '50');
    const starts = await Promise.all(
      Array.from({ length: 100 }, () => post(player, '/api/games/tower/bets', { amount: 1, difficulty: 'hard' })),
    );
    const opened = starts.filter((r) => r.status === 201);
    expect(opened).toHaveLength(1);
    expect(starts.filter((r) => r.status !== 201).every((r) => r.status === 409 && r.body.code === 'ROUND_OPEN')).toBe(
      true,
    );
    expect(await balance(player)).toBe(49n * E8);
    const id = opened[0]!.body.id as string;
    const traps = await trapsOf(player, opened[0]!.body.fairness.nonce, 'hard');
    const picks = await Promise.all(Array.from({ length: 100 }, () => pick(player, id, safeTile(traps, 0, 'hard'), 0)));
    expect(picks.filter((r) => r.status === 200)).toHaveLength(1);
    expect(picks.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.code === 'WRONG_LEVEL')).toBe(
      true,
    );
    const steps = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2
          ? post(player, `/api/games/tower/bets/${id}/cashout`, {})
          : pick(player, id, safeTile(traps, 1, 'hard'), 1),
      ),
    );
    const settled = (await get(player, `/api/bets/${id}`)).body;
    expect(settled.state).toBe('won');
    expect(steps.filter((r) => r.status === 200 && r.body.state === 'won')).toHaveLength(1);
    expect(await payoutCount(db(), id)).toBe(1);
    expect(await balance(player)).toBe(49n * E8 + units(settled.payout));
    await expectLedgerOk();
  });

  it('BZU: a round stakes and pays in BZU; the bet accrues at the 1% edge and is in GET /api/bets and the live feed', async () => {
    const player = await fundedAccount(platform(), '5');
    await creditBzu(platform(), player.user.id, '1000', `tower-${player.user.id}`);
    const socket = await TestSocket.open(platform().url, `?token=${player.token}`);
    socket.send({ type: 'subscribe', channels: ['bets'] });
    await socket.next((f) => f.type === 'subscribed' && f.channel === 'bets');

    const started = await post(player, '/api/games/tower/bets', { amount: 100, currency: 'BZU', difficulty: 'hard' });
    expect(started.body).toMatchObject({ currency: 'BZU', amount: 100, state: 'open' });
    const traps = await trapsOf(player, started.body.fairness.nonce, 'hard');
    await pick(player, started.body.id, safeTile(traps, 0, 'hard'), 0);
    const won = (await post(player, `/api/games/tower/bets/${started.body.id}/cashout`, {})).body;
    expect(won).toMatchObject({ state: 'won', payout: 198, multiplier: 1.98 });
    expect(await balance(player, 'BZU')).toBe(1098n * E8);
    await socket.next(
      (f) => f.type === 'bet' && f.channel === 'bets' && f.data.id === won.id && f.data.game === 'tower',
    );
    socket.ws.close();
    expect(await betEconomy(db(), won.id)).toMatchObject({ house_edge_ppm: 10_000 });
    const history = (await get(player, '/api/bets?game=tower')).body;
    expect(history.bets.map((b: { id: string }) => b.id)).toEqual([won.id]);
    await expectLedgerOk();
  });
});
