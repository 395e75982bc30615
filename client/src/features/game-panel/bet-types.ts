import type { RouterOutputs } from '../../lib/router-types';

/** A bet as every procedure returns it (derived from the router, never copied). */
export type BetView = RouterOutputs['bets']['byId'];
export type GameInfo = RouterOutputs['games']['list'][number];
export type SeedPair = RouterOutputs['fairness']['current'];
export type BetStats = RouterOutputs['bets']['stats'];
export type Currency = 'USD' | 'BZU';
export const CURRENCIES: readonly Currency[] = ['USD', 'BZU'];
export type LiveFeedKind = 'all' | 'high-rollers';
