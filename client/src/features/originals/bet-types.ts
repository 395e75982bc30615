import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/src/trpc/router';

export type Outputs = inferRouterOutputs<AppRouter>;

/** A bet as every procedure returns it (derived from the router, never copied). */
export type BetView = Outputs['bets']['byId'];
export type GameInfo = Outputs['games']['list'][number];
export type SeedPair = Outputs['fairness']['current'];
export type BetStats = Outputs['bets']['stats'];
export type Currency = 'USD' | 'BZU';
export const CURRENCIES: readonly Currency[] = ['USD', 'BZU'];
export type LiveFeedKind = 'all' | 'high-rollers';
