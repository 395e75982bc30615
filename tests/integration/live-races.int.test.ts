import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RaceService } from '../../server/src/domain/promotions/races.service.js';
import { signedInAccount } from '../support/auth.js';
import { platformSuite } from '../support/platform-suite.js';
import { fundPlayer, trpc, PLAYING_TEST_ENV } from '../support/wallet.js';

type Player = Awaited<ReturnType<typeof signedInAccount>>;

/**
 * The bet path's live-race snapshot (LiveRaces): a bet in no live race runs no race statement, and a race another
 * process created after this process's snapshot still counts every bet settled since, once the next snapshot finds it.
 * "Another process" is a second RaceService on the same database, whose console this process never hears from.
 */
describe('live races on the bet path', { timeout: 120_000 }, () => {
  const suite = platformSuite(PLAYING_TEST_ENV);
  const db = () => suite.platform.platform.infra.db;
  const data = (answer: { status: number; body: any }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data;
  };
  const dice = async (player: Player, amount: string) =>
    data(
      await trpc(
        suite.platform,
        'mutation',
        'games.dice.bet',
        { amount, currency: 'USD', target: 50.5, condition: 'over' },
        player.token,
      ),
    ).bet as { id: string };
  const counted = async (raceId: string) =>
    (
      await sql<{
        bet_id: string;
      }>`select bet_id from race_bets where race_id = ${raceId} order by bet_id::bigint`.execute(db())
    ).rows.map((row) => row.bet_id);

  it('counts the bets settled before this process knew of a race created elsewhere, once each', async () => {
    const player = await signedInAccount(suite.platform);
    await fundPlayer(suite.platform, player.token, '50');
    let clock = Date.now();
    const races = new RaceService({
      db: db(),
      ledger: suite.platform.platform.services.wallet.ledger,
      announce: async () => undefined,
      now: () => new Date(clock),
      liveRacesRefreshMs: 1_000,
    });
    const settle = (bet: { id: string }) => races.onBetSettled({ betId: bet.id, currency: 'USD' });

    // No race: the snapshot says so and the bet is not counted anywhere.
    const before = await dice(player, '1');
    await settle(before);
    expect(await races.liveRaces.mayCount('USD')).toBe(false);

    // Another process opens a race starting now; this one's snapshot is still fresh.
    const { rows } = await sql<{ id: string }>`
      insert into promotions (kind, name, currency, starts_at, ends_at, games, status, prize_amounts_e8)
      values ('race', 'Élan 🏁', 'USD', now(), now() + interval '1 hour', '{}', 'active', '{1000000000}')
      returning id::text`.execute(db());
    const raceId = rows[0]!.id;
    const unseen = await dice(player, '2');
    await settle(unseen);
    expect(await counted(raceId)).toEqual([]);

    // The next snapshot finds the race and counts what was settled since the last one; later bets count as they settle.
    clock += 1_500;
    const after = await dice(player, '3');
    await settle(after);
    await settle(after);
    expect(await counted(raceId)).toEqual([unseen.id, after.id].sort((x, y) => Number(BigInt(x) - BigInt(y))));
    const entry = await sql<{ wagered_e8: string }>`
      select wagered_e8::text from race_entries where race_id = ${raceId} and user_id = ${Number(player.user.id)}`.execute(
      db(),
    );
    // 1 USD before the race started is not in it; 2 + 3 are, once each.
    expect(entry.rows.map((row) => row.wagered_e8)).toEqual(['500000000']);
  });
});
