import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { TOKEN_PRICE_PREFETCH_STALE_MS, TOKEN_PRICE_REFRESH_MS } from '../../constants';
import { trpcUtils } from '../../lib/api-clients';
import { trpc } from '../../trpc';
import { useRealtimeStatus } from '../realtime/realtime-status';
import type { TokenQuote } from './token-quote';

export type { TokenQuote } from './token-quote';

export type TokenQuoteState =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'error'; message: string }
  | { status: 'ready'; quote: TokenQuote };

export const TOKEN_PRICE_ERROR_MESSAGE = 'Failed to fetch token price';

/** Route loaders call this on / and /token so the card and dashboard open with a price. */
export function prefetchTokenLatest(): void {
  void trpcUtils.token.latest.prefetch(undefined, { staleTime: TOKEN_PRICE_PREFETCH_STALE_MS });
}

/** Several components read the price; a failure is announced once, not once per reader. */
let lastAnnouncedFailure = 0;

/**
 * The latest BZU quote (token.latest). While the realtime socket is live, `token-price-update`
 * frames keep this cache fresh; otherwise (guests, or a signed-in user whose socket is down) it is
 * polled every TOKEN_PRICE_REFRESH_MS.
 */
export function useTokenLatest(): TokenQuoteState {
  const live = useRealtimeStatus() === 'live';
  const query = trpc.token.latest.useQuery(undefined, {
    staleTime: TOKEN_PRICE_PREFETCH_STALE_MS,
    refetchInterval: live ? false : TOKEN_PRICE_REFRESH_MS,
  });

  const failedAt = query.errorUpdatedAt;
  useEffect(() => {
    if (!query.isError || failedAt <= lastAnnouncedFailure) return;
    lastAnnouncedFailure = failedAt;
    notifications.show({ id: 'token-price-error', color: 'red', message: TOKEN_PRICE_ERROR_MESSAGE });
  }, [query.isError, failedAt]);

  // A failed refresh keeps showing the last price the server gave.
  if (query.data) return { status: 'ready', quote: query.data };
  if (query.isError) {
    // 503: the price source has produced no price yet; the server says so, it is not a failure of ours.
    return query.error.data?.httpStatus === 503
      ? { status: 'unavailable' }
      : { status: 'error', message: TOKEN_PRICE_ERROR_MESSAGE };
  }
  return { status: 'loading' };
}
