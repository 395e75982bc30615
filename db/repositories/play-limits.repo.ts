import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { precompiled } from '../precompiled.js';

type Executor = Kysely<Database>;

export type PlayLimitKind = 'loss' | 'wager';
export type PlayLimitPeriod = 'day' | 'week' | 'month';

/**
 * The amount of a play_limits row in force at `at` (an SQL expression over the row's columns): a pending raise or
 * removal whose 24 hours have passed is already the limit, so the bet path needs no job to apply it.
 */
export function playLimitInForceSql(at: string): string {
  return `(case when pending_effective_at is not null and pending_effective_at <= ${at}
    then (case when pending_removal then null else pending_amount_e8 end) else amount_e8 end)`;
}

/** Whether the user has a loss, wager or session-time limit (the bet path's cheap flag), as an SQL expression over `userId`. */
export function playLimitedSql(userId: string): string {
  return `(exists (select 1 from play_limits where user_id = ${userId})
    or exists (select 1 from session_time_limits where user_id = ${userId}))`;
}

/** USD 1e-8 units per unit of `currency` ($param: 'USD' or 'BZU'): 1e8 for USD, the latest BZU price for BZU. */
const unitPriceSql = (currency: string) => `(case when ${currency} = 'USD' then 100000000::numeric
  else (select price_e8::numeric from token_prices order by slot_at desc limit 1) end)`;

const SAME_WINDOW = 't.window_start = excluded.window_start';

/** A window's totals before a stake was charged: what a refusal explains. */
export interface WindowBeforeCharge {
  period: PlayLimitPeriod;
  lossLimit: bigint | null;
  wagerLimit: bigint | null;
  netLoss: bigint;
  staked: bigint;
  windowStart: Date;
}

export interface ChargeResult {
  /** Every limited period was charged (or there is none): the stake may go on. */
  charged: boolean;
  /** Some windows were charged and some not (a parallel stake filled one after the check): roll back. */
  partial: boolean;
  /** The stake in USD 1e-8 units (null: BZU without a price). */
  stakeUsd: bigint | null;
  windows: WindowBeforeCharge[];
}

/**
 * Charges one stake (and the payout it already won, for a bet settled at once) to every window with a limit, in one
 * statement, all or nothing: a stake is refused when, in any window, the net loss so far plus the stake (a stake can
 * lose at most itself) or the staked total plus the stake would pass a limit. A totals row from an older window counts
 * as zero and is restarted. The bet engine's bets of one player are already serialised by the nonce's row lock, so
 * the check is exact for them; for stakes outside it (sports, providers) the totals rows are locked first (`locked`
 * reads their latest versions), and the upsert re-checks each row, so a first-ever row inserted by a parallel stake
 * leaves fewer rows charged than limited (`partial`: the caller's transaction must roll back). Answers the windows as they were before, for the refusal's words.
 * $1 user, $2 the time of the bet, $3 currency, $4 stake, $5 payout (in the currency's units).
 */
const CHARGE_STAKE = precompiled<
  {
    period: PlayLimitPeriod;
    loss_limit: string | null;
    wager_limit: string | null;
    net_loss: string;
    staked: string;
    window_start: Date;
    stake_usd: string | null;
    wanted: number;
    charged: number;
  },
  [number, Date, string, bigint, bigint]
>(`
  with price as (select ${unitPriceSql('$3')} as unit),
  limits as (
    select period,
      max(amount) filter (where kind = 'loss') as loss_limit,
      max(amount) filter (where kind = 'wager') as wager_limit
    from (select period, kind, ${playLimitInForceSql('$2::timestamptz')} as amount from play_limits where user_id = $1) l
    where amount is not null
    group by period
  ),
  charge as (
    select floor($4::numeric * unit / 100000000)::bigint as stake, floor($5::numeric * unit / 100000000)::bigint as payout
    from price
  ),
  locked as (select * from play_limit_totals where user_id = $1 for update),
  cur as (
    select l.period, l.loss_limit, l.wager_limit, w.start as window_start,
      coalesce(case when t.window_start = w.start then t.net_loss_e8 end, 0) as net_loss,
      coalesce(case when t.window_start = w.start then t.staked_e8 end, 0) as staked
    from limits l
    cross join lateral (select date_trunc(l.period, $2::timestamptz, 'UTC') as start) w
    left join locked t on t.period = l.period
  ),
  fits as (
    select not exists (
      select 1 from cur, charge c
      where c.stake is null
        or (cur.loss_limit is not null and cur.net_loss + c.stake > cur.loss_limit)
        or (cur.wager_limit is not null and cur.staked + c.stake > cur.wager_limit)
    ) as ok
  ),
  charged as (
    insert into play_limit_totals as t (user_id, period, window_start, staked_e8, net_loss_e8, loss_limit_e8, wager_limit_e8)
    select $1, cur.period, cur.window_start, c.stake, c.stake - c.payout, cur.loss_limit, cur.wager_limit
    from cur, charge c, fits
    where fits.ok
    on conflict (user_id, period) do update set
      staked_e8 = (case when ${SAME_WINDOW} then t.staked_e8 else 0 end) + excluded.staked_e8,
      net_loss_e8 = (case when ${SAME_WINDOW} then t.net_loss_e8 else 0 end) + excluded.net_loss_e8,
      window_start = excluded.window_start,
      loss_limit_e8 = excluded.loss_limit_e8,
      wager_limit_e8 = excluded.wager_limit_e8
    where (excluded.loss_limit_e8 is null
        or (case when ${SAME_WINDOW} then t.net_loss_e8 else 0 end) + excluded.staked_e8 <= excluded.loss_limit_e8)
      and (excluded.wager_limit_e8 is null
        or (case when ${SAME_WINDOW} then t.staked_e8 else 0 end) + excluded.staked_e8 <= excluded.wager_limit_e8)
    returning 1
  )
  select cur.period, cur.loss_limit::text as loss_limit, cur.wager_limit::text as wager_limit,
    cur.net_loss::text as net_loss, cur.staked::text as staked, cur.window_start,
    (select stake from charge)::text as stake_usd,
    (select count(*) from cur)::int as wanted, (select count(*) from charged)::int as charged
  from cur`);

export async function chargeStake(
  db: Executor,
  input: { userId: number; at: Date; currency: string; stake: bigint; payout: bigint },
): Promise<ChargeResult> {
  const rows = await CHARGE_STAKE.run(db, input.userId, input.at, input.currency, input.stake, input.payout);
  const first = rows[0];
  if (!first) return { charged: true, partial: false, stakeUsd: null, windows: [] };
  return {
    charged: first.charged === first.wanted,
    partial: first.charged > 0 && first.charged < first.wanted,
    stakeUsd: first.stake_usd === null ? null : BigInt(first.stake_usd),
    windows: rows.map((row) => ({
      period: row.period,
      lossLimit: row.loss_limit === null ? null : BigInt(row.loss_limit),
      wagerLimit: row.wager_limit === null ? null : BigInt(row.wager_limit),
      netLoss: BigInt(row.net_loss),
      staked: BigInt(row.staked),
      windowStart: new Date(row.window_start),
    })),
  };
}

/**
 * A payout settled after its stake (a round game, a sports bet, a provider's win) lowers the net loss of the windows
 * its stake was charged to, when they are still the current ones (a window that ended is gone with its totals).
 */
const CREDIT_PAYOUT = precompiled<never, [number, Date, string, bigint]>(`
  update play_limit_totals
  set net_loss_e8 = net_loss_e8 - coalesce(floor($4::numeric * ${unitPriceSql('$3')} / 100000000)::bigint, 0)
  where user_id = $1 and window_start = date_trunc(period, $2::timestamptz, 'UTC')`);

export async function creditPayout(
  db: Executor,
  input: { userId: number; at: Date; currency: string; payout: bigint },
): Promise<void> {
  await CREDIT_PAYOUT.run(db, input.userId, input.at, input.currency, input.payout);
}

export interface PlayLimitState {
  kind: PlayLimitKind;
  period: PlayLimitPeriod;
  /** In force at `at` (null: none, only a pending change). */
  amount: bigint | null;
  pendingAmount: bigint | null;
  pendingRemoval: boolean;
  pendingEffectiveAt: Date | null;
  /** Net loss (loss) or total staked (wager) in the current window, USD 1e-8. */
  used: bigint;
  windowStart: Date;
  resetsAt: Date;
}

/** Every limit row of the user with the current window's totals, as at `at`. */
export async function playLimitStates(db: Executor, userId: number, at: Date): Promise<PlayLimitState[]> {
  const { rows } = await sql<{
    kind: PlayLimitKind;
    period: PlayLimitPeriod;
    amount: string | null;
    pending_amount: string | null;
    pending_removal: boolean;
    pending_effective_at: Date | null;
    used: string;
    window_start: Date;
    resets_at: Date;
  }>`
    select l.kind, l.period,
      ${sql.raw(playLimitInForceSql('w.at'))}::text as amount,
      (case when l.pending_effective_at <= w.at then null else l.pending_amount_e8 end)::text as pending_amount,
      (l.pending_removal and l.pending_effective_at > w.at) as pending_removal,
      (case when l.pending_effective_at <= w.at then null else l.pending_effective_at end) as pending_effective_at,
      (case when t.window_start = w.start then (case when l.kind = 'loss' then t.net_loss_e8 else t.staked_e8 end)
        else 0 end)::text as used,
      w.start as window_start,
      w.start + ('1 ' || l.period)::interval as resets_at
    from play_limits l
    cross join lateral (select ${at}::timestamptz as at, date_trunc(l.period, ${at}::timestamptz, 'UTC') as start) w
    left join play_limit_totals t on t.user_id = l.user_id and t.period = l.period
    where l.user_id = ${userId}
    order by l.kind, array_position(array['day', 'week', 'month'], l.period)`.execute(db);
  return rows.map((row) => ({
    kind: row.kind,
    period: row.period,
    amount: row.amount === null ? null : BigInt(row.amount),
    pendingAmount: row.pending_amount === null ? null : BigInt(row.pending_amount),
    pendingRemoval: row.pending_removal,
    pendingEffectiveAt: row.pending_effective_at ? new Date(row.pending_effective_at) : null,
    used: BigInt(row.used),
    windowStart: new Date(row.window_start),
    resetsAt: new Date(row.resets_at),
  }));
}

/** Applies due pending changes to the rows (so the stored row says what is in force) and drops emptied rows. */
export async function applyDuePlayLimits(db: Executor, userId: number, at: Date): Promise<void> {
  await sql`
    update play_limits
    set amount_e8 = case when pending_removal then null else pending_amount_e8 end,
        pending_amount_e8 = null, pending_removal = false, pending_effective_at = null, updated_at = ${at}
    where user_id = ${userId} and pending_effective_at is not null and pending_effective_at <= ${at}`.execute(db);
  await sql`delete from play_limits where user_id = ${userId} and amount_e8 is null and pending_effective_at is null`.execute(
    db,
  );
}

export async function setPlayLimitNow(
  db: Executor,
  key: { userId: number; kind: PlayLimitKind; period: PlayLimitPeriod },
  amount: bigint,
  at: Date,
): Promise<void> {
  await sql`
    insert into play_limits (user_id, kind, period, amount_e8, updated_at)
    values (${key.userId}, ${key.kind}, ${key.period}, ${amount}, ${at})
    on conflict (user_id, kind, period) do update set amount_e8 = excluded.amount_e8, pending_amount_e8 = null,
      pending_removal = false, pending_effective_at = null, updated_at = excluded.updated_at`.execute(db);
}

export async function schedulePlayLimit(
  db: Executor,
  key: { userId: number; kind: PlayLimitKind; period: PlayLimitPeriod },
  amount: bigint | null,
  effectiveAt: Date,
  at: Date,
): Promise<void> {
  await sql`
    update play_limits set pending_amount_e8 = ${amount}, pending_removal = ${amount === null},
      pending_effective_at = ${effectiveAt}, updated_at = ${at}
    where user_id = ${key.userId} and kind = ${key.kind} and period = ${key.period}`.execute(db);
}

export async function clearPendingPlayLimit(
  db: Executor,
  key: { userId: number; kind: PlayLimitKind; period: PlayLimitPeriod },
  at: Date,
): Promise<boolean> {
  const result = await sql`
    update play_limits set pending_amount_e8 = null, pending_removal = false, pending_effective_at = null, updated_at = ${at}
    where user_id = ${key.userId} and kind = ${key.kind} and period = ${key.period} and pending_effective_at is not null`.execute(
    db,
  );
  return (result.numAffectedRows ?? 0n) > 0n;
}

/** Serialises changes to one user's play limits for the rest of the transaction. */
export async function lockPlayLimits(db: Executor, userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('play-limits'), ${userId})`.execute(db);
}

export interface SessionTimeLimit {
  /** In force at the time asked (null: none, only a pending change). */
  minutes: number | null;
  cooldownMinutes: number | null;
  pendingMinutes: number | null;
  pendingCooldownMinutes: number | null;
  pendingRemoval: boolean;
  pendingEffectiveAt: Date | null;
  /** The current or last play session. */
  session: { startedAt: Date; endsAt: Date } | null;
}

/** The session-time limit as in force at `at` (a due pending change already applies) and the last session. */
export async function sessionTimeLimit(db: Executor, userId: number, at: Date): Promise<SessionTimeLimit | undefined> {
  const { rows } = await sql<{
    minutes: number | null;
    cooldown_minutes: number | null;
    pending_minutes: number | null;
    pending_cooldown_minutes: number | null;
    pending_removal: boolean;
    pending_effective_at: Date | null;
    started_at: Date | null;
    ends_at: Date | null;
  }>`
    select
      case when due then (case when l.pending_removal then null else l.pending_minutes end) else l.minutes end as minutes,
      case when due then (case when l.pending_removal then null else l.pending_cooldown_minutes end)
        else l.cooldown_minutes end as cooldown_minutes,
      case when due then null else l.pending_minutes end as pending_minutes,
      case when due then null else l.pending_cooldown_minutes end as pending_cooldown_minutes,
      l.pending_removal and not due as pending_removal,
      case when due then null else l.pending_effective_at end as pending_effective_at,
      s.started_at, s.ends_at
    from session_time_limits l
    cross join lateral (select coalesce(l.pending_effective_at <= ${at}::timestamptz, false) as due) d
    left join play_sessions s on s.user_id = l.user_id
    where l.user_id = ${userId}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    minutes: row.minutes,
    cooldownMinutes: row.cooldown_minutes,
    pendingMinutes: row.pending_minutes,
    pendingCooldownMinutes: row.pending_cooldown_minutes,
    pendingRemoval: row.pending_removal,
    pendingEffectiveAt: row.pending_effective_at ? new Date(row.pending_effective_at) : null,
    session:
      row.started_at && row.ends_at ? { startedAt: new Date(row.started_at), endsAt: new Date(row.ends_at) } : null,
  };
}

export async function setSessionTimeLimitNow(
  db: Executor,
  userId: number,
  limit: { minutes: number; cooldownMinutes: number },
  at: Date,
): Promise<void> {
  await sql`
    insert into session_time_limits (user_id, minutes, cooldown_minutes, updated_at)
    values (${userId}, ${limit.minutes}, ${limit.cooldownMinutes}, ${at})
    on conflict (user_id) do update set minutes = excluded.minutes, cooldown_minutes = excluded.cooldown_minutes,
      pending_minutes = null, pending_cooldown_minutes = null, pending_removal = false, pending_effective_at = null,
      updated_at = excluded.updated_at`.execute(db);
}

export async function scheduleSessionTimeLimit(
  db: Executor,
  userId: number,
  limit: { minutes: number; cooldownMinutes: number } | null,
  effectiveAt: Date,
  at: Date,
): Promise<void> {
  await sql`
    update session_time_limits set pending_minutes = ${limit?.minutes ?? null},
      pending_cooldown_minutes = ${limit?.cooldownMinutes ?? null}, pending_removal = ${limit === null},
      pending_effective_at = ${effectiveAt}, updated_at = ${at}
    where user_id = ${userId}`.execute(db);
}

/** Makes the stored row what is in force (a due change applied; a due removal deletes it). */
export async function applyDueSessionTimeLimit(db: Executor, userId: number, at: Date): Promise<void> {
  await sql`delete from session_time_limits where user_id = ${userId} and pending_removal and pending_effective_at <= ${at}`.execute(
    db,
  );
  await sql`
    update session_time_limits set minutes = pending_minutes, cooldown_minutes = pending_cooldown_minutes,
      pending_minutes = null, pending_cooldown_minutes = null, pending_effective_at = null, updated_at = ${at}
    where user_id = ${userId} and pending_effective_at <= ${at}`.execute(db);
}

/** Starts a play session of `minutes` at `at` (replacing the last one). */
export async function startPlaySession(db: Executor, userId: number, at: Date, minutes: number): Promise<void> {
  await sql`
    insert into play_sessions (user_id, started_at, ends_at)
    values (${userId}, ${at}, ${at}::timestamptz + make_interval(mins => ${minutes}))
    on conflict (user_id) do update set started_at = excluded.started_at, ends_at = excluded.ends_at`.execute(db);
}
