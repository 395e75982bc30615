import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { entrantSources } from '../../db/repositories/raffle.repo.js';
import { http, type signedInAccount } from '../support/auth.js';
import { raffleStanding } from '../support/game-checks.js';
import { minesBoard } from '../support/mines.js';
import { platformSuite } from '../support/platform-suite.js';
import { launchSession, newId, registerProvider, walletCall } from '../support/providers.js';
import { fundedAccount, trpc, PLAYING_TEST_ENV } from '../support/wallet.js';

/**
 * The per-player figures pages read (raffle tickets, profile stats, VIP rakeback) come from running totals kept by
 * the rows' own statements (issue 47, point 5). Whatever path writes a bet (an instant bet, a multi-step round's
 * updates, a studio's bet and its rollback, parallel bets of one player), the totals equal the rows summed directly.
 */
describe('per-player running totals', () => {
  const suite = platformSuite(PLAYING_TEST_ENV);
  const db = () => suite.platform.platform.infra.db;
  type Player = Awaited<ReturnType<typeof signedInAccount>>;
  const post = (player: Player, path: string, body: unknown) =>
    http(suite.platform.url, 'POST', path, body, { token: player.token });

  /** Rows where the running totals and a direct sum over the rows disagree (empty: they agree), for one player. */
  async function disagreements(userId: number): Promise<string[]> {
    const { rows } = await sql<{ what: string }>`
      with direct_games as (
        select game, currency, count(*) as bets, sum(amount_e8) as wagered, sum(coalesce(payout_e8, 0) - amount_e8) as profit
        from bets where user_id = ${userId} and state <> 'open' group by game, currency
      ),
      direct_minutes as (
        select minute, currency, sum(amount) as wagered from (
          select date_trunc('minute', settled_at) as minute, currency, amount_e8 as amount
          from bets where user_id = ${userId} and state <> 'open'
          union all
          select date_trunc('minute', p.created_at), p.currency, p.amount_e8 from provider_transactions p
          where p.user_id = ${userId} and p.kind = 'bet' and not exists (select 1 from provider_transactions r
            where r.provider_id = p.provider_id and r.kind = 'rollback' and r.reference_transaction_id = p.transaction_id)
        ) d group by minute, currency
      ),
      direct_rakeback as (
        select currency, sum(rakeback_e8) as accrued, sum(wagered_e8) as wagered from bet_economy
        where user_id = ${userId} group by currency
      )
      select 'game ' || coalesce(d.game, t.game) || ' ' || coalesce(d.currency, t.currency) as what
      from direct_games d full join (select * from player_game_totals where user_id = ${userId} and bets <> 0) t
        on t.game = d.game and t.currency = d.currency
      where d.bets is distinct from t.bets or d.wagered is distinct from t.wagered_e8 or d.profit is distinct from t.profit_e8
      union all
      select 'minute ' || coalesce(d.minute, t.minute)::text
      from direct_minutes d full join (select * from player_wager_minutes where user_id = ${userId} and wagered_e8 <> 0) t
        on t.minute = d.minute and t.currency = d.currency
      where d.wagered is distinct from t.wagered_e8
      union all
      select 'rakeback ' || coalesce(d.currency, t.currency)
      from direct_rakeback d full join (select * from player_rakeback_totals where user_id = ${userId} and wagered_e8 <> 0) t
        on t.currency = d.currency
      where d.accrued is distinct from t.accrued_e8 or d.wagered is distinct from t.wagered_e8`.execute(db());
    return rows.map((row) => row.what);
  }

  it('instant bets, parallel bets of one player and a multi-step round keep every total equal to its rows', async () => {
    const player = await fundedAccount(suite.platform, '100');
    for (const target of [10, 50, 90]) {
      const bet = await post(player, '/api/games/dice/bets', { amount: 1, target, condition: 'over' });
      expect(bet.status, JSON.stringify(bet.body)).toBe(201);
    }
    const parallel = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(player, '/api/games/dice/bets', { amount: 0.5, target: 50, condition: 'under' }),
      ),
    );
    expect(parallel.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    // A mines round: opened (open bet, counted nowhere), revealed (an update of an open bet), cashed out (settled).
    const started = await post(player, '/api/games/mines/bets', { amount: 2, mines: 3 });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const board = await minesBoard(db(), player.user.id, started.body.fairness.nonce, 3);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).find((tile) => !board.includes(tile))!;
    expect((await post(player, `/api/games/mines/bets/${started.body.id}/reveal`, { tile: safe })).status).toBe(200);
    expect(await disagreements(player.user.id)).toEqual([]);
    expect((await post(player, `/api/games/mines/bets/${started.body.id}/cashout`, {})).status).toBe(200);

    expect(await disagreements(player.user.id)).toEqual([]);
    // The profile's stats read the totals: 23 dice bets staking 3 + 20 x 0.5 = 13 USD, one mines round of 2 USD.
    const stats = (await trpc(suite.platform, 'query', 'bets.stats', undefined, player.token)).body.result.data as {
      game: string;
      count: number;
      wagered: string;
    }[];
    expect(stats.map(({ game, count, wagered }) => ({ game, count, wagered }))).toEqual([
      { game: 'dice', count: 23, wagered: '13' },
      { game: 'mines', count: 1, wagered: '2' },
    ]);
  });

  it("a studio's bet counts for the raffle when it arrives and leaves it when rolled back", async () => {
    const provider = await registerProvider(suite.platform);
    const player = await fundedAccount(suite.platform, '50');
    const session = (await launchSession(suite.platform, provider, player.token, 'USD')).sessionToken;
    const call = (action: 'bet' | 'rollback', body: Record<string, unknown>) =>
      walletCall(suite.platform, provider, action, { sessionToken: session, requestId: newId('req'), ...body });
    const kept = await call('bet', {
      transactionId: newId('bet'),
      roundId: newId('round'),
      amount: '3',
      currency: 'USD',
    });
    expect(kept.body).toMatchObject({ status: 'OK' });
    const rolledBack = newId('bet');
    const roundId = newId('round');
    expect(
      (await call('bet', { transactionId: rolledBack, roundId, amount: '4', currency: 'USD' })).body,
    ).toMatchObject({ status: 'OK' });
    expect((await raffleStanding(suite.platform, player.token)).wageredUsd).toBe('7');
    const rollback = await call('rollback', {
      transactionId: newId('rb'),
      referenceTransactionId: rolledBack,
      roundId,
    });
    expect(rollback.body).toMatchObject({ status: 'OK' });
    expect((await raffleStanding(suite.platform, player.token)).wageredUsd).toBe('3');
    expect(await disagreements(player.user.id)).toEqual([]);
  });

  it('a period that does not start or end on a minute sums its partial minutes from the rows themselves', async () => {
    const player = await fundedAccount(suite.platform, '100');
    for (let i = 0; i < 5; i++) {
      expect((await post(player, '/api/games/dice/bets', { amount: 1.25, target: 50, condition: 'over' })).status).toBe(
        201,
      );
    }
    const { rows } = await sql<{ first: Date; last: Date }>`
      select min(settled_at) as first, max(settled_at) as last from bets where user_id = ${player.user.id}`.execute(
      db(),
    );
    const first = new Date(rows[0]!.first).getTime();
    const last = new Date(rows[0]!.last).getTime();
    const direct = async (from: number, to: number) =>
      (
        await sql<{ total: string }>`
          select coalesce(sum(amount_e8), 0)::text as total from bets
          where user_id = ${player.user.id} and state <> 'open' and settled_at >= ${new Date(from)} and settled_at < ${new Date(to)}`.execute(
          db(),
        )
      ).rows[0]!.total;
    // Windows cutting through the bets' own minute and its neighbours, aligned and not, long and short.
    const windows: [number, number][] = [
      [first - 90_500, last + 30_250],
      [first - 120_000, last + 1],
      [first, last],
      [first + 1, last + 1],
      [Math.floor(first / 60_000) * 60_000, Math.ceil((last + 1) / 60_000) * 60_000],
      [first - 3_600_000 - 7, last + 3_600_000 + 11],
    ];
    for (const [from, to] of windows) {
      const sources = await entrantSources(
        db(),
        { id: '0', opensAt: new Date(from), closesAt: new Date(to) },
        player.user.id,
      );
      expect((sources[0]?.wageredUsd ?? 0n).toString(), `window ${from}..${to}`).toBe(await direct(from, to));
    }
  });
});
