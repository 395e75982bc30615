import type { Db } from '../../../../db/client.js';
import * as repo from '../../../../db/repositories/sports.repo.js';
import type { SportsEventStatus, SportsSelectionResult, SportsSourceName } from '../../../../db/sports-tables.js';
import { DomainError } from '../errors.js';
import type { EventPayload } from '../events/platform-events.js';
import { formatOdds, parseOdds } from './sports-math.js';
import type { FeedEvent, FeedSnapshot, SportsSource } from './sports-source.js';
import { parseLine } from './sports.schemas.js';
import { marketView, selectionView, type EventView } from './sports.views.js';

export interface SportsPublisher {
  sportsOdds(payload: EventPayload<'sports-odds'>): Promise<unknown>;
  sportsMarket(payload: EventPayload<'sports-market'>): Promise<unknown>;
}

/** Hands a settled market to the worker; the job id (market + result version) makes a repeat a no-op. */
export interface SettlementQueue {
  enqueue(marketId: string, resultVersion: number): Promise<void>;
}

export interface CatalogueDeps {
  db: Db;
  events: SportsPublisher;
  settlement: SettlementQueue;
  feed?: SportsSource;
  enabled: boolean;
  onBackgroundError?: (error: unknown, what: string) => void;
}

type Publication =
  { kind: 'odds'; payload: EventPayload<'sports-odds'> } | { kind: 'market'; payload: EventPayload<'sports-market'> };
type Settled = { marketId: string; version: number };

const SELECTION_CODES: Record<string, string[]> = {
  '1x2': ['home', 'draw', 'away'],
  moneyline: ['home', 'away'],
  handicap: ['home', 'away'],
  totals: ['over', 'under'],
};

const BETTABLE_EVENT: SportsEventStatus[] = ['upcoming', 'live'];

/**
 * Fixtures, markets and odds: what players browse, and what the sources (the operator console and
 * the HTTP feed) write. Every odds change is kept in sports_odds_history and published on the
 * `sports` channel after commit; entering results queues a settlement job per market.
 */
export class SportsCatalogueService {
  constructor(private readonly deps: CatalogueDeps) {}

  assertEnabled(): void {
    if (!this.deps.enabled)
      throw new DomainError('NOT_FOUND', 'Sports betting is not available', { code: 'SPORTS_DISABLED' });
  }

  // ---- reading ---------------------------------------------------------------------------------

  /** Upcoming and live events (or every event for the console), each with its markets. */
  async events(scope: 'open' | 'all' = 'open'): Promise<EventView[]> {
    this.assertEnabled();
    const rows = await repo.listEvents(this.deps.db, {
      statuses: scope === 'open' ? BETTABLE_EVENT : undefined,
      limit: 500,
    });
    return this.withMarkets(rows);
  }

  async event(id: string): Promise<EventView> {
    this.assertEnabled();
    const rows = await repo.listEvents(this.deps.db, { ids: [id] });
    if (rows.length === 0) throw new DomainError('NOT_FOUND', 'Event not found', { code: 'EVENT_NOT_FOUND' });
    return (await this.withMarkets(rows))[0]!;
  }

  async oddsHistory(selectionId: string) {
    this.assertEnabled();
    const rows = await repo.oddsHistory(this.deps.db, selectionId, 100);
    return rows.map((row) => ({
      odds: formatOdds(row.odds_milli),
      previousOdds: row.previous_odds_milli === null ? null : formatOdds(row.previous_odds_milli),
      source: row.source,
      at: row.created_at.toISOString(),
    }));
  }

  private async withMarkets(rows: Awaited<ReturnType<typeof repo.listEvents>>): Promise<EventView[]> {
    const markets = (await Promise.all(rows.map((row) => repo.marketsOfEvent(this.deps.db, String(row.id))))).flat();
    const selections = await repo.selectionsOfMarkets(
      this.deps.db,
      markets.map((market) => String(market.id)),
    );
    return rows.map((row) => ({
      id: String(row.id),
      sport: row.sport,
      competition: row.competition,
      home: row.home,
      away: row.away,
      startsAt: row.starts_at.toISOString(),
      status: row.status,
      source: row.source,
      markets: markets
        .filter((market) => String(market.event_id) === String(row.id))
        .map((market) =>
          marketView(
            market,
            selections.filter((selection) => String(selection.market_id) === String(market.id)).map(selectionView),
          ),
        ),
    }));
  }

  // ---- the operator console (source "operator") ---------------------------------------------------

  async createEvent(input: {
    sport: string;
    competition: string;
    home: string;
    away: string;
    startsAt: Date;
  }): Promise<EventView> {
    this.assertEnabled();
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const sportId = await repo.ensureSport(trx, input.sport);
      const competitionId = await repo.ensureCompetition(trx, sportId, input.competition);
      return repo.insertEvent(trx, {
        competitionId,
        home: input.home,
        away: input.away,
        startsAt: input.startsAt,
        source: 'operator',
      });
    });
    await this.flush(
      [{ kind: 'market', payload: { eventId: id, marketId: null, marketStatus: null, eventStatus: 'upcoming' } }],
      [],
    );
    return this.event(id);
  }

  async addMarket(input: {
    eventId: string;
    type: '1x2' | 'moneyline' | 'totals' | 'handicap';
    line?: string;
    selections: { name: string; odds: number }[];
  }) {
    this.assertEnabled();
    const codes = SELECTION_CODES[input.type]!;
    if (input.selections.length !== codes.length) {
      throw new DomainError('BAD_REQUEST', `A ${input.type} market has ${codes.length} selections`, {
        code: 'BAD_SELECTIONS',
      });
    }
    const needsLine = input.type === 'totals' || input.type === 'handicap';
    if (needsLine !== (input.line !== undefined)) {
      throw new DomainError(
        'BAD_REQUEST',
        needsLine ? `A ${input.type} market needs a line` : `A ${input.type} market has no line`,
        { code: 'BAD_LINE' },
      );
    }
    const publications: Publication[] = [];
    await this.deps.db.transaction().execute(async (trx) => {
      const event = await repo.lockEvent(trx, input.eventId);
      if (!event) throw new DomainError('NOT_FOUND', 'Event not found', { code: 'EVENT_NOT_FOUND' });
      if (!BETTABLE_EVENT.includes(event.status))
        throw new DomainError('CONFLICT', 'The event is closed', { code: 'EVENT_CLOSED' });
      const marketId = await repo.insertMarket(trx, {
        eventId: input.eventId,
        type: input.type,
        lineMilli: input.line === undefined ? null : parseLine(input.line),
      });
      for (const [position, selection] of input.selections.entries()) {
        const selectionId = await repo.insertSelection(trx, {
          marketId,
          code: codes[position]!,
          name: selection.name,
          oddsMilli: selection.odds,
          position,
        });
        await repo.insertOddsHistory(trx, {
          selectionId,
          oddsMilli: selection.odds,
          previousOddsMilli: null,
          source: 'operator',
        });
        publications.push(oddsChange(input.eventId, marketId, selectionId, selection.odds, null));
      }
    });
    await this.flush(publications, []);
    return this.event(input.eventId);
  }

  async setOdds(selectionId: string, oddsMilli: number, source: SportsSourceName = 'operator') {
    this.assertEnabled();
    const publications: Publication[] = [];
    const eventId = await this.deps.db.transaction().execute(async (trx) => {
      const selection = await repo.lockSelection(trx, selectionId);
      if (!selection) throw new DomainError('NOT_FOUND', 'Selection not found', { code: 'SELECTION_NOT_FOUND' });
      const market = (await repo.findMarket(trx, String(selection.market_id)))!;
      if (market.status === 'settled')
        throw new DomainError('CONFLICT', 'The market is settled', { code: 'MARKET_SETTLED' });
      if (selection.odds_milli !== oddsMilli) {
        await repo.updateOdds(trx, selectionId, oddsMilli);
        await repo.insertOddsHistory(trx, { selectionId, oddsMilli, previousOddsMilli: selection.odds_milli, source });
        publications.push(
          oddsChange(String(market.event_id), String(market.id), selectionId, oddsMilli, selection.odds_milli),
        );
      }
      return String(market.event_id);
    });
    await this.flush(publications, []);
    return this.event(eventId);
  }

  async setMarketStatus(marketId: string, status: 'open' | 'suspended') {
    this.assertEnabled();
    const eventId = await this.deps.db.transaction().execute(async (trx) => {
      const market = await repo.lockMarket(trx, marketId);
      if (!market) throw new DomainError('NOT_FOUND', 'Market not found', { code: 'MARKET_NOT_FOUND' });
      if (market.status === 'settled')
        throw new DomainError('CONFLICT', 'The market is settled', { code: 'MARKET_SETTLED' });
      await repo.setMarketStatus(trx, marketId, status);
      return String(market.event_id);
    });
    await this.flush([{ kind: 'market', payload: { eventId, marketId, marketStatus: status, eventStatus: null } }], []);
    return this.event(eventId);
  }

  /** Cancelling an event voids every market not yet settled (stakes come back through settlement). */
  async setEventStatus(eventId: string, status: SportsEventStatus) {
    this.assertEnabled();
    const settled: Settled[] = [];
    await this.deps.db.transaction().execute(async (trx) => {
      const event = await repo.lockEvent(trx, eventId);
      if (!event) throw new DomainError('NOT_FOUND', 'Event not found', { code: 'EVENT_NOT_FOUND' });
      if (event.status === 'cancelled' && status !== 'cancelled')
        throw new DomainError('CONFLICT', 'A cancelled event stays cancelled', { code: 'EVENT_CANCELLED' });
      await repo.updateEvent(trx, eventId, { status });
      if (status === 'cancelled') {
        for (const market of await repo.marketsOfEvent(trx, eventId)) {
          if (market.status === 'settled') continue;
          const selections = await repo.selectionsOfMarkets(trx, [String(market.id)]);
          const version = await repo.writeResults(
            trx,
            String(market.id),
            new Map(selections.map((s) => [String(s.id), 'void' as const])),
          );
          settled.push({ marketId: String(market.id), version });
        }
      }
    });
    await this.flush(
      [{ kind: 'market', payload: { eventId, marketId: null, marketStatus: null, eventStatus: status } }],
      settled,
    );
    return this.event(eventId);
  }

  /**
   * Results of one market: every selection won, lost or void. Entering them again (a correction)
   * bumps the result version and queues a resettlement.
   */
  async settleMarket(marketId: string, results: { selectionId: string; result: SportsSelectionResult }[]) {
    this.assertEnabled();
    const settled: Settled[] = [];
    const eventId = await this.deps.db.transaction().execute(async (trx) => {
      const market = await repo.lockMarket(trx, marketId);
      if (!market) throw new DomainError('NOT_FOUND', 'Market not found', { code: 'MARKET_NOT_FOUND' });
      const selections = await repo.selectionsOfMarkets(trx, [marketId]);
      const given = new Map(results.map((entry) => [entry.selectionId, entry.result]));
      if (
        given.size !== results.length ||
        selections.length !== given.size ||
        selections.some((s) => !given.has(String(s.id)))
      ) {
        throw new DomainError('BAD_REQUEST', 'Give exactly one result for every selection of the market', {
          code: 'BAD_RESULTS',
        });
      }
      const version = await repo.writeResults(trx, marketId, given);
      settled.push({ marketId, version });
      return String(market.event_id);
    });
    await this.flush(
      [{ kind: 'market', payload: { eventId, marketId, marketStatus: 'settled', eventStatus: null } }],
      settled,
    );
    return this.event(eventId);
  }

  // ---- the HTTP feed (source "feed") --------------------------------------------------------------

  /** One poll of the configured feed; false when no feed is configured. */
  async pollFeed(): Promise<{ polled: boolean; events: number }> {
    const feed = this.deps.feed;
    if (!this.deps.enabled || !feed) return { polled: false, events: 0 };
    const snapshot = await feed.snapshot();
    await this.applySnapshot(snapshot, feed.name);
    return { polled: true, events: snapshot.events.length };
  }

  /** Upserts a source's events by their external ids; odds changes and results go the same way as the console's. */
  async applySnapshot(snapshot: FeedSnapshot, source: SportsSourceName): Promise<void> {
    for (const event of snapshot.events) {
      const publications: Publication[] = [];
      const settled: Settled[] = [];
      await this.deps.db.transaction().execute((trx) => applyFeedEvent(trx, event, source, publications, settled));
      await this.flush(publications, settled);
    }
  }

  /** After commit: live events, then settlement jobs. A failed publish or enqueue is logged, not thrown. */
  private async flush(publications: Publication[], settled: Settled[]): Promise<void> {
    const report = this.deps.onBackgroundError ?? (() => undefined);
    await Promise.all(
      publications.map((publication) =>
        (publication.kind === 'odds'
          ? this.deps.events.sportsOdds(publication.payload)
          : this.deps.events.sportsMarket(publication.payload)
        ).catch((error: unknown) => report(error, 'sports publish')),
      ),
    );
    for (const item of settled) {
      await this.deps.settlement
        .enqueue(item.marketId, item.version)
        .catch((error: unknown) => report(error, 'settlement enqueue'));
    }
  }
}

function oddsChange(
  eventId: string,
  marketId: string,
  selectionId: string,
  odds: number,
  previous: number | null,
): Publication {
  return {
    kind: 'odds',
    payload: {
      eventId,
      marketId,
      selectionId,
      odds: formatOdds(odds),
      previousOdds: previous === null ? null : formatOdds(previous),
      changedAt: new Date().toISOString(),
    },
  };
}

async function applyFeedEvent(
  trx: Db,
  event: FeedEvent,
  source: SportsSourceName,
  publications: Publication[],
  settled: Settled[],
): Promise<void> {
  const sportId = await repo.ensureSport(trx, event.sport);
  const competitionId = await repo.ensureCompetition(trx, sportId, event.competition);
  const startsAt = new Date(event.startsAt);
  const existing = await repo.findEventByExternalId(trx, source, event.id);
  let eventId: string;
  if (existing) {
    eventId = String(existing.id);
    await repo.updateEvent(trx, eventId, {
      home: event.home,
      away: event.away,
      startsAt,
      competitionId,
      status: existing.status === 'cancelled' ? undefined : event.status,
    });
    if (existing.status !== event.status)
      publications.push({
        kind: 'market',
        payload: { eventId, marketId: null, marketStatus: null, eventStatus: event.status },
      });
  } else {
    eventId = await repo.insertEvent(trx, {
      competitionId,
      home: event.home,
      away: event.away,
      startsAt,
      status: event.status,
      source,
      externalId: event.id,
    });
    publications.push({
      kind: 'market',
      payload: { eventId, marketId: null, marketStatus: null, eventStatus: event.status },
    });
  }
  for (const market of event.markets) {
    let row = await repo.findMarketByExternalId(trx, eventId, market.id);
    if (!row) {
      const id = await repo.insertMarket(trx, {
        eventId,
        type: market.type,
        lineMilli: market.line === null ? null : parseLine(market.line),
        externalId: market.id,
        status: market.status === 'suspended' ? 'suspended' : 'open',
      });
      row = (await repo.findMarket(trx, id))!;
    }
    const marketId = String(row.id);
    const current = await repo.selectionsOfMarkets(trx, [marketId]);
    for (const [position, selection] of market.selections.entries()) {
      const odds = parseOdds(selection.odds);
      const found = current.find((s) => s.code === selection.id);
      if (!found) {
        const selectionId = await repo.insertSelection(trx, {
          marketId,
          code: selection.id,
          name: selection.name,
          oddsMilli: odds,
          position,
        });
        await repo.insertOddsHistory(trx, { selectionId, oddsMilli: odds, previousOddsMilli: null, source });
        publications.push(oddsChange(eventId, marketId, selectionId, odds, null));
      } else if (found.odds_milli !== odds && row.status !== 'settled') {
        await repo.updateOdds(trx, String(found.id), odds);
        await repo.insertOddsHistory(trx, {
          selectionId: String(found.id),
          oddsMilli: odds,
          previousOddsMilli: found.odds_milli,
          source,
        });
        publications.push(oddsChange(eventId, marketId, String(found.id), odds, found.odds_milli));
      }
    }
    if (market.status === 'settled') {
      const fresh = await repo.selectionsOfMarkets(trx, [marketId]);
      const results = new Map<string, SportsSelectionResult>();
      for (const selection of market.selections) {
        const target = fresh.find((s) => s.code === selection.id);
        if (target && selection.result) results.set(String(target.id), selection.result);
      }
      const complete = results.size === fresh.length;
      const changed = row.status !== 'settled' || fresh.some((s) => s.result !== results.get(String(s.id)));
      if (complete && changed) {
        const version = await repo.writeResults(trx, marketId, results);
        settled.push({ marketId, version });
        publications.push({
          kind: 'market',
          payload: { eventId, marketId, marketStatus: 'settled', eventStatus: null },
        });
      }
    } else if (row.status !== 'settled' && row.status !== market.status) {
      await repo.setMarketStatus(trx, marketId, market.status);
      publications.push({
        kind: 'market',
        payload: { eventId, marketId, marketStatus: market.status, eventStatus: null },
      });
    }
  }
}
