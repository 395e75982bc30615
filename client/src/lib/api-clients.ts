import { createTRPCQueryUtils } from '@trpc/react-query';
import { trpcClient } from '../trpc';
import { createQueryClient } from './query-client';

/**
 * The one query cache of the page, beside the one tRPC client (trpc.ts). Both live outside React
 * so that route loaders (prefetching) and the realtime socket (cache updates) reach the same cache
 * the components read.
 */
export const queryClient = createQueryClient();
export const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });
