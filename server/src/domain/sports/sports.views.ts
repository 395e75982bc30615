import type {
  SportsBetStatus,
  SportsEventStatus,
  SportsMarketStatus,
  SportsMarketType,
  SportsSelectionResult,
} from '../../../../db/sports-tables.js';
import { formatAmount, type Currency } from '../wallet/amounts.js';
import { formatOdds } from './sports-math.js';
import { formatLine } from './sports.schemas.js';
import { z } from 'zod';

/** The views below as zod schemas, for the API documents (OpenAPI `SportsEvent`, `SportsBet`). */
const selectionViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  odds: z.string(),
  result: z.string().nullable(),
});
const marketViewSchema = z.object({
  id: z.string(),
  type: z.string(),
  line: z.string().nullable(),
  status: z.string(),
  selections: z.array(selectionViewSchema),
});
export const eventViewSchema = z
  .object({
    id: z.string(),
    sport: z.string(),
    competition: z.string(),
    home: z.string(),
    away: z.string(),
    startsAt: z.string(),
    status: z.string(),
    source: z.string(),
    markets: z.array(marketViewSchema),
  })
  .meta({ id: 'SportsEvent' });
const betLegViewSchema = z.object({
  eventId: z.string(),
  marketId: z.string(),
  selectionId: z.string(),
  event: z.string(),
  startsAt: z.string(),
  eventStatus: z.string(),
  marketType: z.string(),
  line: z.string().nullable(),
  marketStatus: z.string(),
  selection: z.string(),
  odds: z.string(),
  currentOdds: z.string(),
  result: z.string().nullable(),
});
export const sportsBetViewSchema = z
  .object({
    id: z.string(),
    clientId: z.string(),
    kind: z.enum(['single', 'multi']),
    currency: z.enum(['USD', 'BZU']),
    stake: z.string(),
    odds: z.string(),
    potentialReturn: z.string(),
    status: z.string(),
    payout: z.string(),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
    legs: z.array(betLegViewSchema),
    cashOut: z.object({ available: z.boolean(), value: z.string().nullable(), reason: z.string().nullable() }),
  })
  .meta({ id: 'SportsBet' });

/** What the sportsbook answers: money as exact decimal strings, odds as "2.15", ids as strings. */
export interface SelectionView {
  id: string;
  code: string;
  name: string;
  odds: string;
  result: SportsSelectionResult | null;
}

export interface MarketView {
  id: string;
  type: SportsMarketType;
  line: string | null;
  status: SportsMarketStatus;
  selections: SelectionView[];
}

export interface EventView {
  id: string;
  sport: string;
  competition: string;
  home: string;
  away: string;
  startsAt: string;
  status: SportsEventStatus;
  source: string;
  markets: MarketView[];
}

export interface BetLegView {
  eventId: string;
  marketId: string;
  selectionId: string;
  event: string;
  startsAt: string;
  eventStatus: SportsEventStatus;
  marketType: SportsMarketType;
  line: string | null;
  marketStatus: SportsMarketStatus;
  selection: string;
  odds: string;
  currentOdds: string;
  result: SportsSelectionResult | null;
}

export interface BetView {
  id: string;
  clientId: string;
  kind: 'single' | 'multi';
  currency: Currency;
  stake: string;
  odds: string;
  potentialReturn: string;
  status: SportsBetStatus;
  /** What settlement or cash-out has paid (refunds included). */
  payout: string;
  createdAt: string;
  settledAt: string | null;
  legs: BetLegView[];
  cashOut: { available: boolean; value: string | null; reason: string | null };
}

export function selectionView(row: {
  id: string | number;
  code: string;
  name: string;
  odds_milli: number;
  result: SportsSelectionResult | null;
}): SelectionView {
  return { id: String(row.id), code: row.code, name: row.name, odds: formatOdds(row.odds_milli), result: row.result };
}

export function marketView(
  row: { id: string | number; type: SportsMarketType; line_milli: number | null; status: SportsMarketStatus },
  selections: SelectionView[],
): MarketView {
  return { id: String(row.id), type: row.type, line: formatLine(row.line_milli), status: row.status, selections };
}

/** The product of the legs' odds as a decimal string with exactly the digits it has. */
export function combinedOdds(oddsMilli: number[]): string {
  let product = 1n;
  for (const odds of oddsMilli) product *= BigInt(odds);
  const scale = 10n ** BigInt(3 * oddsMilli.length);
  const whole = product / scale;
  const fraction = (product % scale)
    .toString()
    .padStart(3 * oddsMilli.length, '0')
    .replace(/0+$/, '');
  return `${whole}.${(fraction || '0').padEnd(2, '0')}`;
}

export { formatAmount };
