import { sql, type Kysely } from 'kysely';
import { precompiled } from '../precompiled.js';
import type { Database } from '../schema.js';
import type { LedgerCurrency } from '../wallet-tables.js';
import { exclusionInForceSql } from './responsible-gaming.repo.js';
import { GAMES_HOUSE_CODES } from './house-shards.js';

type Executor = Kysely<Database>;

/**
 * Adds XP to each player's row (created on first use) and locks the rows for the caller's transaction, in user id
 * order so two batches never deadlock. Returns per user the new total and the rank stored before (the caller sets
 * new ranks with setPlayerRanks when a total crossed one).
 */
/** In the arrays' order (users by id: the lock order), as one prepared text for any number of players (unnest). */
const ADD_PLAYERS_XP = precompiled<
  { user_id: number; xp_e8: string; rank: string },
  [userIds: number[], xpE8: bigint[]]
>(`
  insert into player_xp (user_id, xp_e8)
  select user_id, xp_e8 from unnest($1::int[], $2::bigint[]) with ordinality as increment(user_id, xp_e8, position) order by position
  on conflict (user_id) do update set xp_e8 = player_xp.xp_e8 + excluded.xp_e8, updated_at = now()
  returning user_id, xp_e8::text, rank`);

export async function addPlayersXp(
  db: Executor,
  increments: { userId: number; xpE8: bigint }[],
): Promise<Map<number, { xpE8: bigint; rank: string }>> {
  const found = new Map<number, { xpE8: bigint; rank: string }>();
  if (increments.length === 0) return found;
  const sorted = [...increments].sort((a, b) => a.userId - b.userId);
  const rows = await ADD_PLAYERS_XP.run(
    db,
    sorted.map((row) => row.userId),
    sorted.map((row) => row.xpE8),
  );
  for (const row of rows) found.set(Number(row.user_id), { xpE8: BigInt(row.xp_e8), rank: row.rank });
  return found;
}

export async function setPlayerRanks(db: Executor, ranks: { userId: number; rank: string }[]): Promise<void> {
  if (ranks.length === 0) return;
  const values = sql.join(ranks.map((row) => sql`(${row.userId}::int, ${row.rank}::text)`));
  await sql`
    update player_xp p set rank = v.rank, updated_at = now()
    from (values ${values}) as v(user_id, rank) where p.user_id = v.user_id`.execute(db);
}

export async function playerXp(db: Executor, userId: number): Promise<{ xpE8: bigint; rank: string }> {
  const row = await db
    .selectFrom('player_xp')
    .select(['xp_e8', 'rank'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { xpE8: BigInt(row.xp_e8), rank: row.rank } : { xpE8: 0n, rank: 'unranked' };
}

/** What anyone may see of a player: the display name, role, joining date, rank and how many originals bets they placed. */
export async function publicPlayer(
  db: Executor,
  userId: number,
): Promise<{ name: string; role: string; createdAt: Date; rank: string; bets: number } | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('player_xp', 'player_xp.user_id', 'users.id')
    .select((eb) => [
      'users.public_username as name',
      'users.role as role',
      'users.created_at as createdAt',
      'player_xp.rank as rank',
      eb
        .selectFrom('bets')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('bets.user_id', '=', 'users.id')
        .as('bets'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row
    ? {
        name: row.name,
        role: row.role,
        createdAt: new Date(row.createdAt),
        rank: row.rank ?? 'unranked',
        bets: Number(row.bets ?? 0),
      }
    : undefined;
}

export interface BetEconomyInsert {
  betId: string;
  userId: number;
  currency: LedgerCurrency;
  wageredE8: bigint;
  houseEdgePpm: number;
  usdValueE8: bigint;
  xpE8: bigint;
  rankBefore: string;
  rankAfter: string;
  rakebackSharePpm: number;
  boostPpm: number;
  rakebackE8: bigint;
}

/** bet_economy's columns as insertBetEconomy writes them: the row field and the Postgres type of its array. */
const BET_ECONOMY_COLUMNS = [
  ['bet_id', 'betId', 'text'],
  ['user_id', 'userId', 'int'],
  ['currency', 'currency', 'text'],
  ['wagered_e8', 'wageredE8', 'bigint'],
  ['house_edge_ppm', 'houseEdgePpm', 'int'],
  ['usd_value_e8', 'usdValueE8', 'bigint'],
  ['xp_e8', 'xpE8', 'bigint'],
  ['rank_before', 'rankBefore', 'text'],
  ['rank_after', 'rankAfter', 'text'],
  ['rakeback_share_ppm', 'rakebackSharePpm', 'int'],
  ['boost_ppm', 'boostPpm', 'int'],
  ['rakeback_e8', 'rakebackE8', 'bigint'],
] as const satisfies readonly (readonly [string, keyof BetEconomyInsert, string])[];

/**
 * The grouped accrual's rows as one array per column (unnest): one statement text for any group size, so Postgres
 * prepares it once instead of parsing and planning a VALUES list of each new length (db/precompiled.ts).
 */
const INSERT_BET_ECONOMY = precompiled<{ bet_id: string }, (string | number | bigint)[][]>(`
  insert into bet_economy (${BET_ECONOMY_COLUMNS.map(([column]) => column).join(', ')})
  select * from unnest(${BET_ECONOMY_COLUMNS.map(([, , type], i) => `$${i + 1}::${type}[]`).join(', ')})
  on conflict (bet_id) do nothing
  returning bet_id`);

/** Inserts the bets' economy rows; answers the ids that were new (a bet already accrued is left as it was). */
export async function insertBetEconomy(db: Executor, rows: BetEconomyInsert[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await INSERT_BET_ECONOMY.run(
    db,
    ...BET_ECONOMY_COLUMNS.map(([, field]) => rows.map((row) => row[field])),
  );
  return new Set(inserted.map((row) => String(row.bet_id)));
}

/** The claimable accounts of one code, locked (a concurrent claim waits, then sees them emptied). */
export async function lockClaimableAccounts(
  db: Executor,
  code: string,
): Promise<{ currency: LedgerCurrency; balance: bigint; lastEntry: string | null }[]> {
  const { rows } = await sql<{ currency: LedgerCurrency; balance_e8: string; last_entry: string | null }>`
    select a.currency, a.balance_e8::text as balance_e8,
      (select max(e.id)::text from ledger_entries e where e.account_id = a.id) as last_entry
    from ledger_accounts a where a.code = ${code} order by a.id for update`.execute(db);
  return rows.map((row) => ({ currency: row.currency, balance: BigInt(row.balance_e8), lastEntry: row.last_entry }));
}

export async function markRakebackClaimed(db: Executor, userId: number): Promise<void> {
  await db
    .updateTable('bet_economy')
    .set({ claimed_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('claimed_at', 'is', null)
    .where('rakeback_e8', '>', '0')
    .execute();
}

/** Totals of a player's rakeback per currency: everything accrued and what was wagered (running totals, 20261202_0101). */
export async function rakebackTotals(
  db: Executor,
  userId: number,
): Promise<{ currency: LedgerCurrency; accrued: bigint; wagered: bigint }[]> {
  const { rows } = await sql<{ currency: LedgerCurrency; accrued: string; wagered: string }>`
    select currency, accrued_e8::text as accrued, wagered_e8::text as wagered
    from player_rakeback_totals where user_id = ${userId} and wagered_e8 > 0
    order by currency`.execute(db);
  return rows.map((row) => ({ currency: row.currency, accrued: BigInt(row.accrued), wagered: BigInt(row.wagered) }));
}

export interface PublicUser {
  id: number;
  name: string;
}

/** A player by display name (public_username), ignoring case. */
export async function userByDisplayName(db: Executor, name: string): Promise<PublicUser | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'public_username'])
    .where(sql<string>`lower(public_username)`, '=', name.trim().toLowerCase())
    .orderBy('id')
    .executeTakeFirst();
  return row ? { id: row.id, name: row.public_username } : undefined;
}

export async function displayName(db: Executor, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('public_username').where('id', '=', userId).executeTakeFirst();
  return row?.public_username ?? `#${userId}`;
}

/** Serialises one sender's tips (daily cap check and insert) for the rest of the transaction. */
export async function lockTipSender(db: Executor, senderId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('tips'), ${senderId})`.execute(db);
}

export async function tipsSentSince(
  db: Executor,
  senderId: number,
  currency: LedgerCurrency,
  since: Date,
): Promise<bigint> {
  const row = await db
    .selectFrom('tips')
    .select(sql<string>`coalesce(sum(amount_e8), 0)::text`.as('total'))
    .where('sender_id', '=', senderId)
    .where('currency', '=', currency)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

export async function insertTip(
  db: Executor,
  tip: {
    senderId: number;
    recipientId: number;
    currency: LedgerCurrency;
    amountE8: bigint;
    private: boolean;
    transactionId: string;
  },
): Promise<{ id: string; createdAt: Date }> {
  const row = await db
    .insertInto('tips')
    .values({
      sender_id: tip.senderId,
      recipient_id: tip.recipientId,
      currency: tip.currency,
      amount_e8: tip.amountE8,
      private: tip.private,
      ledger_transaction_id: tip.transactionId,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: String(row.id), createdAt: new Date(row.created_at) };
}

export interface TipRow {
  id: string;
  senderId: number;
  senderName: string;
  recipientId: number;
  recipientName: string;
  currency: LedgerCurrency;
  amountE8: bigint;
  private: boolean;
  createdAt: Date;
}

/** Tips the user sent or received, newest first. */
export async function tipsOf(db: Executor, userId: number, limit: number): Promise<TipRow[]> {
  const rows = await db
    .selectFrom('tips as t')
    .innerJoin('users as s', 's.id', 't.sender_id')
    .innerJoin('users as r', 'r.id', 't.recipient_id')
    .select([
      't.id',
      't.sender_id',
      's.public_username as sender_name',
      't.recipient_id',
      'r.public_username as recipient_name',
      't.currency',
      't.amount_e8',
      't.private',
      't.created_at',
    ])
    .where((eb) => eb.or([eb('t.sender_id', '=', userId), eb('t.recipient_id', '=', userId)]))
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    senderId: row.sender_id,
    senderName: row.sender_name,
    recipientId: row.recipient_id,
    recipientName: row.recipient_name,
    currency: row.currency,
    amountE8: BigInt(row.amount_e8),
    private: row.private,
    createdAt: new Date(row.created_at),
  }));
}

/**
 * Rain eligibility: players who typed in the chat since `chattedSince` and wagered at least
 * `minWagerUsdE8` (BZU at `bzuPriceE8`) in settled bets since `wageredSince`. Self-excluded players
 * are left out. Ordered by id, so the recipient list is deterministic.
 */
export async function rainEligible(
  db: Executor,
  input: { chattedSince: Date; wageredSince: Date; minWagerUsdE8: bigint; bzuPriceE8: bigint },
): Promise<PublicUser[]> {
  const { rows } = await sql<{ id: number; name: string }>`
    select u.id, u.public_username as name
    from users u
    where exists (select 1 from chat_messages m where m.user_id = u.id and m.kind = 'user' and m.created_at >= ${input.chattedSince})
      and not ${sql.raw(exclusionInForceSql('u.id'))}
      and (
        select coalesce(sum(case when b.currency = 'USD' then b.amount_e8::numeric else b.amount_e8::numeric * ${input.bzuPriceE8.toString()}::numeric / 100000000 end), 0)
        from bets b where b.user_id = u.id and b.state <> 'open' and b.created_at >= ${input.wageredSince}
      ) >= ${input.minWagerUsdE8.toString()}::numeric
    order by u.id`.execute(db);
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

/** The house `games` account's (all its shards') net result per currency over [start, end): stakes in minus payouts out. */
export async function gamesNetInPeriod(db: Executor, start: Date, end: Date): Promise<Map<LedgerCurrency, bigint>> {
  const { rows } = await sql<{ currency: LedgerCurrency; net: string }>`
    select e.currency, sum(e.amount_e8)::text as net
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_transactions t on t.id = e.transaction_id
    where a.code = any(${GAMES_HOUSE_CODES}::text[]) and t.created_at >= ${start} and t.created_at < ${end}
    group by e.currency`.execute(db);
  return new Map(rows.map((row) => [row.currency, BigInt(row.net)]));
}

/** Claims a rain id; false when that rain already ran (a retried job). */
export async function insertRain(
  db: Executor,
  rain: {
    id: string;
    periodStart: Date;
    periodEnd: Date;
    recipients: number;
    fundedUsd: bigint;
    fundedBzu: bigint;
    shareUsd: bigint;
    shareBzu: bigint;
  },
): Promise<boolean> {
  const row = await db
    .insertInto('rains')
    .values({
      id: rain.id,
      period_start: rain.periodStart,
      period_end: rain.periodEnd,
      recipients: rain.recipients,
      funded_usd_e8: rain.fundedUsd,
      funded_bzu_e8: rain.fundedBzu,
      share_usd_e8: rain.shareUsd,
      share_bzu_e8: rain.shareBzu,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRainRecipients(db: Executor, rainId: string, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('rain_recipients')
    .values(userIds.map((userId) => ({ rain_id: rainId, user_id: userId })))
    .execute();
}

export interface RainRow {
  id: string;
  periodStart: Date;
  periodEnd: Date;
  recipients: number;
  fundedUsd: bigint;
  fundedBzu: bigint;
  shareUsd: bigint;
  shareBzu: bigint;
  createdAt: Date;
}

export async function recentRains(db: Executor, limit: number, id?: string): Promise<RainRow[]> {
  let query = db.selectFrom('rains').selectAll().orderBy('created_at', 'desc').limit(limit);
  if (id) query = query.where('id', '=', id);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    periodStart: new Date(row.period_start),
    periodEnd: new Date(row.period_end),
    recipients: row.recipients,
    fundedUsd: BigInt(row.funded_usd_e8),
    fundedBzu: BigInt(row.funded_bzu_e8),
    shareUsd: BigInt(row.share_usd_e8),
    shareBzu: BigInt(row.share_bzu_e8),
    createdAt: new Date(row.created_at),
  }));
}

export async function rainRecipientNames(db: Executor, rainId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('rain_recipients as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('u.public_username')
    .where('r.rain_id', '=', rainId)
    .orderBy('u.id')
    .execute();
  return rows.map((row) => row.public_username);
}
