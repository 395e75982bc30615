/**
 * Growth seeding: a database that looks like a year of a busy casino, for the growth bench (docs/performance.md).
 * Players with funded USD accounts and seed pairs, settled dice bets with their stake and payout ledger
 * transactions (balanced, running balances exact, so `ledger:check` passes), and chat messages.
 *
 *   npm run seed:growth -- [--players 10000] [--bets 1000000] [--chat 500000] [--whale-share 15] [--today-bets 0]
 *     [--database-url URL]
 *
 * Set-based: every table is filled by one INSERT ... SELECT over generate_series inside Postgres (no row crosses the
 * wire, which is faster than COPY from node), with triggers off for the session (session_replication_role = replica:
 * the per-row deferred balance trigger and the foreign-key checks would cost more than the inserts). What those
 * triggers guard is guaranteed by construction and verified by the ledger check the test and the bench run after.
 * One bet in `whaleShare` goes to the first player (the admin ledger bench needs one player with ~100,000 entries);
 * the rest are spread evenly. Each bet stakes 1 USD on "over 50.5": won (pays 2 USD) when a hash of its number is
 * even, so about half pay out and entries ~= 2 x bets x 1.5.
 */
import pg from 'pg';
import { createDb } from './client.js';
import { migrateToLatest } from './migrate.js';
import {
  DEFAULT_ROUND_GROWTH,
  insertProviderTransactions,
  seedRoundGames,
  type RoundGrowthOptions,
} from './seed-growth-rounds.js';

export interface GrowthOptions extends Partial<RoundGrowthOptions> {
  players: number;
  bets: number;
  chat: number;
  /** One bet in this many is the whale's (player 1); 0: none. */
  whaleShare: number;
  /** Bets of one more player ("growth-today"), spread evenly from `todaySince` to now: a player of the day. */
  todayBets?: number;
  todaySince?: Date;
}

export interface GrowthCounts {
  players: number;
  bets: number;
  ledgerTransactions: number;
  ledgerEntries: number;
  chatMessages: number;
  rounds: number;
  roundBets: number;
  providerRounds: number;
  /** Entries of the whale's account (one per transaction of theirs). */
  whaleEntries: number;
  /** The player of the day's id and bets (todayBets), if any. */
  todayPlayer: number | null;
  todayBets: number;
  seconds: number;
}

export const DEFAULT_GROWTH: GrowthOptions = { players: 10_000, bets: 1_000_000, chat: 500_000, whaleShare: 15 };

const UNIT = 100_000_000n;
/** Every player starts with a million USD: no seeded walk of 1 USD bets can take an account below zero. */
const FUNDING = 1_000_000n * UNIT;

/** Fills a migrated database (it must hold no growth data yet). */
export async function seedGrowth(url: string, options: GrowthOptions): Promise<GrowthCounts> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  try {
    await q('begin');
    await q(`set local session_replication_role = replica`);
    await q(`set local work_mem = '256MB'`);
    const todayBets = options.todayBets ?? 0;
    // The player of the day is the last slot (login growth-today), after the year's players.
    const { rows: firstRows } = await q(
      `insert into users (login_name, public_username, email, password_hash)
       select case when n > $1::int then 'growth-today' else 'growth' || n end, 'Grower' || n, 'growth' || n || '@growth.test', 'seeded: no login'
       from generate_series(1, $1::int + $2::int) n returning id`,
      [options.players, todayBets > 0 ? 1 : 0],
    );
    const ids = firstRows.map((r: { id: number }) => r.id);
    await q(
      `create temp table g_players on commit drop as select row_number() over (order by id) - 1 as slot, id from users where id = any($1::int[])`,
      [ids],
    );
    await q(`create index on g_players (slot)`);
    await q(
      `insert into seed_pairs (user_id, server_seed, server_seed_hash, next_server_seed, next_server_seed_hash, client_seed)
       select id, md5('s' || id) || md5('t' || id), encode(sha256(convert_to(md5('s' || id) || md5('t' || id), 'UTF8')), 'hex'),
              md5('n' || id) || md5('m' || id), encode(sha256(convert_to(md5('n' || id) || md5('m' || id), 'UTF8')), 'hex'), md5('c' || id)
       from g_players`,
    );
    await q(
      `insert into ledger_accounts (code, currency, kind) values ('house:games', 'USD', 'house'), ('house:growth-seed', 'USD', 'house') on conflict do nothing`,
    );
    await q(
      `insert into ledger_accounts (code, currency, kind, user_id) select 'user:' || id, 'USD', 'user', id from g_players`,
    );

    // Who bets what: player slot (the whale takes every whaleShare-th bet, the player of the day the bets past the
    // year's), when, nonce per player in bet order, the result. The year's bets are one a second up to now.
    const todaySeconds = Math.max(
      1,
      (Date.now() - (options.todaySince ?? new Date(Date.now() - 3_600_000)).getTime()) / 1000,
    );
    await q(
      `create temp table g_bets on commit drop as
       with raw as (
         select n,
                case when n > $1::int then $3::int
                     when $2::int > 0 and n % $2::int = 0 then 0
                     else least(1 + (n % greatest($3::int - 1, 1)), $3::int - 1) end as slot,
                case when n > $1::int then now() - make_interval(secs => ($1::int + $4::int - n) * $5::float8 / greatest($4::int, 1))
                     else now() - make_interval(secs => ($1::int - n)) end as at,
                (hashtext('bet' || n) & 1) = 0 as won
         from generate_series(1, $1::int + $4::int) n)
       select r.n, r.at, p.id as user_id, r.won, sp.id as seed_pair_id,
              (row_number() over (partition by r.slot order by r.n) - 1)::int as nonce, nextval('bets_id_seq') as bet_id
       from raw r join g_players p on p.slot = r.slot join seed_pairs sp on sp.user_id = p.id and sp.active`,
      [options.bets, options.whaleShare, options.players, todayBets, todaySeconds],
    );
    await q(
      `insert into bets (id, user_id, game, currency, amount_e8, payout_e8, multiplier, state, params, outcome, seed_pair_id, nonce, created_at, settled_at)
       select bet_id, user_id, 'dice', 'USD', $1::bigint, case when won then 2 * $1::bigint else 0 end, case when won then '2.0000' else '0.0000' end,
              case when won then 'won' else 'lost' end, '{"target":50.5,"condition":"over"}'::jsonb,
              jsonb_build_object('roll', case when won then 75.5 else 25.5 end),
              seed_pair_id, nonce, at, at
       from g_bets`,
      [UNIT.toString()],
    );
    // The running totals the bets' triggers keep (off for this session): filled here from the same rows.
    await q(
      `insert into player_game_totals as t (user_id, game, currency, bets, wagered_e8, profit_e8)
       select user_id, 'dice', 'USD', count(*), count(*) * $1::bigint, sum(case when won then $1::bigint else -$1::bigint end)
       from g_bets group by user_id
       on conflict (user_id, game, currency) do update set bets = t.bets + excluded.bets,
         wagered_e8 = t.wagered_e8 + excluded.wagered_e8, profit_e8 = t.profit_e8 + excluded.profit_e8`,
      [UNIT.toString()],
    );
    await q(
      `insert into player_wager_minutes as t (user_id, minute, currency, wagered_e8)
       select user_id, date_trunc('minute', at), 'USD', count(*) * $1::bigint from g_bets group by 1, 2
       on conflict (user_id, minute, currency) do update set wagered_e8 = t.wagered_e8 + excluded.wagered_e8`,
      [UNIT.toString()],
    );
    const roundGrowth = await seedRoundGames(
      q,
      { roundBets: options.roundBets ?? 0, providerRounds: options.providerRounds ?? 0 },
      { count: options.players, whaleShare: options.whaleShare },
      UNIT,
    );
    await q(
      `update seed_pairs sp set nonce = c.n from (select seed_pair_id, max(nonce) + 1 as n from bets group by seed_pair_id) c where c.seed_pair_id = sp.id`,
    );

    // Ledger: one funding transaction per player, then per bet its stake and (when won) its payout, in bet order, each
    // dated at its bet (the period reports and the raffle's revenue read transactions by time: all dated at the seed's
    // moment, the open period would hold the whole year).
    await q(
      `create temp table g_tx on commit drop as
       select row_number() over (order by ord, step) as seq, * from (
         select 0::bigint as ord, 0 as step, id as user_id, 'growth:fund:' || id as key, 'growth-seed' as kind, null::bigint as bet_id, $1::bigint as amount, 'fund' as what, '{}'::jsonb as memo, null::jsonb as provider_tx, now() - interval '1 year 1 day' as at from g_players
         union all select n, 1, user_id, 'bet:' || bet_id || ':stake', 'bet-stake', bet_id, $2::bigint, 'stake', jsonb_build_object('betId', bet_id::text, 'game', 'dice'), null, at from g_bets
         union all select n, 2, user_id, 'bet:' || bet_id || ':payout', 'bet-payout', bet_id, 2 * $2::bigint, 'payout', jsonb_build_object('betId', bet_id::text, 'game', 'dice'), null, at from g_bets where won
         union all select ord, step, user_id, key, kind, bet_id, amount, what, memo, provider_tx, at from g_extra_tx) t`,
      [FUNDING.toString(), UNIT.toString()],
    );
    await q(`alter table g_tx add column tx_id bigint`);
    await q(`update g_tx set tx_id = nextval('ledger_transactions_id_seq')`);
    await q(
      `insert into ledger_transactions (id, idempotency_key, kind, user_id, memo, created_at)
       select tx_id, key, kind, user_id, memo, at from g_tx order by seq`,
    );
    const { rows: houses } = await q(
      `select code, id from ledger_accounts where code in ('house:games', 'house:growth-seed') and currency = 'USD'`,
    );
    const house = Object.fromEntries(houses.map((h: { code: string; id: string }) => [h.code, h.id]));
    // Two legs per transaction; the running balance of each account in transaction order is its balance_after.
    await q(
      `insert into ledger_entries (transaction_id, account_id, currency, amount_e8, balance_after_e8)
       select tx_id, account_id, 'USD', amount_e8, sum(amount_e8) over (partition by account_id order by seq, leg rows unbounded preceding)
       from (
         select t.seq, t.tx_id, a.id as account_id, 0 as leg,
                case t.what when 'stake' then -t.amount else t.amount end as amount_e8
         from g_tx t join ledger_accounts a on a.code = 'user:' || t.user_id and a.currency = 'USD'
         union all
         select t.seq, t.tx_id, case t.what when 'fund' then $1::bigint else $2::bigint end, 1,
                case t.what when 'stake' then t.amount else -t.amount end
         from g_tx t) legs
       order by seq, leg`,
      [house['house:growth-seed'], house['house:games']],
    );
    await q(
      `update ledger_accounts a set balance_e8 = a.balance_e8 + s.total, updated_at = now()
       from (select e.account_id, sum(e.amount_e8) as total from ledger_entries e join g_tx t on t.tx_id = e.transaction_id group by e.account_id) s
       where s.account_id = a.id`,
    );
    await insertProviderTransactions(q);
    await q(
      `insert into chat_messages (user_id, message, created_at)
       select p.id, 'growth message ' || n || ': gl hf, anyone up for a round of dice?', now() - make_interval(secs => ($1::int - n))
       from generate_series(1, $1::int) n join g_players p on p.slot = n % $2::int`,
      [options.chat, options.players],
    );
    const { rows: counted } = await q(
      `select (select count(*) from g_bets)::int as bets, (select count(*) from g_tx)::int as txs,
              (select count(*) * 2 from g_tx)::int as entries,
              (select count(*) from g_tx t join g_players p on p.id = t.user_id and p.slot = 0)::int as whale,
              (select id from g_players where slot = $1::int and $2::int > 0) as today`,
      [options.players, todayBets],
    );
    await q('commit');
    // Fresh statistics (the planner would otherwise plan the bench's first queries for empty tables) and the
    // visibility map set, as on a database a year old: autovacuum would otherwise work through it during the bench.
    await q('vacuum analyze');
    const c = counted[0] as { bets: number; txs: number; entries: number; whale: number; today: number | null };
    return {
      players: options.players,
      bets: c.bets,
      ledgerTransactions: c.txs,
      ledgerEntries: c.entries,
      chatMessages: options.chat,
      ...roundGrowth,
      whaleEntries: c.whale,
      todayPlayer: c.today,
      todayBets,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    await q('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

if (process.argv[1]?.endsWith('seed-growth.ts')) {
  const args = process.argv.slice(2);
  const url = option(args, 'database-url') ?? process.env.DATABASE_URL;
  if (!url) {
    console.error('seed:growth needs DATABASE_URL or --database-url');
    process.exit(1);
  }
  const number = (name: keyof GrowthOptions, flag: string) => Number(option(args, flag) ?? DEFAULT_GROWTH[name]);
  const options: GrowthOptions = {
    players: number('players', 'players'),
    bets: number('bets', 'bets'),
    chat: number('chat', 'chat'),
    whaleShare: number('whaleShare', 'whale-share'),
    todayBets: Number(option(args, 'today-bets') ?? 0),
    roundBets: Number(option(args, 'round-bets') ?? DEFAULT_ROUND_GROWTH.roundBets),
    providerRounds: Number(option(args, 'provider-rounds') ?? DEFAULT_ROUND_GROWTH.providerRounds),
  };
  const db = createDb({ url, maxConnections: 2 });
  await migrateToLatest(db);
  await db.destroy();
  const counts = await seedGrowth(url, options);
  console.log(JSON.stringify(counts));
}
