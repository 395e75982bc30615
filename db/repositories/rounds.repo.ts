import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database>;

/** Round games' chains and rounds (migration 20261129_0201_round_games). */
export type RoundState = 'queued' | 'betting' | 'running' | 'ended' | 'cancelled';

export interface ChainRow {
  id: string;
  game: string;
  length: number;
  checkpointEvery: number;
  terminalHash: string;
  /** Null until fixed; no round is played before. */
  salt: string | null;
  committedAt: Date;
}

export interface RoundRow {
  id: string;
  game: string;
  chainId: string;
  number: number;
  state: RoundState;
  hash: string;
  result: unknown;
  bettingEndsAt: Date | null;
  startedAt: Date | null;
  endedAt: Date | null;
}

const chainColumns = sql`id::text as id, game, length, checkpoint_every as "checkpointEvery", terminal_hash as "terminalHash", salt,
  committed_at as "committedAt"`;
const roundColumns = sql`id::text as id, game, chain_id::text as "chainId", number, state, hash, result, betting_ends_at as "bettingEndsAt",
  started_at as "startedAt", ended_at as "endedAt"`;

export async function activeChain(db: Executor, game: string): Promise<ChainRow | undefined> {
  const { rows } =
    await sql<ChainRow>`select ${chainColumns} from round_chains where game = ${game} and active`.execute(db);
  return rows[0];
}

export async function chainById(db: Executor, id: string): Promise<ChainRow | undefined> {
  const { rows } = await sql<ChainRow>`select ${chainColumns} from round_chains where id = ${id}`.execute(db);
  return rows[0];
}

/** Stores a new chain with its checkpoints, unless the game has one already (another runner won): answers the active one. */
export async function insertChain(
  db: Executor,
  chain: {
    game: string;
    length: number;
    checkpointEvery: number;
    terminalHash: string;
    salt: string | null;
    checkpoints: Map<number, string>;
  },
): Promise<ChainRow> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<ChainRow>`
      insert into round_chains (game, length, checkpoint_every, terminal_hash, salt, salt_set_at)
      values (${chain.game}, ${chain.length}, ${chain.checkpointEvery}, ${chain.terminalHash}, ${chain.salt}, case when ${chain.salt}::text is null then null else now() end)
      on conflict (game) where active do nothing
      returning ${chainColumns}`.execute(trx);
    const inserted = rows[0];
    if (!inserted) return (await activeChain(trx, chain.game))!;
    const entries = [...chain.checkpoints.entries()];
    for (let i = 0; i < entries.length; i += 5_000) {
      const page = entries.slice(i, i + 5_000);
      await sql`
        insert into round_chain_checkpoints (chain_id, idx, hash)
        select ${inserted.id}::bigint, idx, hash from unnest(${page.map(([idx]) => idx)}::int[], ${page.map(([, hash]) => hash)}::text[]) as t(idx, hash)`.execute(
        trx,
      );
    }
    return inserted;
  });
}

export async function checkpoint(db: Executor, chainId: string, idx: number): Promise<string | undefined> {
  const { rows } = await sql<{
    hash: string;
  }>`select hash from round_chain_checkpoints where chain_id = ${chainId} and idx = ${idx}`.execute(db);
  return rows[0]?.hash;
}

/** Rounds played on a chain so far (the highest number used, 0 before round 1). */
export async function lastRoundNumber(db: Executor, chainId: string): Promise<number> {
  const { rows } = await sql<{
    n: number | null;
  }>`select max(number) as n from rounds where chain_id = ${chainId}`.execute(db);
  return rows[0]?.n ?? 0;
}

export async function insertRound(
  db: Executor,
  round: {
    game: string;
    chainId: string;
    number: number;
    hash: string;
    state: 'queued' | 'betting';
    bettingEndsAt: Date | null;
  },
): Promise<RoundRow> {
  const { rows } = await sql<RoundRow>`
    insert into rounds (game, chain_id, number, state, hash, betting_ends_at)
    values (${round.game}, ${round.chainId}, ${round.number}, ${round.state}, ${round.hash}, ${round.bettingEndsAt})
    returning ${roundColumns}`.execute(db);
  return rows[0]!;
}

export async function roundById(db: Executor, id: string): Promise<RoundRow | undefined> {
  const { rows } = await sql<RoundRow>`select ${roundColumns} from rounds where id = ${id}`.execute(db);
  return rows[0];
}

/** The game's round that is live now: running first, else the one taking bets. */
export async function liveRound(db: Executor, game: string): Promise<RoundRow | undefined> {
  const { rows } = await sql<RoundRow>`
    select ${roundColumns} from rounds where game = ${game} and state in ('betting', 'running', 'queued')
    order by case state when 'running' then 0 when 'betting' then 1 else 2 end limit 1`.execute(db);
  return rows[0];
}

/** Rounds that did not reach their end (their runner died), oldest first. */
export async function unfinishedRounds(db: Executor, game: string): Promise<RoundRow[]> {
  const { rows } =
    await sql<RoundRow>`select ${roundColumns} from rounds where game = ${game} and state in ('queued', 'betting', 'running') order by rounds.id`.execute(
      db,
    );
  return rows;
}

/**
 * The round taking bets, locked against the runner's close (`for share`: bets go in side by side; closing waits for them
 * and they for it), with the database's clock read in the same statement so every server judges the window alike.
 */
export async function lockOpenRound(db: Executor, game: string): Promise<(RoundRow & { now: Date }) | undefined> {
  const { rows } = await sql<RoundRow & { now: Date }>`
    select ${roundColumns}, clock_timestamp() as now from rounds where game = ${game} and state in ('queued', 'betting') for share`.execute(
    db,
  );
  return rows[0];
}

/** The database's clock now: the one clock every server and every screen reads the curve by. */
export async function databaseNow(db: Executor): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(db);
  return rows[0]!.now;
}

/** A round with the database's clock now, for a cash-out's elapsed time (one clock for every server). */
export async function roundWithClock(db: Executor, id: string): Promise<(RoundRow & { now: Date }) | undefined> {
  const { rows } = await sql<
    RoundRow & { now: Date }
  >`select ${roundColumns}, clock_timestamp() as now from rounds where id = ${id}`.execute(db);
  return rows[0];
}

/** Moves a round on if it is still where the caller saw it; answers the moved row, or undefined (someone else moved it). */
export async function moveRound(
  db: Executor,
  id: string,
  from: RoundState[],
  to: { state: RoundState; bettingEndsAt?: Date; start?: boolean; end?: boolean; result?: unknown },
): Promise<RoundRow | undefined> {
  const { rows } = await sql<RoundRow>`
    update rounds set state = ${to.state},
      betting_ends_at = coalesce(${to.bettingEndsAt ?? null}::timestamptz, betting_ends_at),
      started_at = case when ${to.start ?? false}::boolean then clock_timestamp() else started_at end,
      ended_at = case when ${to.end ?? false}::boolean then clock_timestamp() else ended_at end,
      result = coalesce(${to.result === undefined ? null : JSON.stringify(to.result)}::jsonb, result)
    where id = ${id} and state = any(${from}::text[])
    returning ${roundColumns}`.execute(db);
  return rows[0];
}

/** Ended (and cancelled) rounds, newest first, keyset by id. */
export async function pastRounds(
  db: Executor,
  game: string,
  options: { beforeId?: string; limit: number },
): Promise<RoundRow[]> {
  const { rows } = await sql<RoundRow>`
    select ${roundColumns} from rounds where game = ${game} and state in ('ended', 'cancelled')
      and (${options.beforeId ?? null}::bigint is null or id < ${options.beforeId ?? null}::bigint)
    order by rounds.id desc limit ${options.limit}`.execute(db);
  return rows;
}

/** Open bets of a round (ids), for its settlement. */
export async function openBetIds(db: Executor, roundId: string): Promise<string[]> {
  const { rows } = await sql<{
    id: string;
  }>`select id::text as id from bets where round_id = ${roundId} and state = 'open' order by bets.id`.execute(db);
  return rows.map((row) => row.id);
}

/** Writes the round's public result into each of its bets' outcome (API.md: `crashPoint` once the round ended). */
export async function stampRoundBets(db: Executor, roundId: string, result: object): Promise<void> {
  await sql`update bets set outcome = outcome || ${JSON.stringify(result)}::jsonb where round_id = ${roundId}`.execute(
    db,
  );
}

/** Fixes the active chain's salt, only while it has none and no round was played; answers whether it did. */
export async function fixChainSalt(db: Executor, game: string, salt: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    update round_chains c set salt = ${salt}, salt_set_at = now()
    where c.game = ${game} and c.active and c.salt is null and not exists (select 1 from rounds r where r.chain_id = c.id)
    returning c.id::text as id`.execute(db);
  return rows.length > 0;
}
