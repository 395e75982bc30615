import { sql, type Kysely } from 'kysely';
import type { RaffleStatus } from '../raffle-tables.js';
import type { Database } from '../schema.js';
import { exclusionInForceSql } from './responsible-gaming.repo.js';

type Executor = Kysely<Database>;

export interface RaffleRow {
  id: string;
  opensAt: Date;
  closesAt: Date;
  status: RaffleStatus;
  serverSeed: string;
  serverSeedHash: string;
  entrantsHash: string | null;
  totalTickets: number | null;
  players: number | null;
  revenue: bigint | null;
  revenueSharePpm: number;
  funded: bigint | null;
  jackpot: bigint | null;
  pool: bigint | null;
  paid: bigint | null;
  prizeSharesPpm: number[];
  usdPerTicket: bigint;
  bzuPerTicket: bigint;
  closedAt: Date | null;
  drawnAt: Date | null;
}

type RaffleDbRow = {
  id: string;
  opens_at: Date;
  closes_at: Date;
  status: RaffleStatus;
  server_seed: string;
  server_seed_hash: string;
  entrants_hash: string | null;
  total_tickets: string | null;
  players: number | null;
  revenue_e8: string | null;
  revenue_share_ppm: number;
  funded_e8: string | null;
  jackpot_e8: string | null;
  pool_e8: string | null;
  paid_e8: string | null;
  prize_shares_ppm: unknown;
  usd_per_ticket_e8: string;
  bzu_per_ticket_e8: string;
  closed_at: Date | null;
  drawn_at: Date | null;
};

const big = (value: string | null) => (value === null ? null : BigInt(value));

function toRaffle(row: RaffleDbRow): RaffleRow {
  return {
    id: String(row.id),
    opensAt: new Date(row.opens_at),
    closesAt: new Date(row.closes_at),
    status: row.status,
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    entrantsHash: row.entrants_hash,
    totalTickets: row.total_tickets === null ? null : Number(row.total_tickets),
    players: row.players,
    revenue: big(row.revenue_e8),
    revenueSharePpm: row.revenue_share_ppm,
    funded: big(row.funded_e8),
    jackpot: big(row.jackpot_e8),
    pool: big(row.pool_e8),
    paid: big(row.paid_e8),
    prizeSharesPpm: (row.prize_shares_ppm as number[]).map(Number),
    usdPerTicket: BigInt(row.usd_per_ticket_e8),
    bzuPerTicket: BigInt(row.bzu_per_ticket_e8),
    closedAt: row.closed_at ? new Date(row.closed_at) : null,
    drawnAt: row.drawn_at ? new Date(row.drawn_at) : null,
  };
}

export interface NewRaffle {
  opensAt: Date;
  closesAt: Date;
  serverSeed: string;
  serverSeedHash: string;
  revenueSharePpm: number;
  prizeSharesPpm: number[];
  usdPerTicket: bigint;
  bzuPerTicket: bigint;
}

/** Opens a raffle; undefined when one is already open or one closes at the same time (another run won). */
export async function insertRaffle(db: Executor, raffle: NewRaffle): Promise<RaffleRow | undefined> {
  const row = await db
    .insertInto('raffles')
    .values({
      opens_at: raffle.opensAt,
      closes_at: raffle.closesAt,
      server_seed: raffle.serverSeed,
      server_seed_hash: raffle.serverSeedHash,
      revenue_share_ppm: raffle.revenueSharePpm,
      prize_shares_ppm: JSON.stringify(raffle.prizeSharesPpm),
      usd_per_ticket_e8: raffle.usdPerTicket,
      bzu_per_ticket_e8: raffle.bzuPerTicket,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toRaffle(row as RaffleDbRow) : undefined;
}

export async function findRaffle(
  db: Executor,
  id: string,
  options: { lock?: 'update' | 'share' } = {},
): Promise<RaffleRow | undefined> {
  let query = db.selectFrom('raffles').selectAll().where('id', '=', id);
  if (options.lock === 'update') query = query.forUpdate();
  if (options.lock === 'share') query = query.forShare();
  const row = await query.executeTakeFirst();
  return row ? toRaffle(row as RaffleDbRow) : undefined;
}

export async function findOpenRaffle(
  db: Executor,
  options: { lock?: 'update' | 'share' } = {},
): Promise<RaffleRow | undefined> {
  let query = db.selectFrom('raffles').selectAll().where('status', '=', 'open');
  if (options.lock === 'update') query = query.forUpdate();
  if (options.lock === 'share') query = query.forShare();
  const row = await query.executeTakeFirst();
  return row ? toRaffle(row as RaffleDbRow) : undefined;
}

/** The raffle that closed last at or before `at` (the next one's tickets count from its close). */
export async function lastClosedBy(db: Executor, at: Date): Promise<RaffleRow | undefined> {
  const row = await db
    .selectFrom('raffles')
    .selectAll()
    .where('closes_at', '<=', at)
    .orderBy('closes_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toRaffle(row as RaffleDbRow) : undefined;
}

/** Raffles past their close that are not drawn yet, oldest first (the job closes and draws them). */
export async function dueRaffleIds(db: Executor, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('raffles')
    .select('id')
    .where('status', 'in', ['open', 'closed'])
    .where('closes_at', '<=', now)
    .orderBy('closes_at')
    .execute();
  return rows.map((row) => String(row.id));
}

export async function drawnRaffles(db: Executor, options: { beforeId?: string; limit: number }): Promise<RaffleRow[]> {
  let query = db.selectFrom('raffles').selectAll().where('status', '=', 'drawn');
  if (options.beforeId) query = query.where('id', '<', options.beforeId);
  const rows = await query.orderBy('id', 'desc').limit(options.limit).execute();
  return rows.map((row) => toRaffle(row as RaffleDbRow));
}

/** Brings an open raffle's close forward to `closesAt` (the operator's draw-now); never moves it later. */
export async function setClosesAt(db: Executor, id: string, closesAt: Date): Promise<void> {
  await db
    .updateTable('raffles')
    .set({ closes_at: closesAt })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('closes_at', '>', closesAt)
    .execute();
}

export interface ClosedFigures {
  entrantsHash: string;
  totalTickets: number;
  players: number;
  revenue: bigint;
  funded: bigint;
  jackpot: bigint;
  pool: bigint;
}

export async function markClosed(db: Executor, id: string, figures: ClosedFigures): Promise<void> {
  await db
    .updateTable('raffles')
    .set({
      status: 'closed',
      entrants_hash: figures.entrantsHash,
      total_tickets: BigInt(figures.totalTickets),
      players: figures.players,
      revenue_e8: figures.revenue,
      funded_e8: figures.funded,
      jackpot_e8: figures.jackpot,
      pool_e8: figures.pool,
      closed_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}

export async function markDrawn(db: Executor, id: string, paid: bigint): Promise<void> {
  await db
    .updateTable('raffles')
    .set({ status: 'drawn', paid_e8: paid, drawn_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'closed')
    .execute();
}

/** Where a player's tickets come from, read from the bets, the free entries and the BZU balances. */
export interface EntrantSources {
  userId: number;
  wageredUsd: bigint;
  wageredBzu: bigint;
  bzuHeld: bigint;
  freeEntry: boolean;
}

/**
 * Everyone who took part in [opensAt, closesAt): wagered on a casino bet settled in the period or claimed the free
 * entry; with their BZU cash balance now (the holder bonus). `userId` narrows it to one player.
 */
const MINUTE_MS = 60_000;

/** Wagers settled in [from, to), read row by row: the originals' and round games' bets and the studios' bets. */
function rawWagersSql(from: Date, to: Date, userId: number | undefined) {
  const ofUser = (column: string) => (userId === undefined ? sql`` : sql`and ${sql.ref(column)} = ${userId}`);
  return sql`
    select user_id, currency, amount_e8 from bets
    where state <> 'open' and settled_at >= ${from} and settled_at < ${to} ${ofUser('user_id')}
    union all
    -- Provider wagers count too (docs/providers.md), unless the provider rolled the bet back.
    select p.user_id, p.currency, p.amount_e8 from provider_transactions p
    where p.kind = 'bet' and p.created_at >= ${from} and p.created_at < ${to} ${ofUser('p.user_id')}
      and not exists (select 1 from provider_transactions r
        where r.provider_id = p.provider_id and r.kind = 'rollback' and r.reference_transaction_id = p.transaction_id)`;
}

/**
 * Rows (user_id, currency, amount_e8) whose sums per player are the wagers of [from, to): the running per-minute
 * totals for the whole minutes inside, the bets themselves only in the partial minutes at either end (none when the
 * period is aligned to minutes, and the open period's end is still ahead, so nothing is there yet).
 */
function wagersInPeriodSql(from: Date, to: Date, userId: number | undefined) {
  const firstWhole = new Date(Math.ceil(from.getTime() / MINUTE_MS) * MINUTE_MS);
  const endWhole = new Date(Math.floor(to.getTime() / MINUTE_MS) * MINUTE_MS);
  if (firstWhole >= endWhole) return rawWagersSql(from, to, userId);
  return sql`
    select user_id, currency, wagered_e8 as amount_e8 from player_wager_minutes
    where minute >= ${firstWhole} and minute < ${endWhole} ${userId === undefined ? sql`` : sql`and user_id = ${userId}`}
    union all ${rawWagersSql(from, firstWhole, userId)}
    union all ${rawWagersSql(endWhole, to, userId)}`;
}

export async function entrantSources(
  db: Executor,
  raffle: { id: string; opensAt: Date; closesAt: Date },
  userId?: number,
): Promise<EntrantSources[]> {
  const { rows } = await sql<{
    user_id: number;
    wagered_usd: string;
    wagered_bzu: string;
    free_entry: boolean;
    bzu_held: string;
  }>`
    with wagers as (
      select b.user_id,
        coalesce(sum(b.amount_e8) filter (where b.currency = 'USD'), 0) as wagered_usd,
        coalesce(sum(b.amount_e8) filter (where b.currency = 'BZU'), 0) as wagered_bzu
      from (${wagersInPeriodSql(raffle.opensAt, raffle.closesAt, userId)}) b
      group by b.user_id
    ),
    free as (
      select f.user_id from raffle_free_entries f
      where f.raffle_id = ${raffle.id} ${userId === undefined ? sql`` : sql`and f.user_id = ${userId}`}
    ),
    -- Players self-excluded now take no part: their tickets are void (docs/raffle.md).
    players as (
      select t.user_id from (select user_id from wagers union select user_id from free) t
      where not ${sql.raw(exclusionInForceSql('t.user_id'))}
    )
    select p.user_id,
      coalesce(w.wagered_usd, 0)::text as wagered_usd,
      coalesce(w.wagered_bzu, 0)::text as wagered_bzu,
      (f.user_id is not null) as free_entry,
      coalesce(a.balance_e8, 0)::text as bzu_held
    from players p
    left join wagers w on w.user_id = p.user_id
    left join free f on f.user_id = p.user_id
    left join ledger_accounts a on a.code = 'user:' || p.user_id and a.currency = 'BZU'
    order by p.user_id`.execute(db);
  return rows.map((row) => ({
    userId: row.user_id,
    wageredUsd: BigInt(row.wagered_usd),
    wageredBzu: BigInt(row.wagered_bzu),
    bzuHeld: BigInt(row.bzu_held),
    freeEntry: row.free_entry,
  }));
}

export interface EntrantRow {
  userId: number;
  tickets: number;
  firstTicket: number;
  lastTicket: number;
  wageredUsd: bigint;
  wageredBzu: bigint;
  holderBonus: number;
  freeEntry: boolean;
}

export async function insertEntrants(db: Executor, raffleId: string, entrants: EntrantRow[]): Promise<void> {
  // Chunked: one statement's parameters stay well under Postgres' limit however many players took part.
  for (let at = 0; at < entrants.length; at += 2_000) {
    await db
      .insertInto('raffle_entrants')
      .values(
        entrants.slice(at, at + 2_000).map((entrant) => ({
          raffle_id: raffleId,
          user_id: entrant.userId,
          tickets: entrant.tickets,
          first_ticket: entrant.firstTicket,
          last_ticket: entrant.lastTicket,
          wagered_usd_e8: entrant.wageredUsd,
          wagered_bzu_e8: entrant.wageredBzu,
          holder_bonus: entrant.holderBonus,
          free_entry: entrant.freeEntry,
        })),
      )
      .execute();
  }
}

/** Rewrites a closed raffle's entrants list and the figures published with it (tickets voided at draw time). */
export async function replaceEntrants(
  db: Executor,
  raffleId: string,
  entrants: EntrantRow[],
  figures: Pick<ClosedFigures, 'entrantsHash' | 'totalTickets' | 'players'>,
): Promise<void> {
  await db.deleteFrom('raffle_entrants').where('raffle_id', '=', raffleId).execute();
  await insertEntrants(db, raffleId, entrants);
  await db
    .updateTable('raffles')
    .set({ entrants_hash: figures.entrantsHash, total_tickets: BigInt(figures.totalTickets), players: figures.players })
    .where('id', '=', raffleId)
    .where('status', '=', 'closed')
    .execute();
}

/** The published list (user id ascending); `userId` narrows it to one player. */
export async function raffleEntrants(db: Executor, raffleId: string, userId?: number): Promise<EntrantRow[]> {
  let query = db.selectFrom('raffle_entrants').selectAll().where('raffle_id', '=', raffleId);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const rows = await query.orderBy('user_id').execute();
  return rows.map((row) => ({
    userId: row.user_id,
    tickets: row.tickets,
    firstTicket: row.first_ticket,
    lastTicket: row.last_ticket,
    wageredUsd: BigInt(row.wagered_usd_e8),
    wageredBzu: BigInt(row.wagered_bzu_e8),
    holderBonus: row.holder_bonus,
    freeEntry: row.free_entry,
  }));
}

/** True when this call recorded the entry; false when the player already had it. */
export async function insertFreeEntry(db: Executor, raffleId: string, userId: number): Promise<boolean> {
  const row = await db
    .insertInto('raffle_free_entries')
    .values({ raffle_id: raffleId, user_id: userId })
    .onConflict((c) => c.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface PrizeRow {
  prizeIndex: number;
  amount: bigint;
  ticket: number;
  userId: number;
  username: string;
}

export async function insertPrizes(
  db: Executor,
  raffleId: string,
  prizes: Omit<PrizeRow, 'username'>[],
  ledgerTransactionId: string | null,
): Promise<void> {
  if (prizes.length === 0) return;
  await db
    .insertInto('raffle_prizes')
    .values(
      prizes.map((prize) => ({
        raffle_id: raffleId,
        prize_index: prize.prizeIndex,
        amount_e8: prize.amount,
        ticket: prize.ticket,
        user_id: prize.userId,
        ledger_transaction_id: prize.amount > 0n ? ledgerTransactionId : null,
      })),
    )
    .execute();
}

/** Prizes of several raffles with the winners' public names, in prize order. */
export async function rafflePrizes(db: Executor, raffleIds: string[]): Promise<Map<string, PrizeRow[]>> {
  const byRaffle = new Map<string, PrizeRow[]>(raffleIds.map((id) => [id, []]));
  if (raffleIds.length === 0) return byRaffle;
  const rows = await db
    .selectFrom('raffle_prizes as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.raffle_id', 'p.prize_index', 'p.amount_e8', 'p.ticket', 'p.user_id', 'u.public_username'])
    .where('p.raffle_id', 'in', raffleIds)
    .orderBy('p.raffle_id')
    .orderBy('p.prize_index')
    .execute();
  for (const row of rows) {
    byRaffle.get(String(row.raffle_id))?.push({
      prizeIndex: row.prize_index,
      amount: BigInt(row.amount_e8),
      ticket: row.ticket,
      userId: row.user_id,
      username: row.public_username,
    });
  }
  return byRaffle;
}
