import type { RaffleStatus } from '../../../../db/raffle-tables.js';

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
