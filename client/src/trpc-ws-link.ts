// Not from the '@trpc/client' barrel: see client/defer-trpc-ws-plugin.ts.
import type { TRPCLink } from '@trpc/client';
import { createWSClient, wsLink } from '@trpc/client/links/wsLink/wsLink';
import type { AppRouter } from '../../server/src/trpc/router';
import { WEBSOCKET_RECONNECT_DELAY_MS } from './constants';
import { getSession } from './features/auth/session-store';

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/api/trpc-ws`;
}

/** The subscriptions' link: loaded by trpc.ts the first time a page subscribes to something. */
export function createSubscriptionLink(): TRPCLink<AppRouter> {
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
  return wsLink({ client: wsClient });
}
