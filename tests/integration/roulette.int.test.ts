import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rakebackFor } from '../../server/src/domain/economy/rakeback.js';
import { rankById } from '../../server/src/domain/economy/ranks.js';
import { ROULETTE_GAME } from '../../server/src/domain/games/roulette/roulette.game.js';
import { chipMultiplier, roulettePocket, type RouletteBetType } from '../../server/src/domain/games/roulette/rules.js';
import { floatsFromSeeds } from '../../server/src/domain/games/shared/floats.js';
import { parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { OPEN_TABLE_LIMITS, expectLegacyError, http } from '../support/auth.js';
import { creditBzu } from '../support/game-checks.js';
import { hmacSha256 } from '../support/round-floats.js';
import { betSeenLive, expectSelfExcludedRefused, gameSuite, type Player } from '../support/game-suite.js';
import { fundedAccount, trpc } from '../support/wallet.js';

type Chip = { type: RouletteBetType; numbers: number[]; amount: string };

/** Roulette over its REST route and tRPC procedure, on the one bet engine (real Postgres and Redis). */
describe('roulette: chips on one spin through the bet engine', () => {
  const suite = gameSuite(OPEN_TABLE_LIMITS);
  const { platform, post, balances, count, expectLedgerOk, data, seedsOf } = suite;
  /** The pocket nonce `nonce` of the player's active pair will draw, recomputed from the seeds (FAIRNESS.md). */
  const pocketAt = async (player: Player, nonce: number) =>
    roulettePocket(floatsFromSeeds(hmacSha256, { ...(await seedsOf(player)), nonce }, 1));
  /** What the chips pay on a pocket, from the rules: sum of amount x 36/k over the chips covering it. */
  const expectedPayout = (chips: Chip[], pocket: number) =>
    chips.reduce((sum, chip) => {
      const m = chipMultiplier(chip, pocket);
      return sum + (parseAmount(chip.amount) * m.num) / m.den;
    }, 0n);

  it('is listed in the catalogue under Roulette and Originals with its 97.30% return', async () => {
    const games = data(await trpc(platform(), 'query', 'games.list'));
    expect(games.find((g: any) => g.slug === 'roulette')).toMatchObject({
      slug: 'roulette',
      name: 'Roulette',
      category: 'roulette',
      categories: ['roulette', 'originals'],
      rtp: '97.30',
    });
  });

  it("REST and tRPC: the pocket is the seeds' one, each chip pays 36/k of its amount when it covers it, the ledger moves stake and payout", async () => {
    const player = await fundedAccount(platform(), '100');
    const pocket = await pocketAt(player, 0);
    // Chips that surely win and surely lose on this pocket, and the even-money bets.
    const neighbour = pocket === 36 ? 35 : pocket + 1;
    const chips: Chip[] = [
      { type: 'straight', numbers: [pocket], amount: '0.5' },
      { type: 'straight', numbers: [neighbour], amount: '0.25' },
      { type: 'red', numbers: [], amount: '1' },
      { type: 'dozen', numbers: Array.from({ length: 12 }, (_, i) => i + 13), amount: '2' },
    ];
    const rest = await post(player, '/api/games/roulette/bets', {
      chips: chips.map((chip) => ({ ...chip, amount: Number(chip.amount) })),
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    const payout = expectedPayout(chips, pocket);
    expect(rest.body).toMatchObject({
      game: 'roulette',
      currency: 'USD',
      amount: 3.75,
      payout: Number(payout) / 1e8,
      fairness: { nonce: 0 },
    });
    expect(rest.body.outcome.pocket).toBe(pocket);
    expect(rest.body.outcome.chips).toEqual(
      chips.map((chip) => {
        const m = chipMultiplier(chip, pocket);
        const paid = (parseAmount(chip.amount) * m.num) / m.den;
        return {
          type: chip.type,
          numbers: chip.numbers,
          amount: chip.amount,
          payout: paid === 0n ? '0' : String(Number(paid) / 1e8),
        };
      }),
    );
    expect(rest.body.outcome.chips[0].payout).toBe('18'); // 0.5 x 36
    expect(rest.body.state).toBe(payout >= parseAmount('3.75') ? 'won' : 'lost');
    expect((await balances(player)).USD).toBe(parseAmount('100') - parseAmount('3.75') + payout);

    const next = await pocketAt(player, 1);
    const rpcChips: Chip[] = [
      { type: 'split', numbers: next === 0 ? [0, 1] : [next, next % 3 === 0 ? next - 1 : next + 1], amount: '1' },
    ];
    const rpc = data(await trpc(platform(), 'mutation', 'games.roulette.bet', { chips: rpcChips }, player.token));
    expect(rpc.bet).toMatchObject({
      amount: '1',
      payout: '18',
      multiplier: '18.0000',
      state: 'won',
      outcome: { pocket: next, chips: [{ type: 'split', payout: '18' }] },
    });
    expect(rpc.balance).toBe(String(Number((await balances(player)).USD) / 1e8));
    // The bet reads back through GET /api/bets and the tRPC history, filtered by game.
    const listed = await http(platform().url, 'GET', '/api/bets?game=roulette', undefined, { token: player.token });
    expect(listed.body.bets.map((b: any) => b.id)).toEqual([rpc.bet.id, String(rest.body.id)]);
    expect(data(await trpc(platform(), 'query', 'bets.mine', { game: 'roulette' }, player.token)).bets).toHaveLength(2);
    await expectLedgerOk();
  });

  it('bad input gets 400 with a clear message (or the documented 409) and changes nothing', async () => {
    const player = await fundedAccount(platform(), '5');
    const [bets, ledger, money, pair] = [
      await count('bets'),
      await count('ledger_transactions'),
      await balances(player),
      await seedsOf(player),
    ];
    const cases: [unknown, number, RegExp][] = [
      [{ chips: [] }, 400, /at least one chip/],
      [{}, 400, /chips/],
      [{ chips: [{ type: 'split', numbers: [3, 4], amount: 1 }] }, 400, /split chip covers two adjacent numbers/],
      [{ chips: [{ type: 'street', numbers: [2, 3, 4], amount: 1 }] }, 400, /a row of three/],
      [{ chips: [{ type: 'corner', numbers: [1, 2, 3, 4], amount: 1 }] }, 400, /four numbers in a square/],
      [{ chips: [{ type: 'sixline', numbers: [1, 2, 3, 7, 8, 9], amount: 1 }] }, 400, /two adjacent rows/],
      [{ chips: [{ type: 'column', numbers: [1, 4, 7], amount: 1 }] }, 400, /column/],
      [{ chips: [{ type: 'straight', numbers: [37], amount: 1 }] }, 400, /one number from 0 to 36/],
      [{ chips: [{ type: 'red', numbers: [1], amount: 1 }] }, 400, /red chip names no numbers/],
      [{ chips: [{ type: 'green', numbers: [], amount: 1 }] }, 400, /type/],
      [{ chips: [{ type: 'red', numbers: [], amount: 0 }] }, 400, /greater than zero/],
      [{ chips: [{ type: 'red', numbers: [], amount: 0.000000001 }] }, 400, /8 decimals/],
      [
        { chips: Array.from({ length: 201 }, () => ({ type: 'red', numbers: [], amount: 0.01 })) },
        400,
        /at most 200 chips/,
      ],
      [{ chips: [{ type: 'red', numbers: [], amount: 1 }], currency: 'EUR' }, 400, /currency|Invalid/i],
      [
        {
          chips: [
            { type: 'red', numbers: [], amount: 3 },
            { type: 'black', numbers: [], amount: 3 },
          ],
        },
        409,
        /Insufficient|balance/i,
      ],
      // 3,000,000 on one number could win 105,000,000: over the profit limit before any balance is looked at.
      [{ chips: [{ type: 'straight', numbers: [7], amount: 3_000_000 }] }, 409, /profit/i],
    ];
    for (const [body, status, message] of cases) {
      const answer = await post(player, '/api/games/roulette/bets', body);
      expectLegacyError(answer, status, message);
    }
    const refused = await trpc(
      platform(),
      'mutation',
      'games.roulette.bet',
      { chips: [{ type: 'split', numbers: [0, 4], amount: '1' }] },
      player.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/split chip covers/);
    expect([
      await count('bets'),
      await count('ledger_transactions'),
      await balances(player),
      await seedsOf(player),
    ]).toEqual([bets, ledger, money, pair]);
  });

  it('a self-excluded player gets 403 SELF_EXCLUDED and places nothing', async () => {
    await expectSelfExcludedRefused(suite, (player) =>
      post(player, '/api/games/roulette/bets', { chips: [{ type: 'red', numbers: [], amount: 1 }] }),
    );
  });

  it('plays in BZU too, from the BZU balance', async () => {
    const player = await fundedAccount(platform(), '1');
    await creditBzu(platform(), player.user.id, '50', randomBytes(6).toString('hex'));
    const pocket = await pocketAt(player, 0);
    const chips: Chip[] = [
      { type: 'odd', numbers: [], amount: '5' },
      { type: 'straight', numbers: [pocket], amount: '1' },
    ];
    const answer = data(
      await trpc(platform(), 'mutation', 'games.roulette.bet', { currency: 'BZU', chips }, player.token),
    );
    const payout = expectedPayout(chips, pocket);
    expect(answer.bet).toMatchObject({ currency: 'BZU', amount: '6', outcome: { pocket } });
    expect(parseAmount(answer.bet.payout)).toBe(payout);
    expect(await balances(player)).toMatchObject({ USD: parseAmount('1'), BZU: parseAmount('44') + payout });
    await expectLedgerOk();
  });

  it('a clientBetId retried in parallel places one bet, and every retry answers with it', async () => {
    const player = await fundedAccount(platform(), '10');
    const body = { chips: [{ type: 'low', numbers: [], amount: 2 }], clientBetId: 'roulette-retry-1' };
    const results = await Promise.all(Array.from({ length: 10 }, () => post(player, '/api/games/roulette/bets', body)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const bet = results[0]!.body;
    expect((await balances(player)).USD).toBe(parseAmount('10') - parseAmount('2') + parseAmount(String(bet.payout)));
    expect((await seedsOf(player)).nonce).toBe(1);
  });

  it('100 parallel bets against a balance that covers exactly 50 settle exactly 50', async () => {
    const player = await fundedAccount(platform(), '50');
    // A number none of nonces 0-99 draws (recomputed from the seeds), so every bet loses and no win funds another;
    // a new client seed draws a new sequence when all 37 pockets come up.
    let missed: number | undefined;
    for (let attempt = 0; missed === undefined; attempt += 1) {
      if (attempt > 0)
        data(
          await trpc(platform(), 'mutation', 'fairness.rotate', { clientSeed: `roulette-50-${attempt}` }, player.token),
        );
      const seeds = await seedsOf(player);
      const drawn = new Set(
        Array.from({ length: 100 }, (_, nonce) => roulettePocket(floatsFromSeeds(hmacSha256, { ...seeds, nonce }, 1))),
      );
      missed = Array.from({ length: 37 }, (_, n) => n).find((n) => !drawn.has(n));
    }
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        post(player, '/api/games/roulette/bets', { chips: [{ type: 'straight', numbers: [missed], amount: 1 }] }),
      ),
    );
    const settled = results.filter((r) => r.status === 201);
    expect(settled).toHaveLength(50);
    expect(settled.every((r) => r.body.state === 'lost' && r.body.outcome.pocket !== missed)).toBe(true);
    expect(
      results.filter((r) => r.status !== 201).every((r) => r.status === 409 && r.body.code === 'INSUFFICIENT_FUNDS'),
    ).toBe(true);
    expect(settled.map((r) => r.body.fairness.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
    expect((await balances(player)).USD).toBe(0n);
    await expectLedgerOk();
  });

  it("XP, rakeback and raffle tickets accrue with the 1/37 edge; the bet reaches the live feed and the player's game results", async () => {
    const player = await fundedAccount(platform(), '100');
    const { frame } = await betSeenLive(suite, player, () =>
      post(player, '/api/games/roulette/bets', {
        chips: [
          { type: 'red', numbers: [], amount: 5 },
          { type: 'black', numbers: [], amount: 5 },
        ],
      }),
    );
    expect(frame.data).toMatchObject({ amount: '10', game: 'roulette', username: player.user.publicUsername });

    const wagered = parseAmount('10');
    expect(ROULETTE_GAME.houseEdgePpm).toBe(27_027);
    const status = data(await trpc(platform(), 'query', 'vip.status', undefined, player.token));
    // XP = wager x edge / 1%: 10 x 2.7027 = 27.027, shown in whole points
    expect(status.xp).toBe('27');
    expect(parseAmount(status.rakeback.claimable.USD)).toBe(
      rakebackFor(wagered, 27_027, rankById('unranked').rakebackPpm),
    );
    const raffle = data(await trpc(platform(), 'query', 'raffle.current', undefined, player.token));
    expect(raffle.mine.tickets).toBe(10);
    await expectLedgerOk();
  });
});
