import type { SubscriptionBudget } from '../realtime/realtime-limits.js';
import type { ServerServices } from '../composition/server.js';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** The bearer token from the Authorization header, or from the socket's connection params. */
  sessionToken?: string;
  /** Subscription slots: the socket connection's own; by default (HTTP streaming) the client address's. */
  subscriptions?: SubscriptionBudget;
}

export interface Context extends RequestMeta {
  services: ServerServices;
  subscriptions: SubscriptionBudget;
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

export function createContextFactory(services: ServerServices) {
  return (meta: RequestMeta): Context => ({
    ...meta,
    services,
    subscriptions: meta.subscriptions ?? services.live.httpBudget(meta.ip),
  });
}
