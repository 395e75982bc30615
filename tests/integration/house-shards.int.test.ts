import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesNetInPeriod } from '../../db/repositories/economy.repo.js';
import { GAMES_HOUSE_CODES, gamesHouseCode, gamesHouseShard } from '../../db/repositories/house-shards.js';
import { providerReconciliation } from '../../db/repositories/providers.repo.js';
import { houseGamesRevenue } from '../../db/repositories/token-economy.repo.js';
import type { ChainRow } from '../../db/repositories/rounds.repo.js';
import { CRASH_GAME } from '../../server/src/domain/games/crash/crash.game.js';
import { msToReach } from '../../server/src/domain/games/crash/rules.js';
import { ratio } from '../../server/src/domain/games/shared/ratio.js';
import type { AnyRoundGame } from '../../server/src/domain/rounds/round-game.js';
import { http } from '../support/auth.js';
import { ROUND_GAME_ENV } from '../support/round-games.js';
import { closeBetting, installVectorChain, runningFor } from '../support/crash.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { fundedAccount } from '../support/wallet.js';

const E8 = 100_000_000n;
const crash = CRASH_GAME as unknown as AnyRoundGame;

/**
 * Issue #47 point 1: house:games in shards (db/repositories/house-shards.ts). A player's postings move that player's
 * shard; every reader of the house's games account sums the shards; the ledger's invariants and the round's
 * exact-once settlement hold with many players cashing out at once.
 */
describe('the games house account in shards', () => {
  let platform: TestPlatform;
  let chain: ChainRow;
  const services = () => platform.platform.services;
  const db = () => platform.platform.infra.db;
  const ledger = () => services().wallet.ledger;
  const usd = (account: { user: number } | { house: 'games' | 'deposits' }, amount: bigint) => ({
    account,
    currency: 'USD' as const,
    amount,
  });
  /** The house's games balance read shard by shard, straight from the table. */
  const shardBalances = async () => {
    const { rows } = await sql<{ code: string; balance: string }>`
      select code, balance_e8::text as balance from ledger_accounts where code = any(${GAMES_HOUSE_CODES}::text[])
      and currency = 'USD'`.execute(db());
    return new Map(rows.map((row) => [row.code, BigInt(row.balance)]));
  };
  /** Funded players made one after another (sign-ups hash passwords: a busy machine refuses a burst of them). */
  const accounts = async (count: number) => {
    const made: Awaited<ReturnType<typeof fundedAccount>>[] = [];
    for (let i = 0; i < count; i += 1) made.push(await fundedAccount(platform, '10'));
    return made;
  };
  const sum = (values: Iterable<bigint>) => [...values].reduce((a, b) => a + b, 0n);

  beforeAll(async () => {
    platform = await startTestPlatform({ ...ROUND_GAME_ENV, GAME_MAX_PROFIT_USD: '50' });
    chain = await installVectorChain(db());
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('a posting moves its player shard; the balance, the revenue reports and the provider reconciliation sum them', async () => {
    const shards = await shardBalances();
    // The migration created every shard in both currencies, at zero unless played on.
    expect([...shards.keys()].sort()).toEqual([...GAMES_HOUSE_CODES].sort());
    const start = new Date(Date.now() - 60_000);
    const before = await ledger().houseBalances('games');
    const players = await accounts(3);
    for (const [i, player] of players.entries()) {
      await ledger().post({
        key: `shard-test:${player.user.id}`,
        kind: 'bet-stake',
        userId: player.user.id,
        legs: [usd({ user: player.user.id }, -BigInt(i + 1) * E8), usd({ house: 'games' }, BigInt(i + 1) * E8)],
      });
      const entry = await sql<{ code: string }>`
        select a.code from ledger_entries e join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id
        where t.idempotency_key = ${`shard-test:${player.user.id}`} and a.kind = 'house'`.execute(db());
      expect(entry.rows).toEqual([{ code: gamesHouseCode(gamesHouseShard(player.user.id)) }]);
    }
    // Postings that name no player (a funding, a burn) use shard 0, the original row.
    await ledger().post({
      key: 'shard-test:unnamed',
      kind: 'rain-funding',
      legs: [usd({ house: 'games' }, -E8 / 2n), usd({ house: 'deposits' }, E8 / 2n)],
    });
    const shard0 = await sql<{ code: string }>`
      select a.code from ledger_entries e join ledger_accounts a on a.id = e.account_id
      join ledger_transactions t on t.id = e.transaction_id
      where t.idempotency_key = 'shard-test:unnamed' and a.code like 'house:games%'`.execute(db());
    expect(shard0.rows).toEqual([{ code: 'house:games' }]);

    const gained = 6n * E8 - E8 / 2n;
    expect((await ledger().houseBalances('games')).USD).toBe(before.USD + gained);
    expect(sum((await shardBalances()).values())).toBe(before.USD + gained);
    const end = new Date(Date.now() + 60_000);
    expect((await gamesNetInPeriod(db(), start, end)).get('USD')).toBe(gained);
    // The buy-and-burn's revenue counts every shard (a rain funding is not excluded there: it is house money out).
    expect(await houseGamesRevenue(db(), start, end)).toBe(gained);
    // A provider's wager lands on its player's shard and the reconciliation still finds it.
    await ledger().post({
      key: 'provider:shard-prov:tx1',
      kind: 'provider-bet',
      userId: players[1]!.user.id,
      memo: { provider: 'shard-prov', transactionId: 'tx1' },
      legs: [usd({ user: players[1]!.user.id }, -E8), usd({ house: 'games' }, E8)],
    });
    const reconciled = (await providerReconciliation(db())).find((row) => row.providerId === 'shard-prov');
    expect(reconciled).toMatchObject({ kind: 'bet', ledger: E8, recorded: 0n });
    expect(await ledger().check()).toEqual([]);
  });

  it('many parallel bets and payouts across the shards leave the ledger check clean and every balance exact', async () => {
    const players = await accounts(8);
    expect(new Set(players.map((p) => gamesHouseShard(p.user.id))).size).toBeGreaterThan(4);
    const before = await ledger().houseBalances('games');
    await Promise.all(
      players.flatMap((player) =>
        Array.from({ length: 6 }, (_, n) =>
          ledger().post({
            key: `shard-many:${player.user.id}:${n}`,
            kind: n % 2 === 0 ? 'bet-stake' : 'bet-payout',
            userId: player.user.id,
            // Stakes of 1 USD in, payouts of 0.5 USD out: each player ends 1.5 USD down.
            legs:
              n % 2 === 0
                ? [usd({ user: player.user.id }, -E8), usd({ house: 'games' }, E8)]
                : [usd({ house: 'games' }, -E8 / 2n), usd({ user: player.user.id }, E8 / 2n)],
          }),
        ),
      ),
    );
    for (const player of players) expect((await ledger().balances(player.user.id)).USD).toBe(10n * E8 - (3n * E8) / 2n);
    expect((await ledger().houseBalances('games')).USD).toBe(before.USD + 8n * ((3n * E8) / 2n));
    expect(await ledger().check()).toEqual([]);
  });

  it('a crash round: parallel cash-outs and the bust settle every bet once, balances exact; settling again pays nothing', async () => {
    const round = await services().rounds.openBetting(crash, chain, { bettingMs: 60_000, cooldownMs: 0 });
    const players = await accounts(16);
    const bets: string[] = [];
    for (const [i, player] of players.entries()) {
      const placed = await http(
        platform.url,
        'POST',
        '/api/crash/bets',
        { amount: 1, ...(i % 2 === 0 ? { autoCashout: 2 } : {}) },
        { token: player.token },
      );
      expect(placed.status).toBe(201);
      bets.push(placed.body.id as string);
    }
    const houseBefore = await ledger().houseBalances('games');
    await closeBetting(db(), round.id);
    const started = (await services().rounds.start(crash, chain, round))!.round;
    // Past 1.50x and short of the autos' 2.00x: every hand cash-out pays, no auto has triggered yet.
    await runningFor(db(), started.id, msToReach(150));
    const manual = players.map((player, i) => ({ player, bet: bets[i]! })).filter((_, i) => i % 2 === 1);
    // Each hand cash-out sent three times at once: one pays, the others are refused.
    const answers = await Promise.all(
      manual.flatMap(({ player, bet }) =>
        Array.from({ length: 3 }, () =>
          http(platform.url, 'POST', '/api/crash/cashout', { betId: bet }, { token: player.token }),
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(manual.length);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
    const paid = new Map<string, bigint>();
    for (const answer of answers.filter((a) => a.status === 200))
      paid.set(answer.body.id as string, BigInt(Math.round(Number(answer.body.payout) * 1e8)));

    expect((await services().rounds.end(crash, chain, started)).settled).toBe(players.length / 2);
    const rows = await sql<{ id: string; state: string; payout: string; payouts: string }>`
      select b.id::text as id, b.state, b.payout_e8::text as payout,
        (select count(*) from ledger_transactions t where t.idempotency_key = 'bet:' || b.id || ':payout')::text as payouts
      from bets b where b.round_id = ${round.id} order by b.id`.execute(db());
    expect(rows.rows).toHaveLength(players.length);
    for (const row of rows.rows) expect(row).toMatchObject({ state: 'won', payouts: '1' });
    for (const [i, player] of players.entries()) {
      const payout = i % 2 === 0 ? 2n * E8 : paid.get(bets[i]!)!;
      expect(payout).toBeGreaterThanOrEqual((3n * E8) / 2n);
      expect((await ledger().balances(player.user.id)).USD).toBe(9n * E8 + payout);
    }
    const totalPaid = sum(rows.rows.map((row) => BigInt(row.payout)));
    expect((await ledger().houseBalances('games')).USD).toBe(houseBefore.USD - totalPaid);

    // The bust's settlement run again over the same bets (as a resumed runner would): nothing is paid twice.
    const again = await services().games.engine.settleRoundWinners(
      bets.map((betId) => ({ betId, settlement: { multiplier: ratio(2n), outcome: { auto: true } } })),
      crash.houseEdgePpm,
    );
    expect(again).toEqual([]);
    expect((await ledger().houseBalances('games')).USD).toBe(houseBefore.USD - totalPaid);
    expect(await ledger().check()).toEqual([]);
  });
});
