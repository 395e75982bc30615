import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChainRow } from '../../db/repositories/rounds.repo.js';
import { parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { http, signedInAccount } from '../support/auth.js';
import { closeBetting } from '../support/crash.js';
import { minesBoard } from '../support/mines.js';
import { platformSuite } from '../support/platform-suite.js';
import { launchSession, newId, registerProvider, walletCall } from '../support/providers.js';
import { fundPlayer, trpc, PLAYING_TEST_ENV } from '../support/wallet.js';
import { installWheelChain, wheelSteps } from '../support/wheel.js';

type Player = Awaited<ReturnType<typeof signedInAccount>>;
type Order = 'cash-first' | 'bonus-first';
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * The bet engine's part of bonuses (docs/promotions.md, "Staking a bonus"): stakes drawn per the offer's order and
 * recorded on the bet, payouts split by the stake's split, the maximum stake refused at placement, multi-step and
 * round games alike, refunds, conversion and spending, parallel bets, and provider wagers counted for races and
 * bonuses. Every test ends with a clean ledger check.
 */
describe('bonus stakes in the bet engine', { timeout: 180_000 }, () => {
  const suite = platformSuite(PLAYING_TEST_ENV);
  const services = () => suite.platform.platform.services;
  const db = () => suite.platform.platform.infra.db;
  let admin: Player;
  let chain: ChainRow;
  let wheel: ReturnType<typeof wheelSteps>;
  beforeAll(async () => {
    admin = await signedInAccount(suite.platform);
    await services().auth.accounts.setRole(admin.account.username, 'admin');
    chain = await installWheelChain(db());
    wheel = wheelSteps(services(), chain);
  });

  const call = (player: Player, kind: 'query' | 'mutation', path: string, input?: unknown) =>
    trpc(suite.platform, kind, path, input, player.token);
  const data = (answer: { status: number; body: any }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };
  const balances = async (player: Player) => ({
    cash: (await services().wallet.ledger.balances(Number(player.user.id))).USD,
    bonus: (await services().wallet.ledger.balances(Number(player.user.id), 'bonus')).USD,
  });
  const bonusOf = async (player: Player) => data(await call(player, 'query', 'promotions.overview')).bonus;
  const bonusRow = async (player: Player) =>
    (
      await sql<{ status: string; settled_e8: string | null; wagered_e8: string }>`
        select status, settled_e8::text, wagered_e8::text from player_bonuses
        where user_id = ${Number(player.user.id)} order by id desc limit 1`.execute(db())
    ).rows[0]!;
  const betRow = async (id: string) => {
    const row = (
      await sql<{ amount_e8: string; payout_e8: string; state: string; bonus_e8: string | null }>`
        select b.amount_e8::text, b.payout_e8::text, b.state, s.bonus_e8::text from bets b
        left join bet_bonus_stakes s on s.bet_id = b.id where b.id = ${id}`.execute(db())
    ).rows[0]!;
    return {
      amount: BigInt(row.amount_e8),
      payout: BigInt(row.payout_e8),
      state: row.state,
      bonus: BigInt(row.bonus_e8 ?? 0),
    };
  };
  const ledgerCount = async () =>
    (await sql<{ n: string }>`select count(*)::text as n from ledger_transactions`.execute(db())).rows[0]!.n;
  const nonceOf = async (player: Player) =>
    (
      await sql<{
        nonce: number;
      }>`select nonce from seed_pairs where user_id = ${Number(player.user.id)} and active`.execute(db())
    ).rows[0]?.nonce ?? 0;

  let offers = 0;
  /** A bonus offer (fixed amount), claimed by a new player funded with `cash`. */
  const playerWithBonus = async (options: {
    cash: string;
    bonus: string;
    order: Order;
    multiple?: number;
    maxStake?: string;
    weights?: Record<string, string>;
  }) => {
    offers += 1;
    const offer = data(
      await call(admin, 'mutation', 'admin.promotions.createBonus', {
        name: `Stakes ${offers}`,
        currency: 'USD',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        offer: { fixed: options.bonus },
        wageringMultiple: options.multiple ?? 100,
        weights: options.weights ?? {},
        otherGamesPercent: '100',
        maxStake: options.maxStake ?? '10',
        expiryHours: 24,
        stakeOrder: options.order,
      }),
    );
    const player = await signedInAccount(suite.platform);
    if (options.cash !== '0') await fundPlayer(suite.platform, player.token, options.cash);
    data(await call(player, 'mutation', 'promotions.claimBonus', { id: offer.id }));
    return { player, offer };
  };
  const dice = async (player: Player, amount: string) =>
    data(await call(player, 'mutation', 'games.dice.bet', { amount, currency: 'USD', target: 50.5, condition: 'over' }))
      .bet.id as string;

  /**
   * Places a bet of `amount` and checks the exact split from the balances before it: the bonus part per the order,
   * recorded on the bet, and the payout's bonus share floor(payout x bonus part / stake) to the bonus, the rest to
   * cash.
   */
  const expectSplit = async (player: Player, order: Order, amount: bigint, place: () => Promise<string>) => {
    const before = await balances(player);
    const part =
      order === 'bonus-first' ? min(before.bonus, amount) : before.cash >= amount ? 0n : amount - before.cash;
    const row = await betRow(await place());
    expect(row.bonus).toBe(part);
    const share = (row.payout * part) / amount;
    expect(await balances(player)).toEqual({
      cash: before.cash - (amount - part) + (row.payout - share),
      bonus: before.bonus - part + share,
    });
    return row;
  };
  /** Bets until both a win and a loss were seen (each split checked), so both outcomes are exact. */
  const winAndLoss = async (player: Player, order: Order, amount: string) => {
    const seen = new Set<string>();
    for (let i = 0; i < 20 && seen.size < 2; i += 1)
      seen.add((await expectSplit(player, order, parseAmount(amount), () => dice(player, amount))).state);
    expect([...seen].sort()).toEqual(['lost', 'won']);
  };

  it('cash first: cash pays, the bonus makes up what cash lacks; wins split by the stake', async () => {
    // Enough bonus for the 1.3 and then 19 losses of 0.7 in a row: winAndLoss plays until it has seen both outcomes.
    const { player } = await playerWithBonus({ cash: '1', bonus: '15', order: 'cash-first' });
    const { terms } = await bonusOf(player);
    expect(terms).toContain('Your cash is staked first; the bonus pays what your cash lacks');
    expect(terms).toContain(
      'A win is split as its stake was: the bonus-staked share (rounded down) to the bonus, the rest to cash',
    );
    // 1.3 against 1 cash: 0.3 from the bonus.
    const first = await expectSplit(player, 'cash-first', parseAmount('1.3'), () => dice(player, '1.3'));
    expect(first.bonus).toBe(parseAmount('0.3'));
    await winAndLoss(player, 'cash-first', '0.7');
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('bonus first: the bonus pays, cash makes up the rest; another currency is untouched', async () => {
    // Cash for the 1.5 and then 19 losses of 0.4 in a row (see winAndLoss).
    const { player } = await playerWithBonus({ cash: '12', bonus: '1', order: 'bonus-first', maxStake: '2' });
    const first = await expectSplit(player, 'bonus-first', parseAmount('1.5'), () => dice(player, '1.5'));
    expect(first.bonus).toBe(parseAmount('1'));
    await winAndLoss(player, 'bonus-first', '0.4');
    // A BZU bet is not the bonus's: no maximum, no split, nothing counted.
    await services().wallet.ledger.transact((tx) =>
      tx.post({
        key: `test:bzu:${player.user.id}`,
        kind: 'test-funding',
        legs: [
          { account: { house: 'promotions' }, currency: 'BZU', amount: -parseAmount('50') },
          { account: { user: Number(player.user.id) }, currency: 'BZU', amount: parseAmount('50') },
        ],
      }),
    );
    const before = { usd: await balances(player), wagered: (await bonusRow(player)).wagered_e8 };
    const bzu = data(
      await call(player, 'mutation', 'games.dice.bet', {
        amount: '5',
        currency: 'BZU',
        target: 50.5,
        condition: 'over',
      }),
    ).bet.id as string;
    expect((await betRow(bzu)).bonus).toBe(0n);
    expect(await balances(player)).toEqual(before.usd);
    expect((await bonusRow(player)).wagered_e8).toBe(before.wagered);
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('refuses a stake over the maximum with a 400 naming it, and changes nothing', async () => {
    const { player } = await playerWithBonus({ cash: '20', bonus: '2', order: 'cash-first', maxStake: '3' });
    // One bet first, so the player has a seed pair whose nonce a refusal must leave alone.
    await dice(player, '1');
    const before = { balances: await balances(player), ledger: await ledgerCount(), nonce: await nonceOf(player) };
    for (const answer of [
      await call(player, 'mutation', 'games.dice.bet', {
        amount: '3.1',
        currency: 'USD',
        target: 50.5,
        condition: 'over',
      }),
      await call(player, 'mutation', 'games.limbo.bet', { amount: '10', currency: 'USD', target: 2 }),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body.error.data.domainCode).toBe('BONUS_MAX_STAKE');
      expect(answer.body.error.message).toBe('While your bonus is active the maximum stake is 3 USD');
    }
    // The REST path answers the same refusal; a mines start too.
    const rest = await http(
      suite.platform.url,
      'POST',
      '/api/games/mines/bets',
      { amount: 4, mines: 3 },
      {
        token: player.token,
      },
    );
    expect([rest.status, rest.body.code]).toEqual([400, 'BONUS_MAX_STAKE']);
    expect({ balances: await balances(player), ledger: await ledgerCount(), nonce: await nonceOf(player) }).toEqual(
      before,
    );
    // At the maximum it is taken.
    await dice(player, '3');
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('mines: the stake split at the start, the cash-out split the same way', async () => {
    const { player } = await playerWithBonus({ cash: '5', bonus: '0.4', order: 'bonus-first' });
    const before = await balances(player);
    const post = (path: string, body: unknown) => http(suite.platform.url, 'POST', path, body, { token: player.token });
    const started = await post('/api/games/mines/bets', { amount: 1, mines: 3 });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(await balances(player)).toEqual({ cash: before.cash - parseAmount('0.6'), bonus: 0n });
    // Staked to zero but the round is open: the bonus stays.
    expect((await bonusRow(player)).status).toBe('active');
    const board = await minesBoard(db(), player.user.id, started.body.fairness.nonce, 3);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((tile) => !board.includes(tile));
    for (const tile of safe.slice(0, 2))
      expect((await post(`/api/games/mines/bets/${started.body.id}/reveal`, { tile })).status).toBe(200);
    const cashed = await post(`/api/games/mines/bets/${started.body.id}/cashout`, {});
    expect(cashed.body.state).toBe('won');
    const row = await betRow(started.body.id);
    expect(row.bonus).toBe(parseAmount('0.4'));
    const share = (row.payout * parseAmount('0.4')) / parseAmount('1');
    expect(await balances(player)).toEqual({
      cash: before.cash - parseAmount('0.6') + row.payout - share,
      bonus: share,
    });
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('blackjack: a double draws in the same order; the payout splits by the whole stake', async () => {
    const ONE = parseAmount('1');
    const { player } = await playerWithBonus({ cash: '10', bonus: '1.5', order: 'bonus-first' });
    const post = (path: string, body: unknown) => http(suite.platform.url, 'POST', path, body, { token: player.token });
    // Deals until one may be doubled (no natural, no insurance question), finishing the others by standing.
    for (let deal = 0; deal < 10 && (await bonusRow(player)).status === 'active'; deal += 1) {
      const before = await balances(player);
      let bet = (await post('/api/games/blackjack/bets', { amount: 1 })).body;
      if (bet.state !== 'open' || !bet.outcome.actions.includes('double')) {
        while (bet.state === 'open') {
          const action = bet.outcome.actions.includes('noInsurance') ? 'noInsurance' : 'stand';
          bet = (await post(`/api/games/blackjack/bets/${bet.id}/actions`, { action })).body;
        }
        continue;
      }
      const doubled = await post(`/api/games/blackjack/bets/${bet.id}/actions`, { action: 'double' });
      expect(doubled.status, JSON.stringify(doubled.body)).toBe(200);
      expect(doubled.body.state).not.toBe('open');
      const started = min(before.bonus, ONE);
      const raised = min(before.bonus - started, ONE);
      const row = await betRow(bet.id);
      expect([row.amount, row.bonus]).toEqual([2n * ONE, started + raised]);
      const share = (row.payout * row.bonus) / row.amount;
      expect(await balances(player)).toEqual({
        cash: before.cash - (row.amount - row.bonus) + (row.payout - share),
        bonus: before.bonus - row.bonus + share,
      });
      expect(await services().wallet.ledger.check()).toEqual([]);
      return;
    }
    throw new Error('no deal could be doubled while the bonus lasted');
  });

  it('wheel: a round bet staked from the bonus wins into both; a refunded one gives each part back', async () => {
    const { player } = await playerWithBonus({ cash: '3', bonus: '0.5', order: 'bonus-first' });
    const bet = (value: number, amount: number) =>
      http(suite.platform.url, 'POST', '/api/wheel/bets', { chips: [{ value, amount }] }, { token: player.token });
    const round1 = await wheel.openBetting();
    // The vectors' round 16 re-spins twice and lands on 10: 1 on 10 returns 41.
    const placed = await bet(10, 1);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await balances(player)).toEqual({ cash: parseAmount('2.5'), bonus: 0n });
    await closeBetting(db(), round1.id);
    await wheel.end((await wheel.start(round1))!.round);
    const won = await betRow(placed.body.id);
    expect([won.state, won.payout, won.bonus]).toEqual(['won', parseAmount('41'), parseAmount('0.5')]);
    // floor(41 x 0.5 / 1) = 20.5 to the bonus, 20.5 to cash.
    expect(await balances(player)).toEqual({ cash: parseAmount('23'), bonus: parseAmount('20.5') });

    await wheel.openBetting();
    const refundable = await bet(1, 2);
    // Bonus first: all 2 from the bonus.
    expect(await balances(player)).toEqual({ cash: parseAmount('23'), bonus: parseAmount('18.5') });
    expect(await services().rounds.cancelUnfinished(wheel.game)).toBe(1);
    expect((await betRow(refundable.body.id)).state).toBe('refunded');
    expect(await balances(player)).toEqual({ cash: parseAmount('23'), bonus: parseAmount('20.5') });
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('wagered to completion with bonus stakes: the whole bonus balance converts, exactly', async () => {
    const { player } = await playerWithBonus({ cash: '2', bonus: '2', order: 'bonus-first', multiple: 1 });
    for (let i = 0; i < 3; i += 1)
      await expectSplit(player, 'bonus-first', parseAmount('0.5'), () => dice(player, '0.5'));
    expect((await bonusOf(player)).wagered).toBe('1.5');
    const before = await balances(player);
    const last = await betRow(await dice(player, '0.5'));
    const part = min(before.bonus, parseAmount('0.5'));
    const share = (last.payout * part) / parseAmount('0.5');
    const bonusLeft = before.bonus - part + share;
    expect(await bonusOf(player)).toBeNull();
    expect(await balances(player)).toEqual({
      cash: before.cash - (parseAmount('0.5') - part) + (last.payout - share) + bonusLeft,
      bonus: 0n,
    });
    expect(await bonusRow(player)).toMatchObject({ status: 'converted', settled_e8: String(bonusLeft) });
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('a bonus staked down to nothing ends as spent, and another can be taken', async () => {
    const { player } = await playerWithBonus({ cash: '0', bonus: '1', order: 'bonus-first', maxStake: '100' });
    for (let i = 0; i < 8 && (await bonusRow(player)).status === 'active'; i += 1) {
      const { bonus } = await balances(player);
      await expectSplit(player, 'bonus-first', bonus, () => dice(player, (Number(bonus) / 1e8).toFixed(8)));
    }
    expect(await bonusRow(player)).toMatchObject({ status: 'spent', settled_e8: '0' });
    expect(await balances(player)).toEqual({ cash: 0n, bonus: 0n });
    expect(await bonusOf(player)).toBeNull();
    const report = data(await call(admin, 'query', 'admin.promotions.costReport', { days: 1 }));
    expect(report.days.find((row: any) => row.name === `Stakes ${offers}`)).toMatchObject({ paid: '0', pending: '0' });
    // Another offer can be claimed now.
    offers += 1;
    const next = data(
      await call(admin, 'mutation', 'admin.promotions.createBonus', {
        name: `Stakes ${offers}`,
        currency: 'USD',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        offer: { fixed: '1' },
        wageringMultiple: 5,
        otherGamesPercent: '100',
        maxStake: '1',
        expiryHours: 24,
      }),
    );
    data(await call(player, 'mutation', 'promotions.claimBonus', { id: next.id }));
    expect((await balances(player)).bonus).toBe(parseAmount('1'));
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('20 parallel bets against a small bonus balance never overdraw either account', async () => {
    const { player } = await playerWithBonus({ cash: '1', bonus: '1.5', order: 'cash-first' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(player, 'mutation', 'games.dice.bet', { amount: '0.5', currency: 'USD', target: 50.5, condition: 'over' }),
      ),
    );
    const placed = answers.filter((answer) => answer.status === 200);
    for (const answer of answers.filter((entry) => entry.status !== 200))
      expect(answer.body.error.data.domainCode, JSON.stringify(answer.body)).toBe('INSUFFICIENT_FUNDS');
    // At least the 2.5 the two balances held at the start was staked.
    expect(placed.length).toBeGreaterThanOrEqual(5);
    const rows = await Promise.all(placed.map((answer) => betRow(answer.body.result.data.bet.id)));
    const staked = rows.reduce((sum, row) => sum + row.amount, 0n);
    const paid = rows.reduce((sum, row) => sum + row.payout, 0n);
    const after = await balances(player);
    expect(after.cash).toBeGreaterThanOrEqual(0n);
    expect(after.bonus).toBeGreaterThanOrEqual(0n);
    // Nothing created or lost: the requirement (150) is far, so the bonus never converted.
    expect(after.cash + after.bonus).toBe(parseAmount('2.5') - staked + paid);
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('provider wagers count for races by family and for the bonus by its weight, staked from cash only', async () => {
    const race = data(
      await call(admin, 'mutation', 'admin.promotions.createRace', {
        name: 'Slots race',
        currency: 'USD',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        games: ['provider-slots'],
        prizes: { amounts: ['1'] },
      }),
    );
    const originalsOnly = data(
      await call(admin, 'mutation', 'admin.promotions.createRace', {
        name: 'Originals race',
        currency: 'USD',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        prizes: { amounts: ['1'] },
      }),
    );
    const { player } = await playerWithBonus({
      cash: '10',
      bonus: '1',
      order: 'bonus-first',
      maxStake: '5',
      weights: { 'provider-slots': '50' },
    });
    const provider = await registerProvider(suite.platform);
    const { sessionToken } = await launchSession(suite.platform, provider, player.token);
    const wager = (amount: string, transactionId = newId('tx'), roundId = newId('round')) =>
      walletCall(suite.platform, provider, 'bet', {
        sessionToken,
        currency: 'USD',
        requestId: newId('req'),
        transactionId,
        roundId,
        amount,
      });
    expect((await wager('3')).body.status).toBe('OK');
    // Cash only: the bonus is untouched even though the offer stakes the bonus first.
    expect(await balances(player)).toEqual({ cash: parseAmount('7'), bonus: parseAmount('1') });
    // The accruals run after the wallet's answer.
    await expect.poll(async () => (await bonusOf(player)).wagered).toBe('1.5');
    await expect
      .poll(async () => data(await call(player, 'query', 'promotions.race', { id: race.id })).mine)
      .toEqual({ place: 1, wagered: '3' });
    expect(data(await call(player, 'query', 'promotions.race', { id: originalsOnly.id })).mine).toBeNull();
    // A second wager, counted, then rolled back: both counts go back to what the first left.
    const [transactionId, roundId] = [newId('tx'), newId('round')];
    expect((await wager('2', transactionId, roundId)).body.status).toBe('OK');
    await expect.poll(async () => (await bonusOf(player)).wagered).toBe('2.5');
    await expect
      .poll(async () => data(await call(player, 'query', 'promotions.race', { id: race.id })).mine)
      .toEqual({ place: 1, wagered: '5' });
    const rollback = await walletCall(suite.platform, provider, 'rollback', {
      sessionToken,
      currency: 'USD',
      requestId: newId('req'),
      transactionId: newId('rb'),
      referenceTransactionId: transactionId,
      roundId,
    });
    expect(rollback.body.status).toBe('OK');
    expect((await bonusOf(player)).wagered).toBe('1.5');
    expect(data(await call(player, 'query', 'promotions.race', { id: race.id })).mine).toEqual({
      place: 1,
      wagered: '3',
    });
    expect(await balances(player)).toEqual({ cash: parseAmount('7'), bonus: parseAmount('1') });
    expect(await services().wallet.ledger.check()).toEqual([]);
  });
});
