import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rakebackFor } from '../../server/src/domain/economy/rakeback.js';
import { rankById } from '../../server/src/domain/economy/ranks.js';
import { floatsFromSeeds } from '../../server/src/domain/games/shared/floats.js';
import { SLOTS_GAME } from '../../server/src/domain/games/slots/slots.game.js';
import { SLOT_FLOAT_COUNT, slotsOutcome } from '../../server/src/domain/games/slots/rules.js';
import { formatAmount, parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { OPEN_TABLE_LIMITS, expectLegacyError, http } from '../support/auth.js';
import { betEconomy, creditBzu } from '../support/game-checks.js';
import { hmacSha256 } from '../support/round-floats.js';
import { betSeenLive, expectSelfExcludedRefused, gameSuite, type Player } from '../support/game-suite.js';
import { fundedAccount, trpc } from '../support/wallet.js';

/** A low profit limit, so the cap is reachable: a bet of 1 USD winning more than 6x pays exactly 6. */
const MAX_PROFIT_USD = '5';
const USD_LIMIT = parseAmount(MAX_PROFIT_USD);

/** The slot over its REST route and tRPC procedure, on the one bet engine (real Postgres and Redis). */
describe('slots: a paid spin and its free spins through the bet engine', () => {
  const suite = gameSuite({ ...OPEN_TABLE_LIMITS, GAME_MAX_PROFIT_USD: MAX_PROFIT_USD });
  const { platform, services, db, balances, count, expectLedgerOk, data, seedsOf } = suite;
  const post = (player: Player, body: unknown) => suite.post(player, '/api/games/slots/bets', body);
  /** The bet nonce `nonce` of these seeds makes, recomputed from the rules (FAIRNESS.md), and what it pays `amount` in USD. */
  const betAt = (seeds: { serverSeed: string; clientSeed: string }, nonce: number, amount: bigint) => {
    const { outcome, multiplier } = slotsOutcome(floatsFromSeeds(hmacSha256, { ...seeds, nonce }, SLOT_FLOAT_COUNT));
    const exact = (amount * multiplier.num) / multiplier.den;
    return {
      outcome,
      payout: exact - amount > USD_LIMIT ? amount + USD_LIMIT : exact,
      capped: exact - amount > USD_LIMIT,
    };
  };

  it('is listed in the catalogue under Slots and Originals with its 97.53% return', async () => {
    const games = data(await trpc(platform(), 'query', 'games.list'));
    expect(games.find((g: any) => g.slug === 'slots')).toMatchObject({
      slug: 'slots',
      name: 'Slots',
      category: 'slots',
      categories: ['slots', 'originals'],
      rtp: '97.53',
    });
  });

  it("REST and tRPC: the spins are the seeds' ones, the payout is floor(stake x total), the ledger moves stake and payout", async () => {
    const player = await fundedAccount(platform(), '100');
    const seeds = await seedsOf(player);
    const first = betAt(seeds, 0, parseAmount('1'));
    const rest = await post(player, { amount: 1 });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body).toMatchObject({
      game: 'slots',
      currency: 'USD',
      amount: 1,
      payout: Number(first.payout) / 1e8,
      fairness: { nonce: 0 },
    });
    expect(rest.body.outcome).toEqual(first.capped ? { ...first.outcome, capped: true } : first.outcome);
    expect(rest.body.outcome.spins[0]).toMatchObject({ free: false, stops: expect.any(Array) });
    expect((await balances(player)).USD).toBe(parseAmount('100') - parseAmount('1') + first.payout);

    const second = betAt(seeds, 1, parseAmount('0.4'));
    const rpc = data(await trpc(platform(), 'mutation', 'games.slots.bet', { amount: '0.4' }, player.token));
    expect(rpc.bet).toMatchObject({
      amount: '0.4',
      payout: formatAmount(second.payout),
      outcome: { spins: second.outcome.spins },
    });
    expect(rpc.bet.state).toBe(second.payout >= parseAmount('0.4') ? 'won' : 'lost');
    expect(rpc.balance).toBe(formatAmount((await balances(player)).USD));
    const listed = await http(platform().url, 'GET', '/api/bets?game=slots', undefined, { token: player.token });
    expect(listed.body.bets.map((b: any) => b.id)).toEqual([rpc.bet.id, String(rest.body.id)]);
    expect(data(await trpc(platform(), 'query', 'bets.mine', { game: 'slots' }, player.token)).bets).toHaveLength(2);
    await expectLedgerOk();
  });

  it('a bet with free spins settles them all in the one bet; a win past the profit limit pays exactly stake + limit (capped)', async () => {
    const player = await fundedAccount(platform(), '10');
    // Client seeds until nonce 0 triggers free spins, and another until nonce 0 wins past the limit.
    const findSeed = async (label: string, wanted: (bet: ReturnType<typeof betAt>) => boolean) => {
      for (let attempt = 0; ; attempt += 1) {
        data(
          await trpc(platform(), 'mutation', 'fairness.rotate', { clientSeed: `${label}-${attempt}` }, player.token),
        );
        const seeds = await seedsOf(player);
        if (wanted(betAt(seeds, 0, parseAmount('1')))) return seeds;
      }
    };
    const freeSeeds = await findSeed('slots-free', (bet) => bet.outcome.spins.length > 1);
    const free = betAt(freeSeeds, 0, parseAmount('1'));
    const before = (await balances(player)).USD;
    const answer = await post(player, { amount: 1 });
    expect(answer.status).toBe(201);
    expect(answer.body.outcome.spins.length).toBe(
      1 + free.outcome.spins[0]!.freeSpinsWon + free.outcome.spins.slice(1).reduce((n, s) => n + s.freeSpinsWon, 0),
    );
    expect(answer.body.outcome.spins.slice(1).every((s: any) => s.free)).toBe(true);
    expect((await balances(player)).USD).toBe(before - parseAmount('1') + free.payout);

    await findSeed('slots-cap', (bet) => bet.capped);
    const capped = await post(player, { amount: 1 });
    expect(capped.status).toBe(201);
    expect(capped.body).toMatchObject({ payout: 6, multiplier: 6, state: 'won', outcome: { capped: true } });
    expect(Number(capped.body.outcome.multiplier)).toBeGreaterThan(6);
    await expectLedgerOk();
  });

  it('bad input gets 400 with a clear message and changes nothing', async () => {
    const player = await fundedAccount(platform(), '5');
    const [bets, ledger, money, pair] = [
      await count('bets'),
      await count('ledger_transactions'),
      await balances(player),
      await seedsOf(player),
    ];
    const cases: [unknown, number, RegExp][] = [
      [{}, 400, /amount/i],
      [{ amount: 0 }, 400, /greater than zero/],
      [{ amount: -1 }, 400, /amount|greater/i],
      [{ amount: 0.000000001 }, 400, /8 decimals/],
      [{ amount: 0.001 }, 400, /minimum bet/],
      [{ amount: 'lots' }, 400, /amount|number|Invalid/i],
      [{ amount: 1, currency: 'EUR' }, 400, /currency|Invalid/i],
      [{ amount: 1, clientBetId: 'no spaces allowed' }, 400, /clientBetId/],
      [{ amount: 6 }, 409, /Insufficient|balance/i],
    ];
    for (const [body, status, message] of cases) expectLegacyError(await post(player, body), status, message);
    const refused = await trpc(platform(), 'mutation', 'games.slots.bet', { amount: '0' }, player.token);
    expect(refused.status).toBe(400);
    expect([
      await count('bets'),
      await count('ledger_transactions'),
      await balances(player),
      await seedsOf(player),
    ]).toEqual([bets, ledger, money, pair]);
  });

  it('a self-excluded player gets 403 SELF_EXCLUDED and places nothing', async () => {
    await expectSelfExcludedRefused(suite, (player) => post(player, { amount: 1 }));
  });

  it('plays in BZU too, from the BZU balance', async () => {
    const player = await fundedAccount(platform(), '1');
    await creditBzu(platform(), player.user.id, '50', randomBytes(6).toString('hex'));
    const seeds = await seedsOf(player);
    const { outcome, multiplier } = slotsOutcome(floatsFromSeeds(hmacSha256, { ...seeds, nonce: 0 }, SLOT_FLOAT_COUNT));
    const payout = (parseAmount('5') * multiplier.num) / multiplier.den;
    const answer = data(
      await trpc(platform(), 'mutation', 'games.slots.bet', { currency: 'BZU', amount: '5' }, player.token),
    );
    expect(answer.bet).toMatchObject({
      currency: 'BZU',
      amount: '5',
      payout: formatAmount(payout),
      outcome: { spins: outcome.spins },
    });
    expect(await balances(player)).toMatchObject({ USD: parseAmount('1'), BZU: parseAmount('45') + payout });
    await expectLedgerOk();
  });

  it('a clientBetId retried in parallel places one bet, and every retry answers with it', async () => {
    const player = await fundedAccount(platform(), '10');
    const body = { amount: 2, clientBetId: 'slots-retry-1' };
    const results = await Promise.all(Array.from({ length: 10 }, () => post(player, body)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect((await balances(player)).USD).toBe(
      parseAmount('10') - parseAmount('2') + parseAmount(String(results[0]!.body.payout)),
    );
    expect((await seedsOf(player)).nonce).toBe(1);
  });

  it('100 parallel spins against a balance that covers exactly 50 settle exactly 50', async () => {
    const player = await fundedAccount(platform(), '1');
    const stake = parseAmount('1');
    // Wins fund later spins, so the balance is 50 stakes less what nonces 0-49 pay, on seeds where every one of those
    // 50 spins still finds a stake's worth (no late win is needed to cover an earlier spin): the 51st finds nothing.
    let funding: bigint | undefined;
    for (let attempt = 0; funding === undefined; attempt += 1) {
      data(await trpc(platform(), 'mutation', 'fairness.rotate', { clientSeed: `slots-50-${attempt}` }, player.token));
      const seeds = await seedsOf(player);
      const payouts = Array.from({ length: 50 }, (_, nonce) => betAt(seeds, nonce, stake).payout);
      const start = 50n * stake - payouts.reduce((a, b) => a + b, 0n);
      let balance = start;
      const covered = payouts.every((payout) => {
        const enough = balance >= stake;
        balance += payout - stake;
        return enough;
      });
      if (covered && start > 0n) funding = start;
    }
    await services().wallet.ledger.post({
      key: `slots-50-${player.user.id}`,
      kind: 'deposit',
      userId: player.user.id,
      legs: [
        { account: { house: 'deposits' }, currency: 'USD', amount: -(funding - parseAmount('1')) },
        { account: { user: player.user.id }, currency: 'USD', amount: funding - parseAmount('1') },
      ],
    });
    expect((await balances(player)).USD).toBe(funding);
    const results = await Promise.all(Array.from({ length: 100 }, () => post(player, { amount: 1 })));
    const settled = results.filter((r) => r.status === 201);
    expect(settled).toHaveLength(50);
    expect(
      results.filter((r) => r.status !== 201).every((r) => r.status === 409 && r.body.code === 'INSUFFICIENT_FUNDS'),
    ).toBe(true);
    expect(settled.map((r) => r.body.fairness.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
    expect((await balances(player)).USD).toBe(0n);
    await expectLedgerOk();
  });

  it("XP, rakeback and raffle tickets accrue with the slot's edge; the bet reaches the live feed and the player's game results", async () => {
    const player = await fundedAccount(platform(), '100');
    const { bet, frame } = await betSeenLive(suite, player, () => post(player, { amount: 10 }));
    expect(frame.data).toMatchObject({ amount: '10', game: 'slots', username: player.user.publicUsername });

    const wagered = parseAmount('10');
    expect(SLOTS_GAME.houseEdgePpm).toBe(24_658);
    expect(await betEconomy(db(), String(bet.body.id))).toMatchObject({ house_edge_ppm: 24_658 });
    const status = data(await trpc(platform(), 'query', 'vip.status', undefined, player.token));
    // XP = wager x edge / 1%: 10 x 2.4658 = 24.658, shown in whole points
    expect(status.xp).toBe('24');
    expect(parseAmount(status.rakeback.claimable.USD)).toBe(
      rakebackFor(wagered, 24_658, rankById('unranked').rakebackPpm),
    );
    const raffle = data(await trpc(platform(), 'query', 'raffle.current', undefined, player.token));
    expect(raffle.mine.tickets).toBe(10);
    await expectLedgerOk();
  });
});
