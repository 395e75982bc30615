import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { promotionEligibleSql } from './promotions.repo.js';

type Executor = Kysely<Database>;

/** Adds what `counted` (race_bets rows just inserted) adds to each player's running total; answers the races moved. */
async function addToEntries(db: Executor, counted: ReturnType<typeof sql>): Promise<string[]> {
  const { rows } = await sql<{ race_id: string }>`
    with counted as (${counted})
    insert into race_entries (race_id, user_id, wagered_e8, reached_at)
    select race_id, user_id, sum(amount_e8), max(settled_at) from counted group by race_id, user_id
    on conflict (race_id, user_id) do update
      set wagered_e8 = race_entries.wagered_e8 + excluded.wagered_e8,
        reached_at = greatest(race_entries.reached_at, excluded.reached_at)
    returning race_id::text`.execute(db);
  return rows.map((row) => row.race_id);
}

/**
 * Counts one settled original in every active race it qualifies for (currency, games, its settle time inside the
 * race's window), once per race and bet (race_bets' primary key), and adds it to the player's running total. The
 * total's `reached_at` is the settle time of the bet that made it: ties on the board rank by it. One statement;
 * answers the races whose board moved. A refunded bet (its round never ran) wagered nothing.
 */
export async function countRaceBet(db: Executor, betId: string): Promise<string[]> {
  return addToEntries(
    db,
    sql`
      with bet as (
        select id, user_id, currency, game, amount_e8, settled_at from bets
        where id = ${betId} and state <> 'open' and settled_at is not null
          and not coalesce((outcome->>'refunded')::boolean, false)
      )
      insert into race_bets (race_id, bet_id, user_id, amount_e8, settled_at)
      select p.id, b.id::text, b.user_id, b.amount_e8, b.settled_at from bet b
      join promotions p on p.kind = 'race' and p.status = 'active' and p.finalised_at is null
        and p.currency = b.currency and b.settled_at >= p.starts_at and b.settled_at < p.ends_at
        and (cardinality(p.games) = 0 or b.game = any(p.games))
      on conflict do nothing
      returning race_id, user_id, amount_e8, settled_at`,
  );
}

/**
 * Counts, in the races `raceIds` (active ones only), every original settled in [from, to) that countRaceBet would
 * have counted as it settled: the catch-up for a process that settled those bets before it knew of the race (its
 * live-race snapshot was older than the race, see LiveRaces). Bets already counted are skipped (race_bets' key).
 */
export async function countRaceBetsBetween(
  db: Executor,
  raceIds: readonly string[],
  window: { from: Date; to: Date },
): Promise<string[]> {
  if (raceIds.length === 0) return [];
  return addToEntries(
    db,
    sql`
      insert into race_bets (race_id, bet_id, user_id, amount_e8, settled_at)
      select p.id, b.id::text, b.user_id, b.amount_e8, b.settled_at
      from promotions p
      join bets b on b.settled_at >= greatest(p.starts_at, ${window.from}::timestamptz)
        and b.settled_at < least(p.ends_at, ${window.to}::timestamptz)
        and b.currency = p.currency and (cardinality(p.games) = 0 or b.game = any(p.games))
        and b.state <> 'open' and not coalesce((b.outcome->>'refunded')::boolean, false)
      where p.id = any(${raceIds.map(BigInt)}::bigint[]) and p.kind = 'race' and p.status = 'active'
        and p.finalised_at is null
      on conflict do nothing
      returning race_id, user_id, amount_e8, settled_at`,
  );
}

/** The races a bet may count in now or soon: active, not finalised, not over at `now` (LiveRaces' snapshot). */
export async function liveRaceWindows(
  db: Executor,
  now: Date,
): Promise<{ id: string; currency: string; startsAt: Date; endsAt: Date }[]> {
  const { rows } = await sql<{ id: string; currency: string; starts_at: Date; ends_at: Date }>`
    select id::text, currency, starts_at, ends_at from promotions
    where kind = 'race' and status = 'active' and finalised_at is null and ends_at > ${now}`.execute(db);
  return rows.map((row) => ({ id: row.id, currency: row.currency, startsAt: row.starts_at, endsAt: row.ends_at }));
}

/**
 * Counts a provider wager (keyed like its accrual) in the active races whose games name one of its families
 * (`provider`: every provider game; `provider-<category>`, e.g. `provider-slots`), by the time it was placed. A race
 * with no games listed counts originals only. Once per race and wager, like a bet.
 */
export async function countRaceWager(
  db: Executor,
  wager: { key: string; userId: number; currency: string; amountE8: bigint; placedAt: Date; families: string[] },
): Promise<string[]> {
  return addToEntries(
    db,
    sql`
      insert into race_bets (race_id, bet_id, user_id, amount_e8, settled_at)
      select p.id, ${wager.key}, ${wager.userId}, ${wager.amountE8}, ${wager.placedAt}::timestamptz from promotions p
      where p.kind = 'race' and p.status = 'active' and p.finalised_at is null and p.currency = ${wager.currency}
        and ${wager.placedAt}::timestamptz >= p.starts_at and ${wager.placedAt}::timestamptz < p.ends_at
        and p.games && ${wager.families}::text[]
      on conflict do nothing
      returning race_id, user_id, amount_e8, settled_at`,
  );
}

export interface BoardRow {
  place: number;
  userId: number;
  username: string;
  wageredE8: bigint;
  reachedAt: Date;
}

const ELIGIBLE = sql.raw(promotionEligibleSql('e.user_id'));

/**
 * The live board's top `limit`: players who may take part now (no exclusion in force, not opted out), most wagered
 * first, ties by who reached the amount first (then by id, so the order is total). Reads race_entries_board's range.
 */
export async function liveBoard(db: Executor, raceId: string, limit: number): Promise<BoardRow[]> {
  const { rows } = await sql<{ user_id: number; username: string; wagered_e8: string; reached_at: Date }>`
    select e.user_id, u.public_username as username, e.wagered_e8::text, e.reached_at
    from race_entries e join users u on u.id = e.user_id
    where e.race_id = ${raceId} and ${ELIGIBLE}
    order by e.wagered_e8 desc, e.reached_at, e.user_id
    limit ${limit}`.execute(db);
  return rows.map((row, index) => ({
    place: index + 1,
    userId: row.user_id,
    username: row.username,
    wageredE8: BigInt(row.wagered_e8),
    reachedAt: new Date(row.reached_at),
  }));
}

/** The player's own entry and place on the live board (eligible players ahead + 1), or undefined without one. */
export async function ownPlace(
  db: Executor,
  raceId: string,
  userId: number,
): Promise<{ place: number; wageredE8: bigint } | undefined> {
  const { rows } = await sql<{ place: string; wagered_e8: string }>`
    select (select count(*) + 1 from race_entries e
        where e.race_id = m.race_id and ${ELIGIBLE}
          and (e.wagered_e8 > m.wagered_e8 or (e.wagered_e8 = m.wagered_e8
            and (e.reached_at < m.reached_at or (e.reached_at = m.reached_at and e.user_id < m.user_id)))))::text as place,
      m.wagered_e8::text
    from race_entries m where m.race_id = ${raceId} and m.user_id = ${userId}`.execute(db);
  return rows[0] ? { place: Number(rows[0].place), wageredE8: BigInt(rows[0].wagered_e8) } : undefined;
}

/** Races past their end whose board is not frozen yet (the job's work), oldest first. */
export async function dueRaceIds(db: Executor, now: Date): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id::text from promotions where kind = 'race' and finalised_at is null and ends_at <= ${now}
    order by ends_at, id`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * Freezes a race's board (the caller holds the race's row lock): its top `keep` eligible players with the prize of
 * their place, into race_results. Eligibility is read now, so a player excluded mid-race is not on it and the places
 * below move up.
 */
export async function freezeBoard(
  db: Executor,
  raceId: string,
  prizes: readonly bigint[],
  keep: number,
): Promise<BoardRow[]> {
  const board = await liveBoard(db, raceId, keep);
  if (board.length === 0) return board;
  await sql`
    insert into race_results (race_id, place, user_id, wagered_e8, reached_at, prize_e8)
    select ${raceId}, place, user_id, wagered_e8, reached_at, prize_e8
    from unnest(${board.map((row) => row.place)}::int[], ${board.map((row) => row.userId)}::int[],
      ${board.map((row) => String(row.wageredE8))}::bigint[], ${board.map((row) => row.reachedAt)}::timestamptz[],
      ${board.map((row) => String(prizes[row.place - 1] ?? 0n))}::bigint[])
      as r(place, user_id, wagered_e8, reached_at, prize_e8)`.execute(db);
  return board;
}

export async function markFinalised(db: Executor, raceId: string): Promise<void> {
  await sql`update promotions set finalised_at = now(), status = 'ended' where id = ${raceId}`.execute(db);
}

/** A finished race's frozen board, by place. */
export async function finalBoard(
  db: Executor,
  raceId: string,
): Promise<(BoardRow & { prizeE8: bigint; status: string | null })[]> {
  const { rows } = await sql<{
    place: number;
    user_id: number;
    username: string;
    wagered_e8: string;
    reached_at: Date;
    prize_e8: string;
    status: string | null;
  }>`
    select r.place, r.user_id, u.public_username as username, r.wagered_e8::text, r.reached_at, r.prize_e8::text,
      a.status
    from race_results r join users u on u.id = r.user_id
    left join promotion_awards a on a.key = 'promotion:' || r.race_id || ':place:' || r.place
    where r.race_id = ${raceId} order by r.place`.execute(db);
  return rows.map((row) => ({
    place: row.place,
    userId: row.user_id,
    username: row.username,
    wageredE8: BigInt(row.wagered_e8),
    reachedAt: new Date(row.reached_at),
    prizeE8: BigInt(row.prize_e8),
    status: row.status,
  }));
}
