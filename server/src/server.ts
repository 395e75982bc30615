import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { WebSocketServer } from 'ws';
import { createHttpApp, type AppDeps } from './app.js';
import { LegacySocketServer } from './realtime/legacy-socket.js';
import { createContextFactory } from './trpc/context.js';
import { logProcedureError } from './trpc/log-errors.js';
import { appRouter } from './trpc/router.js';

export interface RunningServer {
  url: string;
  port: number;
  /** The /api/ws endpoint, for stats and tests. */
  legacySockets: LegacySocketServer;
  close(): Promise<void>;
}

/**
 * One HTTP server carries the REST and tRPC routes, the SPA, and two WebSocket endpoints chosen by
 * path at upgrade time: /api/trpc-ws for the SPA's subscriptions and /api/ws for legacy clients.
 */
export async function startHttpServer(deps: AppDeps, port: number, host = '0.0.0.0'): Promise<RunningServer> {
  const app = createHttpApp(deps);
  const server = http.createServer(app);
  const makeContext = createContextFactory(deps.services);

  const trpcSockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const trpcHandler = applyWSSHandler({
    wss: trpcSockets,
    router: appRouter,
    createContext: ({ req, info }) => {
      const token = info.connectionParams?.token;
      return makeContext({
        ip: req.socket.remoteAddress ?? 'unknown',
        userAgent: req.headers['user-agent'],
        sessionToken: typeof token === 'string' ? token : undefined,
      });
    },
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
    onError: ({ error, path }) => logProcedureError(deps.logger, { error, path }),
  });
  const legacySockets = new LegacySocketServer(deps.services.live, {
    heartbeatMs: deps.env.WS_HEARTBEAT_MS,
    floodMaxMessages: deps.env.WS_FLOOD_MAX_MESSAGES,
    floodWindowMs: deps.env.WS_FLOOD_WINDOW_MS,
    maxBufferedBytes: deps.env.WS_MAX_BUFFERED_BYTES,
  });

  server.on('upgrade', (request, socket, head) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (!originAllowed(request.headers.origin, deps.env.allowedOrigins)) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const target = pathname === '/api/trpc-ws' ? trpcSockets : pathname === '/api/ws' ? legacySockets.wss : null;
    if (!target) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
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
    async close() {
      trpcHandler.broadcastReconnectNotification();
      legacySockets.close();
      for (const client of trpcSockets.clients) client.close(1001, 'Server shutting down');
      trpcSockets.close();
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Browsers always send Origin on WebSocket upgrades; non-browser clients (k6, legacy apps) may omit it. */
function originAllowed(origin: string | undefined, allowed: string[]): boolean {
  return origin === undefined || allowed.includes(origin);
}
