import { sql } from 'kysely';
import { expect } from 'vitest';
import { parseAmount } from '../../server/src/domain/wallet/amounts.js';
import {
  expectLegacyError,
  FAST_HASHING,
  http,
  RELAXED_LIMITS,
  type HttpResult,
  type signedInAccount,
} from './auth.js';
import type { TestPlatform } from './platform.js';
import { platformSuite } from './platform-suite.js';
import { activeSeeds } from './round-floats.js';
import { TestSocket } from './socket-client.js';
import { rafflePerWagerEnv } from './test-clock.js';
import { fundedAccount, trpc, WALLET_TEST_ENV } from './wallet.js';

export type Player = Awaited<ReturnType<typeof signedInAccount>>;

/**
 * One game's integration suite: a platform for the file (started before its tests, stopped after them) with quick
 * hashing, relaxed rate limits, the wallet's test settings and a raffle ticket per wagered unit, plus `env` (the
 * game's table limits), and the looks at it every game's tests take.
 */
export function gameSuite(env: Record<string, string> = {}) {
  const suite = platformSuite({
    ...FAST_HASHING,
    ...RELAXED_LIMITS,
    ...WALLET_TEST_ENV,
    ...rafflePerWagerEnv(),
    ...env,
  });
  const started = (): TestPlatform => {
    if (!suite.platform) throw new Error("The game suite's platform is not started yet (use it inside a test)");
    return suite.platform;
  };
  const services = () => started().platform.services;
  const db = () => started().platform.infra.db;
  const data = (answer: { status: number; body: any }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };
  return {
    platform: started,
    services,
    db,
    post: (player: Player, path: string, body: unknown) =>
      http(started().url, 'POST', path, body, { token: player.token }),
    get: (player: Player | null, path: string) => http(started().url, 'GET', path, undefined, { token: player?.token }),
    balances: (player: Player) => services().wallet.ledger.balances(player.user.id),
    balance: async (player: Player, currency: 'USD' | 'BZU' = 'USD') =>
      (await services().wallet.ledger.balances(player.user.id))[currency],
    /** Rows in `table` (bets or ledger transactions), to show a refused bet wrote nothing. */
    count: async (table: 'bets' | 'ledger_transactions') =>
      Number((await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db())).rows[0]!.n),
    counts: async () =>
      (
        await sql<{
          bets: number;
          ledger: number;
        }>`select (select count(*)::int from bets) as bets, (select count(*)::int from ledger_transactions) as ledger`.execute(
          db(),
        )
      ).rows[0]!,
    expectLedgerOk: async () => expect(await services().wallet.ledger.check()).toEqual([]),
    /** A tRPC answer's data, after checking it is a 200. */
    data,
    /** The active seed pair, created by the first look as the player's client would. */
    seedsOf: async (player: Player) => {
      data(await trpc(started(), 'query', 'fairness.current', undefined, player.token));
      return activeSeeds(db(), player.user.id);
    },
  };
}

export type GameSuite = ReturnType<typeof gameSuite>;

/** A self-excluded player's bet (placed by `place`) is 403 SELF_EXCLUDED and changes neither the bets nor the balance. */
export async function expectSelfExcludedRefused(suite: GameSuite, place: (player: Player) => Promise<HttpResult>) {
  const player = await fundedAccount(suite.platform(), '5');
  await suite.services().wallet.responsibleGaming.selfExclude(player.user.id, '24h');
  const before = await suite.count('bets');
  expectLegacyError(await place(player), 403, /self-excluded/, 'SELF_EXCLUDED');
  expect(await suite.count('bets')).toBe(before);
  expect((await suite.balances(player)).USD).toBe(parseAmount('5'));
}

/**
 * Places a bet (by `place`, expecting 201) while the player watches the public bet feed and their own game results:
 * the bet's feed frame arrives, then its game result; the feed's recent bets list it too.
 */
export async function betSeenLive(suite: GameSuite, player: Player, place: () => Promise<HttpResult>) {
  const socket = await TestSocket.open(suite.platform().url, `?token=${player.token}`);
  socket.send({ type: 'subscribe', channels: ['bets', `game-results:${player.user.id}`] });
  await socket.next((f) => f.type === 'subscribed' && f.channel === `game-results:${player.user.id}`);
  const bet = await place();
  expect(bet.status).toBe(201);
  const frame = await socket.next((f) => f.type === 'bet' && f.channel === 'bets' && f.data.id === bet.body.id);
  await socket.next((f) => f.type === 'game-result' && f.data.id === bet.body.id);
  socket.ws.close();
  expect(
    suite.data(await trpc(suite.platform(), 'query', 'bets.recent', { feed: 'all' })).map((b: any) => b.id),
  ).toContain(bet.body.id);
  return { bet, frame };
}
