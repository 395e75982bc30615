/**
 * What every tRPC procedure returns, read off the server's router type (types only: nothing of the
 * server reaches the bundle). Features name their own slices (`RouterOutputs['bets']['byId']`) from here.
 */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/src/trpc/router';

export type RouterOutputs = inferRouterOutputs<AppRouter>;
