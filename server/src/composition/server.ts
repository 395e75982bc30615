import { RequestBudget } from '../http/request-budget.js';
import { CallBudget } from '../infra/call-budget.js';
import type { Infrastructure } from '../infrastructure.js';
import { LiveFeedService } from '../realtime/live-feed.service.js';
import type { SessionResolver } from '../realtime/session-resolver.js';
import { createServices, type ServiceOptions } from './index.js';

export interface ServerServiceOptions extends ServiceOptions {
  /** Who a socket/subscription session token belongs to; defaults to auth's sessions. */
  resolveSession?: SessionResolver;
}

/**
 * What the HTTP server needs beyond the domain services: the realtime feed behind /api/ws, the
 * socket tRPC link and HTTP streaming, and the budget of calls without a session. The worker
 * never builds these.
 */
export function createServerServices(infra: Infrastructure, options: ServerServiceOptions = {}) {
  const { env, redis } = infra;
  const services = createServices(infra, options);
  const { accounts } = services.auth;
  const live = new LiveFeedService(
    services.events.bus,
    options.resolveSession ??
      (async (token) => {
        const session = await accounts.authenticateSession(token);
        return session ? { id: session.user.id, sessionId: session.sessionId, expiresAt: session.expiresAt } : null;
      }),
    {
      replayMax: env.EVENT_REPLAY_MAX,
      maxSubscriptionsPerConnection: env.WS_MAX_SUBSCRIPTIONS,
      maxHttpSubscriptionsPerIp: env.HTTP_MAX_SUBSCRIPTIONS_PER_IP,
    },
  );
  // What requests may cost: an address's without a live session, an account's with one (http/request-budget.ts).
  const anonymousCalls = new CallBudget(redis, `${env.redisPrefix}:rl:anonymous-calls`, env.RATE_LIMIT_ANONYMOUS_CALLS);
  const requestBudget = new RequestBudget({
    anonymous: anonymousCalls,
    account: env.RATE_LIMIT_ACCOUNT_CALLS,
    sessionUser: async (token) => (await accounts.authenticateSession(token))?.user.id,
  });
  return { ...services, live, anonymousCalls, requestBudget };
}

export type ServerServices = ReturnType<typeof createServerServices>;
