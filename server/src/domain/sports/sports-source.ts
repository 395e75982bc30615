import { z } from 'zod';
import type { SportsSourceName } from '../../../../db/sports-tables.js';

/**
 * The one interface every source of fixtures and odds speaks. A source delivers a snapshot of
 * the events it knows (with markets, odds and, once known, results); SportsService.applySnapshot
 * turns it into rows, odds history, live events and settlement jobs. The operator console is the
 * default source: its procedures build the same kind of changes one at a time (sports.service.ts);
 * the HTTP feed (infra/http-sports-feed.ts) is polled by the worker.
 *
 * Feed JSON (documented in docs/api.md): odds are decimal strings with at most 3 decimals.
 */
const oddsText = z.string().regex(/^\d{1,4}(\.\d{1,3})?$/, 'odds must be a decimal string like "2.15"');
const externalId = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);
const name = z.string().trim().min(1).max(80);

export const feedSelectionSchema = z.object({
  id: externalId,
  name,
  odds: oddsText,
  result: z.enum(['won', 'lost', 'void']).nullable().default(null),
});

export const feedMarketSchema = z.object({
  id: externalId,
  type: z.enum(['1x2', 'moneyline', 'totals', 'handicap']),
  line: z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,3})?$/)
    .nullable()
    .default(null),
  status: z.enum(['open', 'suspended', 'settled']),
  selections: z.array(feedSelectionSchema).min(2).max(3),
});

export const feedEventSchema = z.object({
  id: externalId,
  sport: name,
  competition: name,
  home: name,
  away: name,
  startsAt: z.iso.datetime({ offset: true }),
  status: z.enum(['upcoming', 'live', 'finished', 'cancelled']),
  markets: z.array(feedMarketSchema).max(50),
});

export const feedSnapshotSchema = z.object({ events: z.array(feedEventSchema).max(1000) });

export type FeedSnapshot = z.infer<typeof feedSnapshotSchema>;
export type FeedEvent = z.infer<typeof feedEventSchema>;

export interface SportsSource {
  readonly name: SportsSourceName;
  /** The source's current view; throws DomainError TOO_MANY_REQUESTS (with retryAfterSeconds) or UNAVAILABLE. */
  snapshot(): Promise<FeedSnapshot>;
}
