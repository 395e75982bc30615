/**
 * What the per-player running totals cost a settled bet (migration 20261202_0101): the same settled bet row inserted
 * into `bets` (its row trigger adds to player_game_totals and player_wager_minutes) and into a peer table of
 * the same shape with no triggers, on the same pool, in the same run, rounds interleaved. Each insert is its own
 * transaction, as a bet's row is written inside its settlement.
 *
 *   npm run bench -- running-totals [--rounds 3] [--bets 4000] [--connections 10] [--players 200]
 *
 * Reports rows/s per side (median over rounds) and the ratio totals/peer (1.0: free). Then audits the totals
 * against the rows.
 */
import pg from 'pg';
import { createMigratedDb } from '../../tests/support/database.js';
import { median, option } from './bench-client.js';

export async function run(args: string[]): Promise<{ withTotals: number; peer: number; ratio: number }> {
  const rounds = option(args, 'rounds', 3);
  const bets = option(args, 'bets', 4000);
  const connections = option(args, 'connections', 10);
  const players = option(args, 'players', 200);
  const database = await createMigratedDb();
  const pool = new pg.Pool({ connectionString: database.url, max: connections });
  try {
    await pool.query(
      `insert into users (login_name, public_username, email, password_hash)
       select 'totals' || n, 'Totals ' || n, 'totals' || n || '@bench.test', 'bench: no login' from generate_series(1, $1::int) n`,
      [players],
    );
    await pool.query(
      `insert into seed_pairs (user_id, server_seed, server_seed_hash, next_server_seed, next_server_seed_hash, client_seed)
       select id, md5('s' || id) || md5('t' || id), md5('h' || id) || md5('i' || id), md5('n' || id) || md5('m' || id),
              md5('o' || id) || md5('p' || id), md5('c' || id) from users`,
    );
    const { rows: pairs } = await pool.query<{ user_id: number; id: string }>(
      `select user_id, id from seed_pairs order by user_id`,
    );
    // The peer: the same columns, defaults, checks and indexes as bets, without its triggers or foreign keys' targets.
    await pool.query(`create table bets_peer (like bets including defaults including constraints including indexes)`);
    let nonce = 0;
    const insert = (table: 'bets' | 'bets_peer', i: number) => {
      const pair = pairs[i % pairs.length]!;
      const won = i % 2 === 0;
      return pool.query(
        `insert into ${table} (user_id, game, currency, amount_e8, payout_e8, multiplier, state, params, outcome, seed_pair_id, nonce, settled_at)
         values ($1, 'dice', 'USD', 1000000, $2, $3, $4, '{"target":50,"condition":"over"}', '{"roll":75.5}', $5, $6, now())`,
        [pair.user_id, won ? 1980000 : 0, won ? '1.9800' : '0.0000', won ? 'won' : 'lost', pair.id, nonce++],
      );
    };
    const rate = async (table: 'bets' | 'bets_peer') => {
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (next < bets) await insert(table, next++);
        }),
      );
      return bets / ((performance.now() - started) / 1000);
    };
    await rate('bets');
    await rate('bets_peer');
    const withTotals: number[] = [];
    const peer: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const [first, second] = round % 2 === 0 ? (['bets', 'bets_peer'] as const) : (['bets_peer', 'bets'] as const);
      for (const table of [first, second]) (table === 'bets' ? withTotals : peer).push(await rate(table));
    }
    const { rows: drift } = await pool.query<{ n: string }>(`
      select count(*)::text as n from (
        select user_id, game, currency, count(*) as bets, sum(amount_e8) as wagered from bets group by 1, 2, 3
      ) d full join player_game_totals t using (user_id, game, currency)
      where d.bets is distinct from t.bets or d.wagered is distinct from t.wagered_e8`);
    const result = { withTotals: median(withTotals), peer: median(peer), ratio: median(withTotals) / median(peer) };
    console.log(
      `settled bet rows/s, ${connections} connections, ${players} players, median of ${rounds}: with running totals ${result.withTotals.toFixed(0)}, peer without ${result.peer.toFixed(0)}: x${result.ratio.toFixed(2)}`,
    );
    console.log(`audit: ${drift[0]!.n} players whose totals differ from their rows`);
    return result;
  } finally {
    await pool.end();
    await database.drop();
  }
}
