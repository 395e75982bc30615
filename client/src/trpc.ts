import { createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/src/trpc/router';
import { WEBSOCKET_RECONNECT_DELAY_MS } from './constants';
import { getSession } from './features/auth/session-store';
import { apiFetch } from './lib/api-fetch';

export const trpc = createTRPCReact<AppRouter>();

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/api/trpc-ws`;
}

function authorizationHeaders(): Record<string, string> {
  const { token } = getSession();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export function createTrpcClient() {
  const wsClient = createWSClient({
    url: socketUrl,
    // Guests without subscriptions never open a socket; it closes again when unused.
    lazy: { enabled: true, closeMs: 10_000 },
    connectionParams: () => {
      const { token } = getSession();
      return token ? { token } : {};
    },
    retryDelayMs: () => WEBSOCKET_RECONNECT_DELAY_MS,
  });
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient }),
        false: httpBatchLink({ url: '/api/trpc', headers: authorizationHeaders, fetch: apiFetch }),
      }),
    ],
  });
}

/**
 * The one client of the app: the React provider uses it for hooks, and code outside React
 * (the auth seam, the session restore at start) calls procedures on it directly.
 */
export const trpcClient = createTrpcClient();
