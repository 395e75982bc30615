import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type {
  SportsBetsTable,
  SportsEventStatus,
  SportsMarketStatus,
  SportsMarketType,
  SportsSelectionResult,
  SportsSourceName,
} from '../sports-tables.js';

type Executor = Kysely<Database>;

export type BetRow = Selectable<SportsBetsTable>;

// ---- catalogue ---------------------------------------------------------------------------------

export async function ensureSport(db: Executor, name: string): Promise<number> {
  await db
    .insertInto('sports')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('sports').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

export async function ensureCompetition(db: Executor, sportId: number, name: string): Promise<number> {
  await db
    .insertInto('sports_competitions')
    .values({ sport_id: sportId, name })
    .onConflict((oc) => oc.columns(['sport_id', 'name']).doNothing())
    .execute();
  const row = await db
    .selectFrom('sports_competitions')
    .select('id')
    .where('sport_id', '=', sportId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface EventInput {
  competitionId: number;
  home: string;
  away: string;
  startsAt: Date;
  status?: SportsEventStatus;
  source: SportsSourceName;
  externalId?: string | null;
}

export async function insertEvent(db: Executor, input: EventInput): Promise<string> {
  const row = await db
    .insertInto('sports_events')
    .values({
      competition_id: input.competitionId,
      home: input.home,
      away: input.away,
      starts_at: input.startsAt,
      status: input.status ?? 'upcoming',
      source: input.source,
      external_id: input.externalId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function findEventByExternalId(db: Executor, source: SportsSourceName, externalId: string) {
  return db
    .selectFrom('sports_events')
    .selectAll()
    .where('source', '=', source)
    .where('external_id', '=', externalId)
    .executeTakeFirst();
}

export async function updateEvent(
  db: Executor,
  id: string,
  fields: { home?: string; away?: string; startsAt?: Date; status?: SportsEventStatus; competitionId?: number },
) {
  await db
    .updateTable('sports_events')
    .set({
      ...(fields.home !== undefined ? { home: fields.home } : {}),
      ...(fields.away !== undefined ? { away: fields.away } : {}),
      ...(fields.startsAt !== undefined ? { starts_at: fields.startsAt } : {}),
      ...(fields.status !== undefined ? { status: fields.status } : {}),
      ...(fields.competitionId !== undefined ? { competition_id: fields.competitionId } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Events with their sport and competition names, soonest first. */
export async function listEvents(
  db: Executor,
  filter: { statuses?: SportsEventStatus[]; ids?: string[]; limit?: number },
) {
  let query = db
    .selectFrom('sports_events as e')
    .innerJoin('sports_competitions as c', 'c.id', 'e.competition_id')
    .innerJoin('sports as s', 's.id', 'c.sport_id')
    .select([
      'e.id',
      'e.home',
      'e.away',
      'e.starts_at',
      'e.status',
      'e.source',
      'c.name as competition',
      's.name as sport',
    ])
    .orderBy('e.starts_at')
    .orderBy('e.id');
  if (filter.statuses) query = query.where('e.status', 'in', filter.statuses);
  if (filter.ids) query = query.where('e.id', 'in', filter.ids.length ? filter.ids : ['0']);
  if (filter.limit) query = query.limit(filter.limit);
  return query.execute();
}

export async function lockEvent(db: Executor, id: string) {
  return db.selectFrom('sports_events').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertMarket(
  db: Executor,
  input: {
    eventId: string;
    type: SportsMarketType;
    lineMilli: number | null;
    externalId?: string | null;
    status?: SportsMarketStatus;
  },
) {
  const row = await db
    .insertInto('sports_markets')
    .values({
      event_id: input.eventId,
      type: input.type,
      line_milli: input.lineMilli,
      external_id: input.externalId ?? null,
      status: input.status ?? 'open',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function findMarketByExternalId(db: Executor, eventId: string, externalId: string) {
  return db
    .selectFrom('sports_markets')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('external_id', '=', externalId)
    .executeTakeFirst();
}

export async function lockMarket(db: Executor, id: string) {
  return db.selectFrom('sports_markets').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findMarket(db: Executor, id: string) {
  return db.selectFrom('sports_markets').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setMarketStatus(db: Executor, id: string, status: SportsMarketStatus) {
  await db
    .updateTable('sports_markets')
    .set({ status, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function marketsOfEvent(db: Executor, eventId: string) {
  return db.selectFrom('sports_markets').selectAll().where('event_id', '=', eventId).orderBy('id').execute();
}

export async function insertSelection(
  db: Executor,
  input: { marketId: string; code: string; name: string; oddsMilli: number; position: number },
) {
  const row = await db
    .insertInto('sports_selections')
    .values({
      market_id: input.marketId,
      code: input.code,
      name: input.name,
      odds_milli: input.oddsMilli,
      position: input.position,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function selectionsOfMarkets(db: Executor, marketIds: string[]) {
  if (marketIds.length === 0) return [];
  return db
    .selectFrom('sports_selections')
    .selectAll()
    .where('market_id', 'in', marketIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Locks a selection (odds changes queue behind each other and behind placements reading it). */
export async function lockSelection(db: Executor, id: string) {
  return db.selectFrom('sports_selections').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateOdds(db: Executor, id: string, oddsMilli: number) {
  await db
    .updateTable('sports_selections')
    .set({ odds_milli: oddsMilli, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function insertOddsHistory(
  db: Executor,
  row: { selectionId: string; oddsMilli: number; previousOddsMilli: number | null; source: string },
) {
  await db
    .insertInto('sports_odds_history')
    .values({
      selection_id: row.selectionId,
      odds_milli: row.oddsMilli,
      previous_odds_milli: row.previousOddsMilli,
      source: row.source,
    })
    .execute();
}

export async function oddsHistory(db: Executor, selectionId: string, limit: number) {
  return db
    .selectFrom('sports_odds_history')
    .selectAll()
    .where('selection_id', '=', selectionId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Writes every selection's result, marks the market settled and bumps its result version. */
export async function writeResults(
  db: Executor,
  marketId: string,
  results: Map<string, SportsSelectionResult>,
): Promise<number> {
  for (const [selectionId, result] of results) {
    await db
      .updateTable('sports_selections')
      .set({ result, updated_at: sql`now()` })
      .where('id', '=', selectionId)
      .where('market_id', '=', marketId)
      .execute();
  }
  const row = await db
    .updateTable('sports_markets')
    .set({ status: 'settled', result_version: sql`result_version + 1`, updated_at: sql`now()` })
    .where('id', '=', marketId)
    .returning('result_version')
    .executeTakeFirstOrThrow();
  return row.result_version;
}

/**
 * Selections with their market and event, locked for share: an odds change, a suspension or a
 * result waits until the placement reading them has committed, and the other way round.
 */
export async function selectionsForBet(db: Executor, selectionIds: string[]) {
  if (selectionIds.length === 0) return [];
  return db
    .selectFrom('sports_selections as s')
    .innerJoin('sports_markets as m', 'm.id', 's.market_id')
    .innerJoin('sports_events as e', 'e.id', 'm.event_id')
    .select([
      's.id',
      's.odds_milli',
      's.name',
      's.market_id',
      'm.status as market_status',
      'm.event_id',
      'e.status as event_status',
    ])
    .where('s.id', 'in', selectionIds)
    .forShare()
    .execute();
}

// ---- bets --------------------------------------------------------------------------------------

export async function insertBet(
  db: Executor,
  row: {
    userId: number;
    clientId: string;
    kind: 'single' | 'multi';
    currency: 'USD' | 'BZU';
    stake: bigint;
    potentialReturn: bigint;
  },
): Promise<string | undefined> {
  const inserted = await db
    .insertInto('sports_bets')
    .values({
      user_id: row.userId,
      client_id: row.clientId,
      kind: row.kind,
      currency: row.currency,
      stake_e8: row.stake,
      potential_return_e8: row.potentialReturn,
    })
    .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? String(inserted.id) : undefined;
}

export async function insertLegs(
  db: Executor,
  betId: string,
  legs: { eventId: string; marketId: string; selectionId: string; oddsMilli: number }[],
) {
  await db
    .insertInto('sports_bet_legs')
    .values(
      legs.map((leg) => ({
        bet_id: betId,
        event_id: leg.eventId,
        market_id: leg.marketId,
        selection_id: leg.selectionId,
        odds_milli: leg.oddsMilli,
      })),
    )
    .execute();
}

export async function findBetByClientId(db: Executor, userId: number, clientId: string) {
  return db
    .selectFrom('sports_bets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export async function findBet(db: Executor, id: string) {
  return db.selectFrom('sports_bets').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockBet(db: Executor, id: string) {
  return db.selectFrom('sports_bets').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateBetOutcome(
  db: Executor,
  id: string,
  fields: { status: BetRow['status']; paid: bigint; settlementCount: number },
) {
  await db
    .updateTable('sports_bets')
    .set({
      status: fields.status,
      paid_e8: fields.paid,
      settlement_count: fields.settlementCount,
      settled_at: fields.status === 'open' ? null : sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Legs with what settlement and cash-out need: the selection's result, current odds and market state. */
export async function legsOfBets(db: Executor, betIds: string[]) {
  if (betIds.length === 0) return [];
  return db
    .selectFrom('sports_bet_legs as l')
    .innerJoin('sports_selections as s', 's.id', 'l.selection_id')
    .innerJoin('sports_markets as m', 'm.id', 'l.market_id')
    .innerJoin('sports_events as e', 'e.id', 'l.event_id')
    .select([
      'l.bet_id',
      'l.event_id',
      'l.market_id',
      'l.selection_id',
      'l.odds_milli',
      's.odds_milli as current_odds_milli',
      's.name as selection_name',
      's.result',
      'm.type as market_type',
      'm.line_milli',
      'm.status as market_status',
      'e.home',
      'e.away',
      'e.status as event_status',
      'e.starts_at',
    ])
    .where('l.bet_id', 'in', betIds)
    .orderBy('l.id')
    .execute();
}

/** Bets with a leg on the market, except cashed-out ones (a cash-out is final). */
export async function betIdsOnMarket(db: Executor, marketId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sports_bet_legs as l')
    .innerJoin('sports_bets as b', 'b.id', 'l.bet_id')
    .select('b.id')
    .where('l.market_id', '=', marketId)
    .where('b.status', '<>', 'cashed_out')
    .orderBy('b.id')
    .execute();
  return rows.map((row) => String(row.id));
}

/**
 * Markets whose latest results no settlement run has finished applying, results set before `setBefore`,
 * oldest first (the housekeeping sweep: their job was lost with Redis' data, or failed).
 */
export async function marketsAwaitingSettlement(db: Executor, setBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sports_markets')
    .select('id')
    .whereRef('settled_version', '<', 'result_version')
    .where('updated_at', '<', setBefore)
    .orderBy('updated_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => String(row.id));
}

export async function marketResultVersion(db: Executor, marketId: string): Promise<number | null> {
  const row = await db
    .selectFrom('sports_markets')
    .select('result_version')
    .where('id', '=', marketId)
    .executeTakeFirst();
  return row?.result_version ?? null;
}

/** Records that a run applied the results of `version` to every bet; never moves back (an older run finishing late). */
export async function markMarketSettled(db: Executor, marketId: string, version: number): Promise<void> {
  await db
    .updateTable('sports_markets')
    .set({ settled_version: sql`greatest(settled_version, ${version})` })
    .where('id', '=', marketId)
    .execute();
}

export async function listBets(
  db: Executor,
  userId: number,
  options: { settled: boolean; limit: number; beforeId?: string },
) {
  let query = db
    .selectFrom('sports_bets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(options.limit + 1);
  query = options.settled ? query.where('status', '<>', 'open') : query.where('status', '=', 'open');
  if (options.beforeId) query = query.where('id', '<', options.beforeId);
  return query.execute();
}
