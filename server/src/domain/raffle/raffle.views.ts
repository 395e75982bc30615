import { z } from 'zod';
import type { RaffleStatus } from '../../../../db/raffle-tables.js';

/** The raffle views as zod schemas, for the API documents. */
const raffleMineSchema = z.object({
  tickets: z.number(),
  wageredUsd: z.string(),
  wageredBzu: z.string(),
  holderBonus: z.number(),
  freeEntry: z.boolean(),
  winChance: z.string(),
});
export const raffleMineViewSchema = raffleMineSchema.meta({ id: 'RaffleMine' });
export const currentRaffleSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    opensAt: z.string(),
    closesAt: z.string(),
    serverSeedHash: z.string(),
    totalTickets: z.number(),
    players: z.number(),
    pool: z.object({ estimated: z.string(), jackpot: z.string(), revenueShare: z.string() }),
    prizes: z.array(
      z.object({ index: z.number(), label: z.string(), sharePpm: z.number(), estimatedAmount: z.string() }),
    ),
    currency: z.literal('USD'),
    ticketRule: z.object({ usdPerTicket: z.string(), bzuPerTicket: z.string() }),
    holderBonusByTier: z.array(z.object({ tier: z.string(), name: z.string(), tickets: z.number() })),
    mine: raffleMineSchema.nullable(),
  })
  .meta({ id: 'CurrentRaffle' });
export const raffleDetailSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    opensAt: z.string(),
    closesAt: z.string(),
    drawnAt: z.string().nullable(),
    serverSeed: z.string().nullable(),
    serverSeedHash: z.string(),
    entrantsHash: z.string().nullable(),
    totalTickets: z.number(),
    players: z.number(),
    pool: z.string(),
    jackpotCarried: z.string(),
    revenueShare: z.string(),
    prizeCount: z.number(),
    prizes: z.array(
      z.object({
        index: z.number(),
        label: z.string(),
        amount: z.string(),
        ticket: z.number(),
        userId: z.number(),
        username: z.string(),
      }),
    ),
    unawardedAmount: z.string(),
  })
  .meta({ id: 'Raffle' });

/**
 * What the raffle API answers (tRPC and, as JSON, REST): money as exact decimal strings in USD, times as ISO strings,
 * raffle ids as decimal strings. The contract with /raffle is /work/notes/raffle-design.md + docs/api.md.
 */
export interface RaffleMine {
  tickets: number;
  wageredUsd: string;
  wageredBzu: string;
  holderBonus: number;
  freeEntry: boolean;
  /** Probability of at least one prize with the tickets as they stand, e.g. "0.0123". */
  winChance: string;
}

export interface RafflePrizeEstimate {
  index: number;
  label: string;
  sharePpm: number;
  estimatedAmount: string;
}

export interface CurrentRaffle {
  id: string;
  status: RaffleStatus;
  opensAt: string;
  closesAt: string;
  serverSeedHash: string;
  totalTickets: number;
  players: number;
  pool: { estimated: string; jackpot: string; revenueShare: string };
  prizes: RafflePrizeEstimate[];
  currency: 'USD';
  ticketRule: { usdPerTicket: string; bzuPerTicket: string };
  holderBonusByTier: { tier: string; name: string; tickets: number }[];
  mine: RaffleMine | null;
}

export interface RaffleWinnerView {
  index: number;
  label: string;
  amount: string;
  ticket: number;
  userId: number;
  username: string;
}

/**
 * A raffle as byId/past show it. Drawn: everything, with the revealed seed. Open: no seed, no entrants hash, no
 * prizes; totalTickets/pool are 0 until it closes (raffle.current has the live figures). Closed (waiting for its
 * draw): entrants hash, tickets and pool, no seed yet.
 */
export interface RaffleDetail {
  id: string;
  status: RaffleStatus;
  opensAt: string;
  closesAt: string;
  drawnAt: string | null;
  serverSeed: string | null;
  serverSeedHash: string;
  entrantsHash: string | null;
  totalTickets: number;
  players: number;
  pool: string;
  jackpotCarried: string;
  revenueShare: string;
  prizeCount: number;
  prizes: RaffleWinnerView[];
  unawardedAmount: string;
}

export type DrawnRaffle = RaffleDetail & { status: 'drawn'; drawnAt: string; serverSeed: string; entrantsHash: string };

export interface RafflePastPage {
  items: DrawnRaffle[];
  nextCursor: string | null;
}

/** What one run of the raffle job did. */
export interface RaffleTickResult {
  opened: string | null;
  closed: string[];
  drawn: string[];
}

export interface RaffleDrawResult {
  raffle: RaffleDetail;
  /** False when an earlier or concurrent run had drawn it: nothing was paid this time. */
  paid: boolean;
}
