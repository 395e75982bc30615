import { QueryClient } from '@tanstack/react-query';
import {
  MUTATION_RETRY_COUNT,
  QUERY_GC_TIME_MS,
  QUERY_RETRY_COUNT,
  QUERY_STALE_TIME_MS,
  REFETCH_ON_WINDOW_FOCUS,
} from '../constants';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: QUERY_RETRY_COUNT,
        refetchOnWindowFocus: REFETCH_ON_WINDOW_FOCUS,
      },
      mutations: { retry: MUTATION_RETRY_COUNT },
    },
  });
}
