import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { exclusionInForceSql } from './responsible-gaming.repo.js';
import { GAMES_HOUSE_CODES } from './house-shards.js';

type Executor = Kysely<Database>;
type Currency = 'USD' | 'BZU';

/** Provider tables (migration 20261130_0101_providers); statements are SQL text, the tables are not in schema.ts. */
export interface ProviderRow {
  id: string;
  name: string;
  secret: string;
  origin: string;
  launchUrlTemplate: string;
  enabled: boolean;
  createdAt: Date;
  /** Set by the payout breaker (or an operator): no new bets until resumed. */
  pausedAt: Date | null;
  pausedReason: string | null;
}

export interface ProviderGameRow {
  providerId: string;
  providerName: string;
  gameId: string;
  name: string;
  category: string;
  rtp: string;
  /** The most a round may pay as a multiple of its stakes, exact decimal text ("5000", "2500.5"). */
  maxMultiplier: string;
  thumbnailUrl: string | null;
  launchUrlTemplate: string | null;
  enabled: boolean;
  providerEnabled: boolean;
}

export interface ProviderSessionRow {
  token: string;
  providerId: string;
  gameId: string;
  userId: number;
  currency: Currency;
  expiresAt: Date;
}

export interface ProviderTransactionRow {
  id: string;
  transactionId: string;
  kind: 'bet' | 'win' | 'rollback';
  roundId: string;
  gameId: string;
  referenceTransactionId: string | null;
  amount: bigint;
  currency: Currency;
  userId: number;
  ledgerTransactionId: string | null;
}

const providerColumns = sql`id, name, secret, origin, launch_url_template as "launchUrlTemplate", enabled, created_at as "createdAt",
  paused_at as "pausedAt", paused_reason as "pausedReason"`;

export async function listProviders(db: Executor): Promise<ProviderRow[]> {
  const { rows } = await sql<ProviderRow>`select ${providerColumns} from providers order by id`.execute(db);
  return rows;
}

export async function findProvider(db: Executor, id: string): Promise<ProviderRow | undefined> {
  const { rows } = await sql<ProviderRow>`select ${providerColumns} from providers where id = ${id}`.execute(db);
  return rows[0];
}

export async function upsertProvider(
  db: Executor,
  p: Omit<ProviderRow, 'createdAt' | 'pausedAt' | 'pausedReason'>,
): Promise<void> {
  await sql`
    insert into providers (id, name, secret, origin, launch_url_template, enabled)
    values (${p.id}, ${p.name}, ${p.secret}, ${p.origin}, ${p.launchUrlTemplate}, ${p.enabled})
    on conflict (id) do update set name = excluded.name, secret = excluded.secret, origin = excluded.origin,
      launch_url_template = excluded.launch_url_template, enabled = excluded.enabled, updated_at = now()`.execute(db);
}

/** Origins the launch page may frame (the enabled providers'), and the origins their games' thumbnails come from. */
export async function enabledProviderOrigins(db: Executor): Promise<{ frames: string[]; thumbnails: string[] }> {
  const { rows } = await sql<{ origin: string; thumbnails: string[] }>`
    select p.origin, coalesce(array_agg(distinct substring(g.thumbnail_url from '^https?://[^/?#]+')) filter (where g.thumbnail_url is not null and g.enabled), '{}') as thumbnails
    from providers p left join provider_games g on g.provider_id = p.id
    where p.enabled group by p.origin order by p.origin`.execute(db);
  return {
    frames: rows.map((row) => row.origin),
    thumbnails: [...new Set(rows.flatMap((row) => row.thumbnails))].sort(),
  };
}

const gameColumns = sql`g.provider_id as "providerId", p.name as "providerName", g.game_id as "gameId", g.name, g.category,
  trim_scale(g.rtp_percent)::text as rtp, trim_scale(g.max_multiplier)::text as "maxMultiplier", g.thumbnail_url as "thumbnailUrl", g.launch_url_template as "launchUrlTemplate",
  g.enabled, p.enabled as "providerEnabled"`;

export async function listProviderGames(
  db: Executor,
  filter: { category?: string; playable?: boolean; providerId?: string } = {},
): Promise<ProviderGameRow[]> {
  const { rows } = await sql<ProviderGameRow>`
    select ${gameColumns} from provider_games g join providers p on p.id = g.provider_id
    where true
      ${filter.category ? sql`and g.category = ${filter.category}` : sql``}
      ${filter.providerId ? sql`and g.provider_id = ${filter.providerId}` : sql``}
      ${filter.playable ? sql`and g.enabled and p.enabled` : sql``}
    order by g.name, g.provider_id, g.game_id`.execute(db);
  return rows;
}

export async function findProviderGame(
  db: Executor,
  providerId: string,
  gameId: string,
): Promise<ProviderGameRow | undefined> {
  const { rows } = await sql<ProviderGameRow>`
    select ${gameColumns} from provider_games g join providers p on p.id = g.provider_id
    where g.provider_id = ${providerId} and g.game_id = ${gameId}`.execute(db);
  return rows[0];
}

export async function upsertProviderGame(
  db: Executor,
  g: {
    providerId: string;
    gameId: string;
    name: string;
    category: string;
    rtp: string;
    maxMultiplier: string;
    thumbnailUrl: string | null;
    launchUrlTemplate: string | null;
    enabled: boolean;
  },
): Promise<void> {
  await sql`
    insert into provider_games (provider_id, game_id, name, category, rtp_percent, max_multiplier, thumbnail_url,
      launch_url_template, enabled)
    values (${g.providerId}, ${g.gameId}, ${g.name}, ${g.category}, ${g.rtp}::numeric, ${g.maxMultiplier}::numeric,
      ${g.thumbnailUrl}, ${g.launchUrlTemplate}, ${g.enabled})
    on conflict (provider_id, game_id) do update set name = excluded.name, category = excluded.category,
      rtp_percent = excluded.rtp_percent, max_multiplier = excluded.max_multiplier, thumbnail_url = excluded.thumbnail_url,
      launch_url_template = excluded.launch_url_template, enabled = excluded.enabled, updated_at = now()`.execute(db);
}

export async function insertProviderSession(db: Executor, s: Omit<ProviderSessionRow, never>): Promise<void> {
  await sql`
    insert into provider_sessions (token, provider_id, game_id, user_id, currency, expires_at)
    values (${s.token}, ${s.providerId}, ${s.gameId}, ${s.userId}, ${s.currency}, ${s.expiresAt})`.execute(db);
}

export async function findProviderSession(
  db: Executor,
  providerId: string,
  token: string,
): Promise<ProviderSessionRow | undefined> {
  const { rows } = await sql<ProviderSessionRow>`
    select token, provider_id as "providerId", game_id as "gameId", user_id as "userId", currency, expires_at as "expiresAt"
    from provider_sessions where provider_id = ${providerId} and token = ${token}`.execute(db);
  return rows[0];
}

/**
 * Claims (provider, requestId) for this transaction. Undefined when it is taken: a concurrent first attempt holds
 * the key until it commits (this statement waits for it), so the caller then reads the stored answer.
 */
export async function claimProviderRequest(
  db: Executor,
  r: { providerId: string; requestId: string; action: string; bodySha256: string },
): Promise<boolean> {
  const { rows } = await sql<{ request_id: string }>`
    insert into provider_requests (provider_id, request_id, action, body_sha256)
    values (${r.providerId}, ${r.requestId}, ${r.action}, ${r.bodySha256})
    on conflict do nothing returning request_id`.execute(db);
  return rows.length === 1;
}

export async function storedProviderAnswer(
  db: Executor,
  providerId: string,
  requestId: string,
): Promise<{ code: string; body: string; bodySha256: string } | undefined> {
  const { rows } = await sql<{ code: string | null; body: string | null; bodySha256: string }>`
    select response_code as code, response_body as body, body_sha256 as "bodySha256" from provider_requests
    where provider_id = ${providerId} and request_id = ${requestId}`.execute(db);
  const row = rows[0];
  return row?.code && row.body !== null ? { code: row.code, body: row.body, bodySha256: row.bodySha256 } : undefined;
}

export async function storeProviderAnswer(
  db: Executor,
  providerId: string,
  requestId: string,
  answer: { code: string; body: string },
): Promise<void> {
  await sql`update provider_requests set response_code = ${answer.code}, response_body = ${answer.body}
    where provider_id = ${providerId} and request_id = ${requestId}`.execute(db);
}

/**
 * Locks the player's row for the rest of the transaction (NO KEY UPDATE: inserts that reference the user still go
 * ahead) and reads whether a self-exclusion is in force. Every wallet call of one player runs in this order.
 */
export async function lockProviderPlayer(db: Executor, userId: number): Promise<{ excluded: boolean } | undefined> {
  const { rows } = await sql<{ excluded: boolean }>`
    select ${sql.raw(exclusionInForceSql('u.id'))} as excluded from users u where u.id = ${userId} for no key update of u`.execute(
    db,
  );
  return rows[0];
}

const txColumns = sql`id::text as id, transaction_id as "transactionId", kind, round_id as "roundId", game_id as "gameId",
  reference_transaction_id as "referenceTransactionId", amount_e8::text as amount, currency, user_id as "userId",
  ledger_transaction_id::text as "ledgerTransactionId"`;
type RawTx = Omit<ProviderTransactionRow, 'amount'> & { amount: string };
const toTx = (row: RawTx): ProviderTransactionRow => ({ ...row, amount: BigInt(row.amount) });

export async function findProviderTransaction(
  db: Executor,
  providerId: string,
  transactionId: string,
): Promise<ProviderTransactionRow | undefined> {
  const { rows } =
    await sql<RawTx>`select ${txColumns} from provider_transactions where provider_id = ${providerId} and transaction_id = ${transactionId}`.execute(
      db,
    );
  return rows[0] && toTx(rows[0]);
}

export async function findRollbackOf(
  db: Executor,
  providerId: string,
  betTransactionId: string,
): Promise<ProviderTransactionRow | undefined> {
  const { rows } = await sql<RawTx>`
    select ${txColumns} from provider_transactions
    where provider_id = ${providerId} and kind = 'rollback' and reference_transaction_id = ${betTransactionId}`.execute(
    db,
  );
  return rows[0] && toTx(rows[0]);
}

/**
 * Over a round's rows `t` (one provider, player and round): its standing stakes (bets not rolled back) and its wins.
 * The wallet's checks and the conservation check read a round through the same two sums.
 */
const roundStakesSql = sql`coalesce(sum(t.amount_e8) filter (where t.kind = 'bet' and not exists (
  select 1 from provider_transactions r
  where r.provider_id = t.provider_id and r.kind = 'rollback' and r.reference_transaction_id = t.transaction_id)), 0)`;
const roundWinsSql = sql`coalesce(sum(t.amount_e8) filter (where t.kind = 'win'), 0)`;

/**
 * One player's provider round as the wallet judges a new movement in it: the currency and game of its bets and wins
 * (null before the first; more than one only if the checks were bypassed), its stakes still standing (bets not rolled
 * back) and its wins.
 */
export interface ProviderRoundState {
  currencies: Currency[];
  gameIds: string[];
  standingStakes: bigint;
  wins: bigint;
}

export async function providerRoundState(
  db: Executor,
  providerId: string,
  userId: number,
  roundId: string,
): Promise<ProviderRoundState> {
  const { rows } = await sql<{ currencies: Currency[]; gameIds: string[]; standingStakes: string; wins: string }>`
    select coalesce(array_agg(distinct t.currency) filter (where t.kind in ('bet', 'win')), '{}') as currencies,
      coalesce(array_agg(distinct t.game_id) filter (where t.kind in ('bet', 'win')), '{}') as "gameIds",
      ${roundStakesSql}::text as "standingStakes", ${roundWinsSql}::text as wins
    from provider_transactions t
    where t.provider_id = ${providerId} and t.user_id = ${userId} and t.round_id = ${roundId}`.execute(db);
  const row = rows[0]!;
  return {
    currencies: row.currencies,
    gameIds: row.gameIds,
    standingStakes: BigInt(row.standingStakes),
    wins: BigInt(row.wins),
  };
}

/**
 * What the provider paid out net in one currency since `since`: wins and rollbacks (money to players) less bets.
 * Read by the payout breaker after each payout.
 */
export async function providerNetPayoutSince(
  db: Executor,
  providerId: string,
  currency: Currency,
  since: Date,
): Promise<bigint> {
  const { rows } = await sql<{ net: string }>`
    select coalesce(sum(case when kind = 'bet' then -amount_e8 else amount_e8 end), 0)::text as net
    from provider_transactions
    where provider_id = ${providerId} and currency = ${currency} and created_at >= ${since}`.execute(db);
  return BigInt(rows[0]!.net);
}

/** Pauses a provider for new bets unless it is paused already; true when this call paused it. */
export async function pauseProvider(db: Executor, providerId: string, reason: string): Promise<boolean> {
  const { rows } = await sql`
    update providers set paused_at = now(), paused_reason = ${reason}, updated_at = now()
    where id = ${providerId} and paused_at is null returning id`.execute(db);
  return rows.length === 1;
}

/** Resumes a paused provider; false when it was not paused. */
export async function resumeProvider(db: Executor, providerId: string): Promise<boolean> {
  const { rows } = await sql`
    update providers set paused_at = null, paused_reason = null, updated_at = now()
    where id = ${providerId} and paused_at is not null returning id`.execute(db);
  return rows.length === 1;
}

/**
 * Provider rounds that broke what the wallet promises, as `ledger:check` and `providers:report` list them: a round
 * whose wins pass its standing stakes times its game's declared maximum, and a movement (bet, win or rollback)
 * whose currency is not its round's first bet's. Both mean money was created, whatever the ledger's sums say.
 */
export async function providerConservationProblems(
  db: Executor,
  limit: number,
): Promise<{ check: string; detail: string }[]> {
  const overpaid = sql<{ detail: string }>`
    with rounds as (
      select t.provider_id, t.user_id, t.round_id, min(t.game_id) filter (where t.kind = 'bet') as game_id,
        ${roundStakesSql} as stakes, ${roundWinsSql} as wins
      from provider_transactions t group by t.provider_id, t.user_id, t.round_id
    )
    select format('provider %s round %s of player %s pays %s on standing stakes of %s (game %s, at most x%s)',
        r.provider_id, r.round_id, r.user_id, r.wins, r.stakes, coalesce(r.game_id, 'none'), coalesce(trim_scale(g.max_multiplier)::text, '0')) as detail
    from rounds r left join provider_games g on g.provider_id = r.provider_id and g.game_id = r.game_id
    where r.wins > 0 and r.wins::numeric > r.stakes::numeric * coalesce(g.max_multiplier, 0)
    limit ${limit}`;
  const crossCurrency = sql<{ detail: string }>`
    select format('provider %s %s %s (round %s of player %s) moved %s but the round is in %s',
        t.provider_id, t.kind, t.transaction_id, t.round_id, t.user_id, t.currency, f.currency) as detail
    from provider_transactions t
    join lateral (select b.currency from provider_transactions b
      where b.provider_id = t.provider_id and b.user_id = t.user_id and b.round_id = t.round_id and b.kind = 'bet'
      order by b.id limit 1) f on true
    where t.amount_e8 > 0 and t.currency <> f.currency
    limit ${limit}`;
  const problems: { check: string; detail: string }[] = [];
  for (const [check, query] of [
    ['provider rounds pay at most their stakes times the game maximum', overpaid],
    ['provider movements are in their round currency', crossCurrency],
  ] as const) {
    const { rows } = await query.execute(db);
    for (const row of rows) problems.push({ check, detail: row.detail });
  }
  return problems;
}

/** Undefined when the transaction id (or, for a rollback, its bet) is already taken. */
export async function insertProviderTransaction(
  db: Executor,
  t: Omit<ProviderTransactionRow, 'id' | 'ledgerTransactionId'> & {
    providerId: string;
    requestId: string;
    ledgerTransactionId: string | null;
  },
): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    insert into provider_transactions (provider_id, transaction_id, request_id, kind, round_id, game_id, reference_transaction_id,
      amount_e8, currency, user_id, ledger_transaction_id)
    values (${t.providerId}, ${t.transactionId}, ${t.requestId}, ${t.kind}, ${t.roundId}, ${t.gameId}, ${t.referenceTransactionId},
      ${t.amount.toString()}, ${t.currency}, ${t.userId}, ${t.ledgerTransactionId})
    on conflict do nothing returning id::text as id`.execute(db);
  return rows[0]?.id;
}

export interface ProviderDayRow {
  day: string;
  providerId: string;
  currency: Currency;
  bets: bigint;
  betCount: number;
  wins: bigint;
  rollbacks: bigint;
}

/** Bets, wins and rollbacks per UTC day, provider and currency, newest first. */
export async function providerDailyTotals(db: Executor, since: Date): Promise<ProviderDayRow[]> {
  const { rows } = await sql<{
    day: string;
    providerId: string;
    currency: Currency;
    bets: string;
    betCount: number;
    wins: string;
    rollbacks: string;
  }>`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, provider_id as "providerId", currency,
      coalesce(sum(amount_e8) filter (where kind = 'bet'), 0)::text as bets,
      (count(*) filter (where kind = 'bet'))::int as "betCount",
      coalesce(sum(amount_e8) filter (where kind = 'win'), 0)::text as wins,
      coalesce(sum(amount_e8) filter (where kind = 'rollback'), 0)::text as rollbacks
    from provider_transactions where created_at >= ${since}
    group by 1, 2, 3 order by 1 desc, 2, 3`.execute(db);
  return rows.map((row) => ({
    ...row,
    bets: BigInt(row.bets),
    wins: BigInt(row.wins),
    rollbacks: BigInt(row.rollbacks),
  }));
}

export interface ReconciliationRow {
  providerId: string;
  currency: Currency;
  kind: string;
  recorded: bigint;
  ledger: bigint;
}

/**
 * Per provider, currency and kind: what provider_transactions say moved, against what the ledger's provider postings
 * moved on house:games, its shards summed (a bet credits it, a win or rollback debits it). Ledger postings no provider row points at
 * count too, so an orphan shows as a difference.
 */
export async function providerReconciliation(db: Executor): Promise<ReconciliationRow[]> {
  const { rows } = await sql<{
    providerId: string;
    currency: Currency;
    kind: string;
    recorded: string;
    ledger: string;
  }>`
    with recorded as (
      select provider_id, currency, kind, sum(amount_e8) as total from provider_transactions
      where amount_e8 > 0 group by 1, 2, 3
    ),
    posted as (
      select t.memo->>'provider' as provider_id, e.currency, substr(t.kind, length('provider-') + 1) as kind,
        sum(case when t.kind = 'provider-bet' then e.amount_e8 else -e.amount_e8 end) as total
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.code = any(${GAMES_HOUSE_CODES}::text[])
      where t.kind in ('provider-bet', 'provider-win', 'provider-rollback')
      group by 1, 2, 3
    )
    select coalesce(r.provider_id, p.provider_id) as "providerId", coalesce(r.currency, p.currency) as currency,
      coalesce(r.kind, p.kind) as kind, coalesce(r.total, 0)::text as recorded, coalesce(p.total, 0)::text as ledger
    from recorded r full join posted p on p.provider_id = r.provider_id and p.currency = r.currency and p.kind = r.kind
    order by 1, 2, 3`.execute(db);
  return rows.map((row) => ({ ...row, recorded: BigInt(row.recorded), ledger: BigInt(row.ledger) }));
}

/** A provider wager's accrual key, as the wallet hands it to the accruals (bet_economy.bet_id; commission `bet:<id>`). */
const wagerIdSql = (alias: string) => sql.raw(`'provider:' || ${alias}.provider_id || ':' || ${alias}.transaction_id`);

/**
 * What the accrual sweep still has to do for provider wagers settled in [settledAfter, settledBefore), oldest first:
 * `accrue` a bet (not rolled back) lacking its bet_economy row or, for a player referred before it, its referral
 * commission; `reverse` a rolled-back bet whose accruals still stand (they landed after its rollback). `settledAt`
 * is the bet's time for the first and the rollback's for the second. `rtp` is the game's declared RTP today.
 */
export interface ProviderAccrualRepair {
  action: 'accrue' | 'reverse';
  id: string;
  userId: number;
  currency: Currency;
  amount: bigint;
  rtp: string | null;
  settledAt: Date;
}

export async function providerAccrualRepairs(
  db: Executor,
  range: { settledBefore: Date; settledAfter: Date; limit: number },
): Promise<ProviderAccrualRepair[]> {
  const { rows } = await sql<{
    action: 'accrue' | 'reverse';
    id: string;
    userId: number;
    currency: Currency;
    amount: string;
    rtp: string | null;
    settledAt: Date;
  }>`
    select * from (
      select 'accrue' as action, ${wagerIdSql('t')} as id, t.user_id as "userId", t.currency, t.amount_e8::text as amount,
        trim_scale(g.rtp_percent)::text as rtp, t.created_at as "settledAt"
      from provider_transactions t
      left join provider_games g on g.provider_id = t.provider_id and g.game_id = t.game_id
      where t.kind = 'bet' and t.amount_e8 > 0
        and t.created_at < ${range.settledBefore} and t.created_at >= ${range.settledAfter}
        and not exists (select 1 from provider_transactions r
          where r.provider_id = t.provider_id and r.kind = 'rollback' and r.reference_transaction_id = t.transaction_id)
        and (
          not exists (select 1 from bet_economy e where e.bet_id = ${wagerIdSql('t')})
          or (
            exists (select 1 from referrals f where f.referee_id = t.user_id and f.created_at <= t.created_at)
            and not exists (select 1 from referral_commissions c where c.source_key = 'bet:' || ${wagerIdSql('t')})
          )
        )
      union all
      select 'reverse', ${wagerIdSql('t')}, t.user_id, t.currency, t.amount_e8::text, null, r.created_at
      from provider_transactions r
      join provider_transactions t on t.provider_id = r.provider_id and t.transaction_id = r.reference_transaction_id and t.kind = 'bet'
      where r.kind = 'rollback' and r.created_at < ${range.settledBefore} and r.created_at >= ${range.settledAfter}
        and (
          exists (select 1 from bet_economy e where e.bet_id = ${wagerIdSql('t')})
          or exists (select 1 from referral_commissions c where c.source_key = 'bet:' || ${wagerIdSql('t')})
        )
    ) repairs
    order by "settledAt", id
    limit ${range.limit}`.execute(db);
  return rows.map((row) => ({ ...row, amount: BigInt(row.amount), settledAt: new Date(row.settledAt) }));
}

/** A wager's XP and rakeback row, read without a lock (the reversal locks in the ledger's order before taking it). */
export async function wagerEconomyOwner(db: Executor, betId: string): Promise<number | undefined> {
  const { rows } = await sql<{
    userId: number;
  }>`select user_id as "userId" from bet_economy where bet_id = ${betId}`.execute(db);
  return rows[0]?.userId;
}

/** Removes a wager's bet_economy row and answers what it earned; undefined when another call took it first. */
export async function takeWagerEconomy(
  db: Executor,
  betId: string,
): Promise<{ currency: Currency; xp: bigint; rakeback: bigint; claimed: boolean } | undefined> {
  const { rows } = await sql<{ currency: Currency; xp: string; rakeback: string; claimed: boolean }>`
    delete from bet_economy where bet_id = ${betId}
    returning currency, xp_e8::text as xp, rakeback_e8::text as rakeback, claimed_at is not null as claimed`.execute(
    db,
  );
  const row = rows[0];
  return row && { currency: row.currency, xp: BigInt(row.xp), rakeback: BigInt(row.rakeback), claimed: row.claimed };
}

/** Locks the player's XP row (the order the accruals take it in) and answers the XP. */
export async function lockPlayerXp(db: Executor, userId: number): Promise<bigint | undefined> {
  const { rows } = await sql<{
    xp: string;
  }>`select xp_e8::text as xp from player_xp where user_id = ${userId} for update`.execute(db);
  return rows[0] && BigInt(rows[0].xp);
}

export async function setPlayerXp(db: Executor, userId: number, xpE8: bigint, rank: string): Promise<void> {
  await sql`update player_xp set xp_e8 = ${xpE8.toString()}, rank = ${rank}, updated_at = now() where user_id = ${userId}`.execute(
    db,
  );
}

export async function commissionReferrer(db: Executor, sourceKey: string): Promise<number | undefined> {
  const { rows } = await sql<{
    referrerId: number;
  }>`select referrer_id as "referrerId" from referral_commissions where source_key = ${sourceKey}`.execute(db);
  return rows[0]?.referrerId;
}

/** Removes a referral commission row and answers it; undefined when another call took it first. */
export async function takeReferralCommission(
  db: Executor,
  sourceKey: string,
): Promise<{ currency: Currency; commission: bigint; claimed: boolean } | undefined> {
  const { rows } = await sql<{ currency: Currency; commission: string; claimed: boolean }>`
    delete from referral_commissions where source_key = ${sourceKey}
    returning currency, commission_e8::text as commission, claimed_at is not null as claimed`.execute(db);
  const row = rows[0];
  return row && { currency: row.currency, commission: BigInt(row.commission), claimed: row.claimed };
}

/** One provider round of a player, as My bets lists it: its totals per kind. `id` is its first bet's row (the cursor). */
export interface PlayerProviderRoundRow {
  id: string;
  providerId: string;
  providerName: string;
  gameId: string;
  gameName: string | null;
  roundId: string;
  currency: Currency;
  staked: bigint;
  won: bigint;
  rolledBack: bigint;
  startedAt: Date;
}

/**
 * The player's provider rounds, newest first, `limit` from before the cursor (a round's first bet id). A round is
 * keyed by its first bet (rows of the same provider, player and round), so each round appears once, on its own page.
 */
export async function playerProviderRounds(
  db: Executor,
  userId: number,
  page: { limit: number; before?: string },
): Promise<PlayerProviderRoundRow[]> {
  const { rows } = await sql<
    Omit<PlayerProviderRoundRow, 'staked' | 'won' | 'rolledBack'> & { staked: string; won: string; rolledBack: string }
  >`
    with firsts as (
      select f.id, f.provider_id, f.round_id, f.game_id, f.currency, f.created_at
      from provider_transactions f
      where f.user_id = ${userId} and f.kind = 'bet' ${page.before === undefined ? sql`` : sql`and f.id < ${page.before}::bigint`}
        and not exists (select 1 from provider_transactions e
          where e.provider_id = f.provider_id and e.user_id = f.user_id and e.round_id = f.round_id and e.kind = 'bet' and e.id < f.id)
      order by f.id desc
      limit ${page.limit}
    )
    select f.id::text as id, f.provider_id as "providerId", p.name as "providerName", f.game_id as "gameId", g.name as "gameName",
      f.round_id as "roundId", f.currency, f.created_at as "startedAt", s.staked, s.won, s.rolled_back as "rolledBack"
    from firsts f
    join providers p on p.id = f.provider_id
    left join provider_games g on g.provider_id = f.provider_id and g.game_id = f.game_id
    cross join lateral (
      select coalesce(sum(x.amount_e8) filter (where x.kind = 'bet'), 0)::text as staked,
        coalesce(sum(x.amount_e8) filter (where x.kind = 'win'), 0)::text as won,
        coalesce(sum(x.amount_e8) filter (where x.kind = 'rollback'), 0)::text as rolled_back
      from provider_transactions x where x.provider_id = f.provider_id and x.user_id = ${userId} and x.round_id = f.round_id
    ) s
    order by f.id desc`.execute(db);
  return rows.map((row) => ({
    ...row,
    staked: BigInt(row.staked),
    won: BigInt(row.won),
    rolledBack: BigInt(row.rolledBack),
    startedAt: new Date(row.startedAt),
  }));
}
