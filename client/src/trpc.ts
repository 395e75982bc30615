import { httpBatchLink, splitLink, TRPCClientError, type OperationLink, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '../../server/src/trpc/router';
import { getSession } from './features/auth/session-store';
import { apiFetch } from './lib/api-fetch';

export const trpc = createTRPCReact<AppRouter>();

function authorizationHeaders(): Record<string, string> {
  const { token } = getSession();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * A terminating link that loads its real link on first use: the WebSocket client (wsLink) is
 * only needed once a page subscribes, so it stays out of the first screen's bundle (issue #17).
 */
function deferredLink(load: () => Promise<TRPCLink<AppRouter>>): TRPCLink<AppRouter> {
  return (runtime) => {
    let operationLink: Promise<OperationLink<AppRouter>> | null = null;
    return ({ op }) =>
      observable((observer) => {
        let subscription: { unsubscribe(): void } | null = null;
        let cancelled = false;
        operationLink ??= load().then((link) => link(runtime));
        operationLink.then(
          (link) => {
            if (cancelled) return;
            subscription = link({
              op,
              next: () => {
                throw new Error('A terminating link has no next link');
              },
            }).subscribe(observer);
          },
          (cause: unknown) => {
            operationLink = null;
            observer.error(TRPCClientError.from(cause instanceof Error ? cause : new Error(String(cause))));
          },
        );
        return () => {
          cancelled = true;
          subscription?.unsubscribe();
        };
      });
  };
}

const batchLink = (maxItems: number) =>
  httpBatchLink({ url: '/api/trpc', headers: authorizationHeaders, fetch: apiFetch, maxItems });

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: deferredLink(() => import('./trpc-ws-link').then((module) => module.createSubscriptionLink())),
        // The server takes at most 10 calls per query batch and one mutation per request
        // (server/src/http/trpc-request-guard.ts; TRPC_MAX_BATCH is never below 10).
        false: splitLink({ condition: (op) => op.type === 'query', true: batchLink(10), false: batchLink(1) }),
      }),
    ],
  });
}

/**
 * The one client of the app: the React provider uses it for hooks, and code outside React
 * (the auth seam, the session restore at start) calls procedures on it directly.
 */
export const trpcClient = createTrpcClient();
