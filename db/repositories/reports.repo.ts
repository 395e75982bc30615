import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database>;

export type ReportPeriod = 'day' | 'week' | 'month';
export type GgrDimension = 'game' | 'family' | 'provider';

export interface ReportRange {
  /** First day (UTC, YYYY-MM-DD), inclusive. */
  from: string;
  /** Last day, inclusive. */
  to: string;
  period: ReportPeriod;
  currency: string;
}

/** Sums as exact integer text (1e-8 units); buckets are the period's first day. */
export interface GgrRow {
  bucket: string;
  key: string;
  bets: string;
  stakeE8: string;
  payoutE8: string;
  ggrE8: string;
}

export interface SummaryRow {
  bucket: string;
  ggrE8: string;
  rakebackE8: string;
  promotionsE8: string;
  houseTipsE8: string;
  ngrE8: string;
  depositsE8: string;
  deposits: number;
  withdrawalsE8: string;
  withdrawals: number;
  burnUsdE8: string;
  burnedBzuE8: string;
  activePlayers: number;
  newPlayers: number;
  depositingPlayers: number;
}

export interface RtpAggregate {
  provider: string;
  game: string;
  bets: string;
  stakeE8: string;
  payoutE8: string;
  ratioSum: number;
  ratioSqSum: number;
}

const bucketOf = (period: ReportPeriod) => sql`to_char(date_trunc(${period}, day::timestamp), 'YYYY-MM-DD')`;

/** GGR (stakes less wins) per period and per game, family or provider, from the daily aggregates. */
export async function ggrBy(db: Executor, range: ReportRange, by: GgrDimension): Promise<GgrRow[]> {
  const { rows } = await sql<{ bucket: string; key: string; bets: string; stake: string; payout: string }>`
    select ${bucketOf(range.period)} as bucket, ${sql.ref(by)} as key,
      sum(bets)::text as bets, sum(stake_e8)::text as stake, sum(payout_e8)::text as payout
    from report_game_days
    where day between ${range.from}::date and ${range.to}::date and currency = ${range.currency}
    group by 1, 2 order by 1, 2`.execute(db);
  return rows.map((row) => ({
    bucket: row.bucket,
    key: row.key,
    bets: row.bets,
    stakeE8: row.stake,
    payoutE8: row.payout,
    ggrE8: (BigInt(row.stake) - BigInt(row.payout)).toString(),
  }));
}

/** Per period: GGR, NGR and its deductions, money in and out, the burn, and distinct active/new/depositing players. */
export async function summary(db: Executor, range: ReportRange): Promise<SummaryRow[]> {
  const { rows } = await sql<Record<string, string>>`
    with buckets as (
      select distinct ${bucketOf(range.period)} as bucket
      from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as s(day)
    ),
    games as (
      select ${bucketOf(range.period)} as bucket, sum(stake_e8 - payout_e8) as ggr from report_game_days
      where day between ${range.from}::date and ${range.to}::date and currency = ${range.currency} group by 1
    ),
    money as (
      select ${bucketOf(range.period)} as bucket, sum(rakeback_e8) as rakeback, sum(promotions_e8) as promotions,
        sum(house_tips_e8) as tips, sum(deposits_e8) as deposits_e8, sum(deposits) as deposits,
        sum(withdrawals_e8) as withdrawals_e8, sum(withdrawals) as withdrawals, sum(burn_usd_e8) as burn_usd,
        sum(burned_bzu_e8) as burned_bzu
      from report_money_days
      where day between ${range.from}::date and ${range.to}::date and currency = ${range.currency} group by 1
    ),
    -- One row per player and period first (a hash aggregate), then plain counts: three count(distinct)s would sort
    -- the period's player-days three times.
    player_periods as (
      select date_trunc(${range.period}, day::timestamp) as period, user_id, bool_or(played) as played,
        bool_or(is_new) as is_new, bool_or(deposited) as deposited
      from report_player_days where day between ${range.from}::date and ${range.to}::date group by 1, 2
    ),
    players as (
      select to_char(period, 'YYYY-MM-DD') as bucket, count(*) filter (where played) as active,
        count(*) filter (where is_new) as new, count(*) filter (where deposited) as depositing
      from player_periods group by period
    )
    select b.bucket, coalesce(g.ggr, 0)::text as ggr, coalesce(m.rakeback, 0)::text as rakeback,
      coalesce(m.promotions, 0)::text as promotions, coalesce(m.tips, 0)::text as tips,
      coalesce(m.deposits_e8, 0)::text as deposits_e8, coalesce(m.deposits, 0)::text as deposits,
      coalesce(m.withdrawals_e8, 0)::text as withdrawals_e8, coalesce(m.withdrawals, 0)::text as withdrawals,
      coalesce(m.burn_usd, 0)::text as burn_usd, coalesce(m.burned_bzu, 0)::text as burned_bzu,
      coalesce(p.active, 0)::text as active, coalesce(p.new, 0)::text as new, coalesce(p.depositing, 0)::text as depositing
    from buckets b left join games g using (bucket) left join money m using (bucket) left join players p using (bucket)
    order by b.bucket`.execute(db);
  return rows.map((row) => {
    const ggr = BigInt(row.ggr!);
    const deductions = BigInt(row.rakeback!) + BigInt(row.promotions!) + BigInt(row.tips!);
    return {
      bucket: row.bucket!,
      ggrE8: ggr.toString(),
      rakebackE8: row.rakeback!,
      promotionsE8: row.promotions!,
      houseTipsE8: row.tips!,
      ngrE8: (ggr - deductions).toString(),
      depositsE8: row.deposits_e8!,
      deposits: Number(row.deposits),
      withdrawalsE8: row.withdrawals_e8!,
      withdrawals: Number(row.withdrawals),
      burnUsdE8: row.burn_usd!,
      burnedBzuE8: row.burned_bzu!,
      activePlayers: Number(row.active),
      newPlayers: Number(row.new),
      depositingPlayers: Number(row.depositing),
    };
  });
}

/** Every game's settled bets over all time (currencies together: a return ratio has no unit). */
export async function rtpAggregates(db: Executor): Promise<RtpAggregate[]> {
  const { rows } = await sql<{
    provider: string;
    game: string;
    bets: string;
    stake: string;
    payout: string;
    r1: number;
    r2: number;
  }>`
    select provider, game, sum(bets)::text as bets, sum(stake_e8)::text as stake, sum(payout_e8)::text as payout,
      sum(ratio_sum)::float8 as r1, sum(ratio_sq_sum)::float8 as r2
    from report_game_days group by provider, game order by provider, game`.execute(db);
  return rows.map((row) => ({
    provider: row.provider,
    game: row.game,
    bets: row.bets,
    stakeE8: row.stake,
    payoutE8: row.payout,
    ratioSum: Number(row.r1),
    ratioSqSum: Number(row.r2),
  }));
}

/** Published RTP (percent text) of every provider game. */
export async function providerGameRtps(db: Executor): Promise<{ provider: string; game: string; rtp: string }[]> {
  const { rows } = await sql<{ provider: string; game: string; rtp: string }>`
    select provider_id as provider, game_id as game, rtp_percent::text as rtp from provider_games`.execute(db);
  return rows;
}

/** The first day anything happened that a report counts (the rebuild's start), or null on an empty platform. */
export async function firstActivityDay(db: Executor): Promise<string | null> {
  const { rows } = await sql<{ day: string | null }>`
    select to_char(least(
      (select min(settled_at) from bets where state <> 'open'),
      (select min(created_at) from provider_transactions),
      (select min(created_at) from users)
    ) at time zone 'UTC', 'YYYY-MM-DD') as day`.execute(db);
  return rows[0]?.day ?? null;
}
