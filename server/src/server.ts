import type { IncomingMessage } from 'node:http';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { WebSocketServer } from 'ws';
import { createHttpApp, type AppDeps } from './app.js';
import { LegacySocketServer } from './realtime/legacy-socket.js';
import { clientAddress, trustProxyFn } from './http/request-budget.js';
import { ConnectionLimiter, guardSocket } from './realtime/realtime-limits.js';
import { createContextFactory } from './trpc/context.js';
import { logProcedureError } from './trpc/log-errors.js';
import { appRouter } from './trpc/router.js';

export interface RunningServer {
  url: string;
  port: number;
  /** The /api/ws endpoint, for stats and tests. */
  legacySockets: LegacySocketServer;
  /** The Express app, for the check that every route it has is documented (tests). */
  app: ReturnType<typeof createHttpApp>;
  close(): Promise<void>;
}

/**
 * One HTTP server carries the REST and tRPC routes, the SPA, and two WebSocket endpoints chosen by
 * path at upgrade time: /api/trpc-ws for the SPA's subscriptions and /api/ws for legacy clients.
 */
export async function startHttpServer(deps: AppDeps, port: number, host = '0.0.0.0'): Promise<RunningServer> {
  const app = createHttpApp(deps);
  const server = http.createServer(app);
  // An idle keep-alive connection outlives a load balancer's idle timeout (60 s on the common ones), so the server never
  // closes a connection at the moment a proxy or client reuses it (the reused request would fail with ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const makeContext = createContextFactory(deps.services);

  const { env } = deps;
  // The same trust as the HTTP requests' (TRUST_PROXY): a socket's address is read like req.ip.
  const trustProxy = trustProxyFn(env.TRUST_PROXY);
  const clientIpOf = (request: IncomingMessage) => clientAddress(request, trustProxy);
  const live = deps.services.live;
  const trpcSockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  // The /api/ws limits for tRPC sockets too: registered before the tRPC adapter's own listener,
  // so a flooding frame is dropped before tRPC parses it (see guardSocket).
  trpcSockets.on('connection', (ws) =>
    guardSocket(ws, {
      floodMaxMessages: env.WS_FLOOD_MAX_MESSAGES,
      floodWindowMs: env.WS_FLOOD_WINDOW_MS,
      maxBufferedBytes: env.WS_MAX_BUFFERED_BYTES,
    }),
  );
  const trpcHandler = applyWSSHandler({
    wss: trpcSockets,
    router: appRouter,
    createContext: async ({ req, res: ws, info }) => {
      const token = info.connectionParams?.token;
      const sessionToken = typeof token === 'string' ? token : undefined;
      // A socket of a session that is revoked (on any process) or expires is closed with 4401;
      // the client reconnects as whoever its token still says (a guest once the session is gone).
      const viewer = await live.viewer(sessionToken);
      if (viewer) {
        const unwatch = live.watchSession(viewer, (reason) =>
          ws.close(4401, reason === 'expired' ? 'Session expired' : 'Session revoked'),
        );
        ws.once('close', unwatch);
      }
      return makeContext({
        ip: clientIpOf(req),
        userAgent: req.headers['user-agent'],
        sessionToken,
        subscriptions: live.subscriptions.forConnection(),
      });
    },
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
    onError: ({ error, path }) => logProcedureError(deps.logger, { error, path }),
  });
  const legacySockets = new LegacySocketServer(live, {
    heartbeatMs: env.WS_HEARTBEAT_MS,
    floodMaxMessages: env.WS_FLOOD_MAX_MESSAGES,
    floodWindowMs: env.WS_FLOOD_WINDOW_MS,
    maxBufferedBytes: env.WS_MAX_BUFFERED_BYTES,
    maxChannels: env.WS_MAX_SUBSCRIPTIONS,
  });
  const connections = new ConnectionLimiter({ perIp: env.WS_MAX_CONNECTIONS_PER_IP, total: env.WS_MAX_CONNECTIONS });

  server.on('upgrade', (request, socket, head) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (!originAllowed(request.headers.origin, env.allowedOrigins)) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const target = pathname === '/api/trpc-ws' ? trpcSockets : pathname === '/api/ws' ? legacySockets.wss : null;
    if (!target) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    // Both socket paths share one budget per client address and one in total.
    const slot = connections.acquire(clientIpOf(request));
    if (!slot.ok) {
      socket.end(
        slot.reason === 'per-ip'
          ? 'HTTP/1.1 429 Too Many Requests\r\n\r\n'
          : 'HTTP/1.1 503 Service Unavailable\r\n\r\n',
      );
      return;
    }
    // The TCP socket outlives the WebSocket on it: its close frees the slot, whatever happened.
    socket.once('close', slot.release);
    deps.metrics.wsConnections.inc({ path: pathname });
    target.handleUpgrade(request, socket, head, (ws) => target.emit('connection', ws, request));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;

  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    legacySockets,
    app,
    async close() {
      trpcHandler.broadcastReconnectNotification();
      legacySockets.close();
      for (const client of trpcSockets.clients) client.close(1001, 'Server shutting down');
      trpcSockets.close();
      server.closeIdleConnections();
      // A long-lived request (a streaming subscription, a slow client) must not hold shutdown
      // forever: after a short grace period every remaining connection is cut.
      const cutOff = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearTimeout(cutOff);
    },
  };
}

/** How long open requests may finish after shutdown starts. */
const SHUTDOWN_GRACE_MS = 3_000;

/** Browsers always send Origin on WebSocket upgrades; non-browser clients (k6, legacy apps) may omit it. */
function originAllowed(origin: string | undefined, allowed: string[]): boolean {
  return origin === undefined || allowed.includes(origin);
}
