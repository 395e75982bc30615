import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type ErrorRequestHandler, type Request } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Env } from './env.js';
import { clientAssets, REVALIDATE_CACHE, sendClientFile } from './http/static-client.js';
import type { Logger } from './infra/logger.js';
import type { Metrics } from './infra/metrics.js';
import { legacyErrorBody } from './rest/legacy-errors.js';
import { createChatPoll } from './rest/chat.routes.js';
import { createRestRouter } from './rest/router.js';
import type { Services } from './services.js';
import { bearerToken, createContextFactory, type Context } from './trpc/context.js';
import { appRouter, createCaller } from './trpc/router.js';

export interface AppDeps {
  env: Env;
  services: Services;
  logger: Logger;
  metrics: Metrics;
}

/** Express's own entry point (not in its type definitions), wrapped for the chat poll fast path. */
interface ExpressHandle {
  handle(req: IncomingMessage, res: ServerResponse, callback?: (error?: unknown) => void): void;
}

/** Paths the SPA fallback must never answer with index.html. */
const API_PREFIXES = ['/api/', '/metrics'];

export function createHttpApp({ env, services, logger, metrics }: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  const makeContext = createContextFactory(services);
  const contextFor = (req: Request): Context =>
    makeContext({ ip: req.ip ?? 'unknown', userAgent: req.get('user-agent'), sessionToken: bearerToken(req.get('authorization')) });

  app.use((req, res, next) => {
    const stop = metrics.httpRequestDuration.startTimer({ method: req.method });
    res.on('finish', () => {
      const route = req.route?.path ? String(req.route.path) : req.path.startsWith('/api/trpc') ? '/api/trpc' : 'other';
      stop({ route, status: String(res.statusCode) });
    });
    next();
  });
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into style tags at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Chat polling (thousands of readers every 3 s): a poll that a fresh in-process page can answer
  // is answered before Express (no router, logging or parsing), with the same security headers;
  // the rest take the Express routes below (see rest/chat.routes.ts).
  const chatPoll = createChatPoll({
    services,
    caller: () => createCaller(makeContext({ ip: 'internal' })),
    securityHeaders,
    maxAgeMs: env.CHAT_PAGE_MAX_AGE_MS,
  });
  const expressHandle = (app as unknown as ExpressHandle).handle.bind(app);
  (app as unknown as ExpressHandle).handle = (req, res, callback) => {
    if (!chatPoll.fastPath(req, res)) expressHandle(req, res, callback);
  };
  app.use(chatPoll.routes);
  app.use(pinoHttp({ logger, autoLogging: { ignore: (req) => req.url === '/metrics' } }));
  app.use(securityHeaders);
  // The raw bytes stay beside the parsed body: signed webhooks are verified against exactly them.
  app.use(
    express.json({
      limit: '100kb',
      verify: (req, _res, buf) => {
        (req as unknown as { rawBody?: Buffer }).rawBody = buf;
      },
    }),
  );

  app.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  });

  app.use(
    '/api/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req }) => contextFor(req),
      onError: ({ error, path: procedure }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error, procedure }, 'tRPC procedure failed');
      },
    }),
  );
  app.use(createRestRouter(contextFor));

  app.use('/api', (_req, res) => {
    res.status(404).json(legacyErrorBody('Not found', 'NOT_FOUND'));
  });

  serveClient(app, path.resolve(env.CLIENT_DIST_DIR));

  const handleErrors: ErrorRequestHandler = (error, req, res, _next) => {
    const status = typeof error?.status === 'number' && error.status < 500 ? error.status : 500;
    if (status === 500) req.log?.error({ err: error }, 'request failed');
    const message = status === 500 ? 'Internal server error' : error.type === 'entity.parse.failed' ? 'Malformed JSON body' : String(error.message);
    res.status(status).json(legacyErrorBody(message, status === 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST'));
  };
  app.use(handleErrors);
  return app;
}

/** The built SPA, with index.html for every client route so deep links and reloads work. */
function serveClient(app: express.Express, distDir: string): void {
  const indexHtml = path.join(distDir, 'index.html');
  app.use(clientAssets(distDir));
  app.get('/{*clientRoute}', (req, res, next) => {
    if (API_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return next();
    if (!existsSync(indexHtml)) {
      res.status(503).type('text/plain').send('The web client is not built yet: run "npm run build".');
      return;
    }
    sendClientFile(path.resolve(distDir), 'index.html', req.get('accept-encoding'), res, REVALIDATE_CACHE);
  });
}
