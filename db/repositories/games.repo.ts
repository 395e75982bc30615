import { sql, type Kysely } from 'kysely';
import type { BetState } from '../games-tables.js';
import type { Database } from '../schema.js';
import { precompiled } from '../precompiled.js';
import { bonusActiveSql } from './bonuses.repo.js';
import { exclusionInForceSql } from './responsible-gaming.repo.js';
import { playLimitedSql } from './play-limits.repo.js';
import type { LedgerCurrency } from '../wallet-tables.js';

type Executor = Kysely<Database>;

export interface SeedPairRow {
  id: string;
  userId: number;
  serverSeed: string;
  serverSeedHash: string;
  nextServerSeed: string;
  nextServerSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface NewSeedPair {
  serverSeed: string;
  serverSeedHash: string;
  nextServerSeed: string;
  nextServerSeedHash: string;
  clientSeed: string;
}

const pairColumns = [
  'id',
  'user_id as userId',
  'server_seed as serverSeed',
  'server_seed_hash as serverSeedHash',
  'next_server_seed as nextServerSeed',
  'next_server_seed_hash as nextServerSeedHash',
  'client_seed as clientSeed',
  'nonce',
] as const;

/** Inserts the player's first pair unless one is already active (a concurrent first bet may have won). */
export async function insertSeedPairIfNone(db: Executor, userId: number, pair: NewSeedPair): Promise<void> {
  await sql`
    insert into seed_pairs (user_id, server_seed, server_seed_hash, next_server_seed, next_server_seed_hash, client_seed)
    values (${userId}, ${pair.serverSeed}, ${pair.serverSeedHash}, ${pair.nextServerSeed}, ${pair.nextServerSeedHash}, ${pair.clientSeed})
    on conflict (user_id) where active do nothing`.execute(db);
}

export async function activeSeedPair(
  db: Executor,
  userId: number,
  options: { forUpdate?: boolean } = {},
): Promise<SeedPairRow | undefined> {
  let query = db.selectFrom('seed_pairs').select(pairColumns).where('user_id', '=', userId).where('active', '=', true);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? { ...row, id: String(row.id) } : undefined;
}

/**
 * The next nonce of the user's active pair. Its row lock serialises the player's bets until commit, so nonces are
 * contiguous and a rolled-back bet gives its nonce back. The same statement reads whether a self-exclusion is in force
 * (the bet path's first two questions, one round trip), and whether the player has loss or wager limits, so a player
without them pays nothing more; and whether they hold an active bonus, so a bet without one reads no bonus inside the
 * transaction (every statement there holds this row's lock longer: a busy player's bets queue on it).
 */
export type NonceTaken = SeedPairRow & { excluded: boolean; limited: boolean; bonused: boolean };

const TAKE_NONCE = precompiled<NonceTaken, [userId: number]>(`
  update seed_pairs set nonce = nonce + 1
  where user_id = $1 and active
  returning id, user_id as "userId", server_seed as "serverSeed", server_seed_hash as "serverSeedHash",
    next_server_seed as "nextServerSeed", next_server_seed_hash as "nextServerSeedHash", client_seed as "clientSeed", nonce,
    ${exclusionInForceSql('$1')} as excluded, ${playLimitedSql('$1')} as limited, ${bonusActiveSql('$1')} as bonused`);

export async function takeNonce(db: Executor, userId: number): Promise<NonceTaken | undefined> {
  const [row] = await TAKE_NONCE.run(db, userId);
  return row ? { ...row, id: String(row.id), nonce: row.nonce - 1 } : undefined;
}

export async function seedPairById(db: Executor, id: string): Promise<SeedPairRow | undefined> {
  const row = await db.selectFrom('seed_pairs').select(pairColumns).where('id', '=', id).executeTakeFirst();
  return row ? { ...row, id: String(row.id) } : undefined;
}

/** Retires the active pair (its seed becomes public) and makes `next` the active one. */
export async function rotateSeedPair(db: Executor, current: SeedPairRow, next: NewSeedPair): Promise<void> {
  await db
    .updateTable('seed_pairs')
    .set({ active: false, revealed_at: sql`now()` })
    .where('id', '=', current.id)
    .execute();
  await db
    .insertInto('seed_pairs')
    .values({
      user_id: current.userId,
      server_seed: next.serverSeed,
      server_seed_hash: next.serverSeedHash,
      next_server_seed: next.nextServerSeed,
      next_server_seed_hash: next.nextServerSeedHash,
      client_seed: next.clientSeed,
    })
    .execute();
}

export interface NewBet {
  userId: number;
  game: string;
  currency: LedgerCurrency;
  amount: bigint;
  payout: bigint;
  multiplier: string;
  state: BetState;
  params: unknown;
  outcome: unknown;
  seedPairId: string;
  nonce: number;
  clientBetId: string | null;
  highRoller: boolean;
  settled: boolean;
  /** A round game's bet: the public round it rides on (its outcome comes from the round, not the seed pair). */
  roundId?: string | null;
}

const INSERT_BET = precompiled<
  { id: string; created_at: Date },
  [
    userId: number,
    game: string,
    currency: LedgerCurrency,
    amount: bigint,
    payout: bigint,
    multiplier: string,
    state: BetState,
    params: string,
    outcome: string,
    seedPairId: string,
    nonce: number,
    clientBetId: string | null,
    highRoller: boolean,
    settled: boolean,
    roundId: string | null,
  ]
>(`
  insert into bets (user_id, game, currency, amount_e8, payout_e8, multiplier, state, params, outcome, seed_pair_id, nonce, client_bet_id,
    high_roller, settled_at, round_id)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, case when $14::boolean then now() end, $15)
  returning id, created_at`);

export async function insertBet(db: Executor, bet: NewBet): Promise<{ id: string; createdAt: Date }> {
  const [row] = await INSERT_BET.run(
    db,
    bet.userId,
    bet.game,
    bet.currency,
    bet.amount,
    bet.payout,
    bet.multiplier,
    bet.state,
    JSON.stringify(bet.params),
    JSON.stringify(bet.outcome),
    bet.seedPairId,
    bet.nonce,
    bet.clientBetId,
    bet.highRoller,
    bet.settled,
    bet.roundId ?? null,
  );
  return { id: String(row!.id), createdAt: row!.created_at };
}

export async function updateBet(
  db: Executor,
  id: string,
  change: {
    state: BetState;
    outcome: unknown;
    amount?: bigint;
    payout?: bigint;
    multiplier?: string;
    highRoller?: boolean;
  },
): Promise<void> {
  await db
    .updateTable('bets')
    .set({
      state: change.state,
      outcome: JSON.stringify(change.outcome),
      ...(change.amount !== undefined ? { amount_e8: change.amount } : {}),
      ...(change.payout !== undefined ? { payout_e8: change.payout } : {}),
      ...(change.multiplier !== undefined ? { multiplier: change.multiplier } : {}),
      ...(change.highRoller !== undefined ? { high_roller: change.highRoller } : {}),
      ...(change.state !== 'open' ? { settled_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** A stored bet: what insertBet wrote (settled shows in `state`), with its player and seed pair. */
export interface BetRow extends Omit<NewBet, 'settled'> {
  id: string;
  username: string;
  serverSeedHash: string;
  clientSeed: string;
  /** Only once the pair has been rotated. */
  serverSeed: string | null;
  createdAt: Date;
}

function betQuery(db: Executor) {
  return db
    .selectFrom('bets as b')
    .innerJoin('seed_pairs as p', 'p.id', 'b.seed_pair_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.user_id as userId',
      'u.public_username as username',
      'b.game',
      'b.currency',
      'b.amount_e8',
      'b.payout_e8',
      'b.multiplier',
      'b.state',
      'b.params',
      'b.outcome',
      'b.nonce',
      'b.client_bet_id as clientBetId',
      'b.high_roller as highRoller',
      'b.seed_pair_id as seedPairId',
      'p.server_seed_hash as serverSeedHash',
      'p.client_seed as clientSeed',
      sql<string | null>`case when p.revealed_at is not null then p.server_seed end`.as('serverSeed'),
      'b.created_at as createdAt',
      'b.round_id as roundId',
    ]);
}

type RawBet = Awaited<ReturnType<ReturnType<typeof betQuery>['executeTakeFirstOrThrow']>>;

function toBetRow(row: RawBet): BetRow {
  const { amount_e8, payout_e8, ...rest } = row;
  return {
    ...rest,
    id: String(row.id),
    seedPairId: String(row.seedPairId),
    amount: BigInt(amount_e8),
    payout: BigInt(payout_e8),
  };
}

export async function betById(db: Executor, id: string): Promise<BetRow | undefined> {
  const row = await betQuery(db).where('b.id', '=', id).executeTakeFirst();
  return row ? toBetRow(row) : undefined;
}

export async function betByClientId(db: Executor, userId: number, clientBetId: string): Promise<BetRow | undefined> {
  const row = await betQuery(db)
    .where('b.user_id', '=', userId)
    .where('b.client_bet_id', '=', clientBetId)
    .executeTakeFirst();
  return row ? toBetRow(row) : undefined;
}

/** Locks a round game's bet row for its settlement (cash-out, the round's end or a refund), whoever's it is. */
export async function lockRoundBet(db: Executor, id: string) {
  return db
    .selectFrom('bets')
    .select(['id', 'state', 'round_id', 'user_id'])
    .select(sql<boolean>`${sql.raw(playLimitedSql('bets.user_id'))}`.as('limited'))
    .where('id', '=', id)
    .where('round_id', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Settles the given open bets of a round as lost in one statement (their stakes are already with the house, so no
 * posting): the round's end settles its losers at once. Answers the ids it settled (a bet cashed out meanwhile is left).
 */
export async function loseOpenRoundBets(
  db: Executor,
  roundId: string,
  ids: string[],
  outcome: object,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    update bets set state = 'lost', payout_e8 = 0, multiplier = '0.0000', settled_at = now(), outcome = outcome || ${JSON.stringify(outcome)}::jsonb
    where round_id = ${roundId} and state = 'open' and id = any(${ids}::bigint[])
    returning id::text as id`.execute(db);
  return rows.map((row) => row.id);
}

/** Bets by id (any order). */
export async function betsByIds(db: Executor, ids: string[]): Promise<BetRow[]> {
  if (ids.length === 0) return [];
  const rows = await betQuery(db).where('b.id', 'in', ids).orderBy('b.id').execute();
  return rows.map(toBetRow);
}

/** A round's bets, oldest first. */
export async function betsOfRound(db: Executor, roundId: string): Promise<BetRow[]> {
  const rows = await betQuery(db).where('b.round_id', '=', roundId).orderBy('b.id').execute();
  return rows.map(toBetRow);
}

/** The params of one player's bets in a round (bingo: the cards bought so far), oldest first. */
export async function playerRoundParams(db: Executor, roundId: string, userId: number): Promise<unknown[]> {
  const rows = await db
    .selectFrom('bets')
    .select('params')
    .where('round_id', '=', roundId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.params);
}

/** Locks the player's bet row for a mines step; undefined when it is not theirs. */
export async function lockBet(db: Executor, id: string, userId: number) {
  return db
    .selectFrom('bets')
    .selectAll()
    .select(sql<boolean>`${sql.raw(playLimitedSql('bets.user_id'))}`.as('limited'))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** The player's open multi-step round (a round game's bets wait open for their public round and are not one). */
export async function openRound(db: Executor, userId: number): Promise<BetRow | undefined> {
  const row = await betQuery(db)
    .where('b.user_id', '=', userId)
    .where('b.state', '=', 'open')
    .where('b.round_id', 'is', null)
    .executeTakeFirst();
  return row ? toBetRow(row) : undefined;
}

export async function hasOpenRound(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('bets')
    .select('id')
    .where('user_id', '=', userId)
    .where('state', '=', 'open')
    .where('round_id', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export interface BetFilter {
  game?: string;
  currency?: LedgerCurrency;
  state?: BetState;
  /** Bets older than this id. */
  beforeId?: string;
  limit: number;
}

/**
 * The player's bets, newest first, keyset-paginated by id. The page's ids are chosen in a lateral subquery keyed by
 * the player's row: with the id as a constant the planner weighs the player's own share of the table, and for a player
 * with many bets but none lately it walked the whole table backwards from its newest bet (0.6-0.8 s on a year of play)
 * instead of reading the player's index; keyed by the row it plans with the average player and reads the index.
 */
export async function betsOfUser(db: Executor, userId: number, filter: BetFilter): Promise<BetRow[]> {
  const pageIds = db
    .selectFrom('users as owner')
    .innerJoinLateral(
      (eb) => {
        let page = eb.selectFrom('bets as own').select('own.id').whereRef('own.user_id', '=', 'owner.id');
        if (filter.game) page = page.where('own.game', '=', filter.game);
        if (filter.currency) page = page.where('own.currency', '=', filter.currency);
        if (filter.state) page = page.where('own.state', '=', filter.state);
        if (filter.beforeId) page = page.where('own.id', '<', filter.beforeId);
        return page.orderBy('own.id', 'desc').limit(filter.limit).as('page');
      },
      (join) => join.onTrue(),
    )
    .select('page.id')
    .where('owner.id', '=', userId);
  const rows = await betQuery(db).where('b.id', 'in', pageIds).orderBy('b.id', 'desc').execute();
  return rows.map(toBetRow);
}

/** Settled bets of everyone (or only the high rollers), newest first: the live feed's backfill. */
export async function recentBets(db: Executor, options: { highRollers: boolean; limit: number }): Promise<BetRow[]> {
  let query = betQuery(db).where('b.state', '<>', 'open');
  if (options.highRollers) query = query.where('b.high_roller', '=', true);
  const rows = await query.orderBy('b.id', 'desc').limit(options.limit).execute();
  return rows.map(toBetRow);
}

export interface BetStatsRow {
  game: string;
  currency: LedgerCurrency;
  count: number;
  wagered: bigint;
  profit: bigint;
}

/**
 * Settled bets per game and currency: how many, how much staked, and the player's profit (payout - stake). Read from
 * the running totals the bets' own statements keep (migration 20261202_0101), so a long history costs nothing here.
 */
export async function betStats(db: Executor, userId: number): Promise<BetStatsRow[]> {
  const { rows } = await sql<{
    game: string;
    currency: LedgerCurrency;
    count: string;
    wagered: string;
    profit: string;
  }>`
    select game, currency, bets::text as count, wagered_e8::text as wagered, profit_e8::text as profit
    from player_game_totals where user_id = ${userId} and bets > 0
    order by game, currency`.execute(db);
  return rows.map((row) => ({
    game: row.game,
    currency: row.currency,
    count: Number(row.count),
    wagered: BigInt(row.wagered),
    profit: BigInt(row.profit),
  }));
}

/** A settled bet whose after-commit accruals (economy and/or referral commission) have no trace. */
export interface UnaccruedBet {
  id: string;
  userId: number;
  game: string;
  currency: LedgerCurrency;
  amount: bigint;
  settledAt: Date;
}

const ACCRUAL_WATERMARK_KEY = 'games.accrualSweptUntil';

/** Every bet settled before this instant has been accrued (or is older than the sweep's window). */
/** `key` names the sweep: the originals' bets by default; provider wagers keep their own (providers.accrualSweptUntil). */
export async function readAccrualWatermark(db: Executor, key = ACCRUAL_WATERMARK_KEY): Promise<Date | undefined> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  const raw: unknown = typeof row?.value === 'string' && row.value.startsWith('"') ? JSON.parse(row.value) : row?.value;
  const at = typeof raw === 'string' ? new Date(raw) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
}

export async function writeAccrualWatermark(db: Executor, at: Date, key = ACCRUAL_WATERMARK_KEY): Promise<void> {
  const value = JSON.stringify(at.toISOString());
  await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: sql`now()` }))
    .execute();
}

/**
 * Settled bets between `settledAfter` and `settledBefore`, oldest first, that lack a bet_economy row
 * (when `economy` is on) or, for a player referred before the bet, a referral commission `bet:<id>`.
 * The window's lower bound keeps the scan off the whole bet history (bets_settled_at_idx).
 */
export async function unaccruedBets(
  db: Executor,
  options: { settledBefore: Date; settledAfter: Date; limit: number; economy: boolean },
): Promise<UnaccruedBet[]> {
  const missingEconomy = options.economy
    ? sql<boolean>`not exists (select 1 from bet_economy e where e.bet_id = b.id::text)`
    : sql<boolean>`false`;
  const rows = await sql<{
    id: string;
    user_id: number;
    game: string;
    currency: LedgerCurrency;
    amount_e8: string;
    settled_at: Date;
  }>`
    select b.id::text as id, b.user_id, b.game, b.currency, b.amount_e8::text as amount_e8, b.settled_at
    from bets b
    where b.state <> 'open' -- won or lost; the same predicate as bets_settled_at_idx
      and not coalesce((b.outcome ->> 'refunded')::boolean, false) -- a refunded round bet accrues nothing
      and b.settled_at < ${options.settledBefore}
      and b.settled_at >= ${options.settledAfter}
      and (
        ${missingEconomy}
        or (
          exists (select 1 from referrals r where r.referee_id = b.user_id and r.created_at <= b.created_at)
          and not exists (select 1 from referral_commissions c where c.source_key = 'bet:' || b.id::text)
        )
      )
    order by b.settled_at, b.id
    limit ${options.limit}`.execute(db);
  return rows.rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    game: row.game,
    currency: row.currency,
    amount: BigInt(row.amount_e8),
    settledAt: new Date(row.settled_at),
  }));
}
