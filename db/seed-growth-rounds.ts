/**
 * The round games' and the studios' part of a year of play (db/seed-growth.ts): ended crash, wheel and bingo rounds
 * with their settled bets, and provider rounds (a bet and, every other round, a win) on one seeded studio. Runs inside
 * the growth seed's transaction, after its dice bets: each bet and provider call adds its stake and payout to the
 * seed's ledger plan (`g_tx`) through `g_extra_tx`, so the ledger the seed writes covers them and `ledger:check` holds.
 *
 * The bets and provider calls are inserted with the session's triggers back on, so the running totals
 * (player_game_totals, player_wager_minutes) are kept by the platform's own triggers rather than by a second copy of
 * their rules here. Rounds belong to ended chains (`active = false`): the platform commits its own chain at start.
 */
type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface RoundGrowthOptions {
  /** Bets on round games, split crash 60%, wheel 25%, bingo 15%, about eight a round. */
  roundBets: number;
  /** Provider rounds: one bet each, half of them won at 2x. */
  providerRounds: number;
}

export const DEFAULT_ROUND_GROWTH: RoundGrowthOptions = { roundBets: 200_000, providerRounds: 100_000 };

export const GROWTH_PROVIDER = 'growth-studio';
const PLAYERS_A_ROUND = 8;
const SHARES = [
  ['crash', 60],
  ['wheel', 25],
  ['bingo', 15],
] as const;

/** A 64-digit hex hash from a text, as Postgres computes it (the seeded rounds' revealed hashes). */
const HASH = (text: string) => `encode(sha256(convert_to(${text}, 'UTF8')), 'hex')`;

/**
 * Creates the rounds, the round bets (as `bets` rows) and the provider catalogue, and fills `g_extra_tx` with the
 * ledger movements they need. `g_players` (slot, id) and the dice bets' `g_bets` must exist. Provider transactions
 * name their ledger transaction, so they are written afterwards by `insertProviderTransactions`.
 */
export async function seedRoundGames(
  q: Query,
  options: RoundGrowthOptions,
  players: { count: number; whaleShare: number },
  unit: bigint,
) {
  // A round's eight players are distinct slots out of players 1..count-1 (the whale, slot 0, plays dice).
  if (options.roundBets > 0 && players.count < PLAYERS_A_ROUND + 2)
    throw new RangeError(`round bets need at least ${PLAYERS_A_ROUND + 2} players`);
  await q(
    `create temp table g_extra_tx (ord bigint, step int, user_id int, key text, kind text, bet_id bigint, amount bigint,
       what text, memo jsonb, provider_tx jsonb, at timestamptz) on commit drop`,
  );
  let rounds = 0;
  for (const [game, share] of SHARES) {
    const bets = Math.floor((options.roundBets * share) / 100);
    if (bets === 0) continue;
    const gameRounds = Math.max(1, Math.ceil(bets / PLAYERS_A_ROUND));
    rounds += gameRounds;
    await seedGame(q, game, bets, gameRounds, players.count, unit);
  }
  await seedProviderRounds(q, options.providerRounds, players, unit);
  return { rounds, roundBets: options.roundBets, providerRounds: options.providerRounds };
}

async function seedGame(q: Query, game: string, bets: number, rounds: number, players: number, unit: bigint) {
  const { rows } = await q(
    `insert into round_chains (game, length, checkpoint_every, terminal_hash, salt, salt_set_at, committed_at, active)
     values ($1, $2::int, 1000, ${HASH(`'growth-chain-' || $1::text`)}, 'growth salt', now() - interval '1 year',
             now() - interval '1 year', false)
     returning id`,
    [game, rounds],
  );
  const chainId = rows[0]!.id as string;
  // One round every `spacing` seconds over the past year, the newest ending a minute ago.
  const spacing = Math.max(1, Math.floor((365 * 86_400) / rounds));
  // The result each round's bets are settled against: a crash point in hundredths (1.00x-11.23x), a wheel number, a
  // bingo draw cut at its 40th ball.
  const result =
    game === 'crash'
      ? `jsonb_build_object('crashPoint', 100 + (hashtext('r' || r.n) & 1023))`
      : game === 'wheel'
        ? `jsonb_build_object('spins', jsonb_build_array(r.n % 54), 'value', (array[1, 2, 4, 10, 42])[1 + r.n % 5], 'multiplier', 1)`
        : `jsonb_build_object('draw', (select jsonb_agg(b order by md5(r.n || ':' || b)) from generate_series(1, 75) b), 'called', 40, 'pots', '{}'::jsonb)`;
  await q(
    `insert into rounds (game, chain_id, number, state, hash, result, betting_ends_at, started_at, ended_at, created_at)
     select $1, $2::bigint, r.n, 'ended', ${HASH(`$1 || ':' || r.n`)}, ${result}, r.at - interval '10 seconds',
            r.at - interval '9 seconds', r.at, r.at - interval '20 seconds'
     from (select n, now() - interval '1 minute' - make_interval(secs => ($3::int - n) * $4::int) as at
           from generate_series(1, $3::int) n) r`,
    [game, chainId, rounds, spacing],
  );
  // Bet k rides round k % rounds; the players of one round are distinct slots (one bet a player a round).
  await q(
    `create temp table g_round_bets on commit drop as
     with raw as (
       select k, k % $3::int + 1 as number, k / $3::int as seat from generate_series(0, $2::int - 1) k)
     select raw.k, ro.id as round_id, ro.ended_at as at, ro.result, p.id as user_id, sp.id as seed_pair_id,
            nextval('bets_id_seq') as bet_id,
            case $1 when 'crash' then (ro.result->>'crashPoint')::int >= 200
                    when 'wheel' then (ro.result->>'value')::int = 2
                    else raw.k % 9 = 0 end as won
     from raw
     join rounds ro on ro.chain_id = $4::bigint and ro.number = raw.number
     join g_players p on p.slot = 1 + (raw.number * 7919 + raw.seat) % greatest($5::int - 1, 1)
     join seed_pairs sp on sp.user_id = p.id and sp.active`,
    [game, bets, rounds, chainId, players],
  );
  // What each game's bet looks like once settled: crash cashes out at 2.00x automatically, the wheel's chip is on 2
  // (pays 3x), a bingo card wins 9x a ninth of the time.
  const shape: Record<string, { params: string; outcome: string; multiple: number }> = {
    crash: {
      params: `'{"autoCashout":200}'::jsonb`,
      outcome: `jsonb_build_object('auto', true, 'crashPoint', to_char(((b.result->>'crashPoint')::int / 100.0), 'FM99990.00'))`,
      multiple: 2,
    },
    wheel: {
      params: `jsonb_build_object('chips', jsonb_build_array(jsonb_build_object('value', 2, 'amount', '1')))`,
      outcome: `b.result`,
      multiple: 3,
    },
    bingo: {
      params: `jsonb_build_object('cards', jsonb_build_array((select jsonb_agg(c) from generate_series(1 + b.k % 50, 25 + b.k % 50) c)))`,
      outcome: `case when b.won then '{"prizes":[{"prize":"full house"}]}'::jsonb else '{"prizes":[]}'::jsonb end`,
      multiple: 9,
    },
  };
  const { params, outcome, multiple } = shape[game]!;
  // Round bets take the player's next nonces after their dice bets (a pair's nonces never repeat).
  await q(`set local session_replication_role = origin`);
  await q(
    `insert into bets (id, user_id, game, currency, amount_e8, payout_e8, multiplier, state, params, outcome, seed_pair_id,
                       nonce, created_at, settled_at, round_id)
     select b.bet_id, b.user_id, $1, 'USD', $2::bigint, case when b.won then $3::int * $2::bigint else 0 end,
            case when b.won then to_char($3::int, 'FM9990') || '.0000' else '0.0000' end,
            case when b.won then 'won' else 'lost' end, ${params}, ${outcome}, b.seed_pair_id,
            coalesce((select max(nonce) from bets d where d.seed_pair_id = b.seed_pair_id), -1)
              + row_number() over (partition by b.seed_pair_id order by b.k),
            b.at - interval '15 seconds', b.at, b.round_id
     from g_round_bets b`,
    [game, unit.toString(), multiple],
  );
  await q(`set local session_replication_role = replica`);
  await q(
    `insert into g_extra_tx (ord, step, user_id, key, kind, bet_id, amount, what, memo, at)
     select b.k, 1, b.user_id, 'bet:' || b.bet_id || ':stake', 'bet-stake', b.bet_id, $2::bigint, 'stake',
            jsonb_build_object('betId', b.bet_id::text, 'game', $1::text), b.at - interval '15 seconds' from g_round_bets b
     union all
     select b.k, 2, b.user_id, 'bet:' || b.bet_id || ':payout', 'bet-payout', b.bet_id, $3::int * $2::bigint, 'payout',
            jsonb_build_object('betId', b.bet_id::text, 'game', $1::text), b.at from g_round_bets b where b.won`,
    [game, unit.toString(), multiple],
  );
  await q(`drop table g_round_bets`);
}

async function seedProviderRounds(
  q: Query,
  providerRounds: number,
  players: { count: number; whaleShare: number },
  unit: bigint,
) {
  if (providerRounds === 0) return;
  await q(
    `insert into providers (id, name, secret, origin, launch_url_template)
     values ($1, 'Growth Studio', 'growth-seed-secret-not-for-use', 'https://growth.studio.test',
             'https://growth.studio.test/launch?token={token}')`,
    [GROWTH_PROVIDER],
  );
  await q(
    `insert into provider_games (provider_id, game_id, name, category, rtp_percent, max_multiplier)
     select $1, 'growth-slot-' || g, 'Growth Slot ' || g, 'slots', 96.5, 5000 from generate_series(1, 10) g`,
    [GROWTH_PROVIDER],
  );
  // Round r: a 1 USD bet, and on every other round a 2 USD win, five minutes apart up to now; the whale (slot 0) plays
  // one round in whaleShare, as it places one dice bet in whaleShare.
  await q(
    `insert into g_extra_tx (ord, step, user_id, key, kind, bet_id, amount, what, memo, provider_tx, at)
     select r, s.step, p.id, 'provider:' || $1 || ':' || s.kind || '-' || r, 'provider-' || s.kind, null,
            s.multiple * $4::bigint, case s.kind when 'bet' then 'stake' else 'payout' end,
            jsonb_build_object('provider', $1::text, 'transactionId', s.kind || '-' || r, 'roundId', 'round-' || r,
                               'gameId', 'growth-slot-' || (1 + r % 10)),
            jsonb_build_object('kind', s.kind, 'roundId', 'round-' || r, 'gameId', 'growth-slot-' || (1 + r % 10),
                               'at', now() - make_interval(secs => ($2::int - r) * 300) + make_interval(secs => s.step)),
            now() - make_interval(secs => ($2::int - r) * 300) + make_interval(secs => s.step)
     from generate_series(1, $2::int) r
     join g_players p on p.slot = case when $5::int > 0 and r % $5::int = 0 then 0
                                       else 1 + (r * 31) % greatest($3::int - 1, 1) end
     cross join lateral (values (1, 'bet', 1), (2, 'win', 2)) s(step, kind, multiple)
     where s.kind = 'bet' or r % 2 = 0`,
    [GROWTH_PROVIDER, providerRounds, players.count, unit.toString(), players.whaleShare],
  );
}

/** The provider calls, each naming the ledger transaction the seed wrote for it (triggers on: the wager totals). */
export async function insertProviderTransactions(q: Query) {
  await q(`set local session_replication_role = origin`);
  await q(
    `insert into provider_transactions (provider_id, transaction_id, request_id, kind, round_id, game_id, amount_e8,
                                        currency, user_id, ledger_transaction_id, created_at)
     select $1, t.memo->>'transactionId', 'req-' || (t.memo->>'transactionId'), t.provider_tx->>'kind',
            t.provider_tx->>'roundId', t.provider_tx->>'gameId', t.amount, 'USD', t.user_id, t.tx_id,
            (t.provider_tx->>'at')::timestamptz
     from g_tx t where t.provider_tx is not null order by t.seq`,
    [GROWTH_PROVIDER],
  );
  await q(`set local session_replication_role = replica`);
}
