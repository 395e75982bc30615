import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainRow } from '../../db/repositories/rounds.repo.js';
import { DomainError } from '../../server/src/domain/errors.js';
import { parseOdds } from '../../server/src/domain/sports/sports-math.js';
import { placeBetInputSchema } from '../../server/src/domain/sports/sports.schemas.js';
import { http, signedInAccount, type HttpResult } from '../support/auth.js';
import { closeBetting } from '../support/crash.js';
import { minesBoard } from '../support/mines.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { launchSession, newId, registerProvider, walletCall } from '../support/providers.js';
import { TestClock } from '../support/test-clock.js';
import { fundPlayer, trpc, PLAYING_TEST_ENV } from '../support/wallet.js';
import { installWheelChain, wheelSteps } from '../support/wheel.js';

type Player = Awaited<ReturnType<typeof signedInAccount>>;
const E8 = 100_000_000n;

/**
 * Every family of stake checks the same limits: the originals' instant and multi-step games (the bet engine), a round
 * game (the wheel), the sportsbook and a provider's seamless wallet. For each: a 1.5 USD daily wager limit lets one
 * 1 USD stake through, refuses the next with nothing moved, and lets it through again once the day has ended.
 */
describe('loss and wager limits in every game family', () => {
  const clock = new TestClock('2026-12-02T10:00:00Z');
  let platform: TestPlatform;
  let chain: ChainRow;
  let wheel: ReturnType<typeof wheelSteps>;
  beforeAll(async () => {
    platform = await startTestPlatform(
      { ...PLAYING_TEST_ENV, SPORTS_ENABLED: 'true', SPORTS_MIN_STAKE_USD: '1' },
      { clock },
    );
    chain = await installWheelChain(platform.platform.infra.db);
    wheel = wheelSteps(platform.platform.services, chain);
  });
  afterAll(async () => {
    await platform?.stop();
  });
  const services = () => platform.platform.services;
  const db = () => platform.platform.infra.db;
  const balance = async (player: Player) => (await services().wallet.ledger.balances(player.user.id)).USD;
  const ledgerCount = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from ledger_transactions`.execute(db())).rows[0]!.n;

  const limitedPlayer = async (kind: 'loss' | 'wager', amount: string) => {
    const player = await signedInAccount(platform);
    await fundPlayer(platform, player.token, '100');
    const set = await trpc(platform, 'mutation', 'account.setPlayLimit', { kind, period: 'day', amount }, player.token);
    expect(set.status).toBe(200);
    return player;
  };
  const totals = async (player: Player) =>
    (
      await sql<{ period: string; net_loss: string; staked: string }>`
        select period, net_loss_e8::text as net_loss, staked_e8::text as staked from play_limit_totals
        where user_id = ${player.user.id}`.execute(db())
    ).rows;

  /** A refused stake: the limit's details, and not a unit nor a ledger transaction moved. */
  const expectRefusedUnmoved = async (player: Player, place: () => Promise<unknown>) => {
    const before = { balance: await balance(player), ledger: await ledgerCount() };
    const details = await place();
    expect(details).toMatchObject({
      kind: 'wager',
      period: 'day',
      limit: '1.5',
      left: '0.5',
      resetsAt: '2026-12-03T00:00:00.000Z',
    });
    expect(await balance(player)).toBe(before.balance);
    expect(await ledgerCount()).toBe(before.ledger);
  };
  const restDetails = (answer: HttpResult) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect(answer.body.code).toBe('PLAY_LIMIT_REACHED');
    return answer.body.details;
  };

  it('instant originals (limbo): refused at the limit, allowed again the next day', async () => {
    clock.set('2026-12-02T10:00:00Z');
    const player = await limitedPlayer('wager', '1.5');
    const limbo = () =>
      http(platform.url, 'POST', '/api/games/limbo/bets', { amount: 1, target: 2 }, { token: player.token });
    expect((await limbo()).status).toBe(201);
    await expectRefusedUnmoved(player, async () => restDetails(await limbo()));
    clock.set('2026-12-03T00:00:00Z');
    expect((await limbo()).status).toBe(201);
  });

  it('multi-step originals (mines): the start is refused at the limit; a round under way still finishes', async () => {
    clock.set('2026-12-02T10:00:00Z');
    const player = await limitedPlayer('wager', '1.5');
    const start = () =>
      http(platform.url, 'POST', '/api/games/mines/bets', { amount: 1, mines: 3 }, { token: player.token });
    const first = await start();
    expect(first.status).toBe(201);
    // The round started within the limit plays on: a safe tile, then the cash-out.
    const board = await minesBoard(db(), player.user.id, first.body.fairness.nonce, 3);
    const safe = Array.from({ length: 25 }, (_, i) => i).find((tile) => !board.includes(tile))!;
    const post = (path: string, body: unknown) => http(platform.url, 'POST', path, body, { token: player.token });
    expect((await post(`/api/games/mines/bets/${first.body.id}/reveal`, { tile: safe })).status).toBe(200);
    const cashed = await post(`/api/games/mines/bets/${first.body.id}/cashout`, {});
    expect(cashed.body.state).toBe('won');
    await expectRefusedUnmoved(player, async () => restDetails(await start()));
    clock.set('2026-12-03T00:00:00Z');
    expect((await start()).status).toBe(201);
  });

  it('round games (the wheel): a bet past the limit is refused; a win settled later lowers the net loss', async () => {
    clock.set('2026-12-02T10:00:00Z');
    const player = await limitedPlayer('wager', '1.5');
    const lossLimited = await limitedPlayer('loss', '3');
    const bet = (who: Player, value: number) =>
      http(platform.url, 'POST', '/api/wheel/bets', { chips: [{ value, amount: 1 }] }, { token: who.token });
    const round1 = await wheel.openBetting();
    expect((await bet(player, 1)).status).toBe(201);
    // Round 1 of the vectors' chain lands on 10.
    expect((await bet(lossLimited, 10)).status).toBe(201);
    expect(await totals(lossLimited)).toEqual([{ period: 'day', net_loss: String(E8), staked: String(E8) }]);
    await closeBetting(db(), round1.id);
    const started = (await wheel.start(round1))!;
    await wheel.end(started.round);
    // 1 on 10 returned 41: the day's net loss is 1 - 41.
    expect(await totals(lossLimited)).toEqual([{ period: 'day', net_loss: String(-40n * E8), staked: String(E8) }]);
    const round2 = await wheel.openBetting();
    await expectRefusedUnmoved(player, async () => restDetails(await bet(player, 1)));
    clock.set('2026-12-03T00:00:00Z');
    expect((await bet(player, 1)).status).toBe(201);
    await closeBetting(db(), round2.id);
    await wheel.end((await wheel.start(round2))!.round);
  });

  it('the sportsbook: a stake past the limit is refused; allowed again the next day', async () => {
    clock.set('2026-12-02T10:00:00Z');
    const player = await limitedPlayer('wager', '1.5');
    const event = await services().sports.catalogue.createEvent({
      sport: 'Football',
      competition: 'Ligue Çà',
      home: 'Ünïon',
      away: 'Åway',
      startsAt: new Date(Date.now() + 3_600_000),
    });
    const market = (
      await services().sports.catalogue.addMarket({
        eventId: event.id,
        type: '1x2',
        selections: [
          { name: 'Home', odds: parseOdds('2.00') },
          { name: 'Draw', odds: parseOdds('3.00') },
          { name: 'Away', odds: parseOdds('4.00') },
        ],
      })
    ).markets.at(-1)!;
    const place = () =>
      services().sports.bets.place(
        player.user.id,
        placeBetInputSchema.parse({
          clientId: randomUUID(),
          currency: 'USD',
          oddsPolicy: 'none',
          stake: '1',
          legs: [{ selectionId: market.selections[0]!.id, odds: '2.00' }],
        }),
      );
    await place();
    await expectRefusedUnmoved(player, async () => {
      const error = await place().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('PLAY_LIMIT_REACHED');
      return (error as DomainError).details;
    });
    clock.set('2026-12-03T00:00:00Z');
    await place();
  });

  it("a provider's bet: refused with the documented PLAYER_LIMIT status, nothing moved; allowed again the next day", async () => {
    clock.set('2026-12-02T10:00:00Z');
    const player = await limitedPlayer('wager', '1.5');
    const provider = await registerProvider(platform);
    const { sessionToken } = await launchSession(platform, provider, player.token);
    const bet = () =>
      walletCall(platform, provider, 'bet', {
        sessionToken,
        currency: 'USD',
        requestId: newId('req'),
        transactionId: newId('tx'),
        roundId: newId('round'),
        amount: '1',
      });
    expect((await bet()).body.status).toBe('OK');
    await expectRefusedUnmoved(player, async () => {
      const refused = await bet();
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ status: 'PLAYER_LIMIT', balance: '99' });
      // The message the studio shows carries the limit, what is left and when it resets.
      expect(refused.body.message).toBe(
        'This stake would pass your daily wager limit of 1.5 USD: 0.5 USD left until 2026-12-03T00:00:00.000Z',
      );
      return { kind: 'wager', period: 'day', limit: '1.5', left: '0.5', resetsAt: '2026-12-03T00:00:00.000Z' };
    });
    clock.set('2026-12-03T00:00:00Z');
    expect((await bet()).body).toMatchObject({ status: 'OK', balance: '98' });
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it("a provider's win and rollback lower the net loss a loss limit counts, as an original's payout does", async () => {
    clock.set('2026-12-04T10:00:00Z');
    const player = await limitedPlayer('loss', '3');
    const provider = await registerProvider(platform);
    const { sessionToken } = await launchSession(platform, provider, player.token);
    const call = (action: 'bet' | 'win' | 'rollback', body: Record<string, unknown>) =>
      walletCall(platform, provider, action, { sessionToken, requestId: newId('req'), ...body });
    const round = newId('round');
    await call('bet', { currency: 'USD', transactionId: newId('tx'), roundId: round, amount: '2' });
    await call('win', { currency: 'USD', transactionId: newId('win'), roundId: round, amount: '2' });
    expect(await totals(player)).toEqual([{ period: 'day', net_loss: '0', staked: String(2n * E8) }]);
    // 2 more at risk: within the 3 USD limit only because the win came back off the net loss.
    const second = newId('tx');
    const secondRound = newId('round');
    expect(
      (await call('bet', { currency: 'USD', transactionId: second, roundId: secondRound, amount: '2' })).body.status,
    ).toBe('OK');
    await call('rollback', { transactionId: newId('rb'), referenceTransactionId: second, roundId: secondRound });
    expect(await totals(player)).toEqual([{ period: 'day', net_loss: '0', staked: String(4n * E8) }]);
  });
});
