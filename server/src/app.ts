import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type ErrorRequestHandler, type Request } from 'express';
import helmet from 'helmet';
import proxyAddress from 'proxy-addr';
import { isDatabaseUnavailable } from '../../db/unavailable.js';
import type { Env } from './env.js';
import { jsonDepthExceeds } from './http/json-depth.js';
import { requestLog } from './http/request-log.js';
import { memoizedHeaders } from './http/security-headers.js';
import { clientAssets, REVALIDATE_CACHE, sendClientFile } from './http/static-client.js';
import { trustProxyFn } from './http/request-budget.js';
import { admitRestRequest, restBudget } from './http/rest-budget.js';
import { admitTrpcRequest, trpcRequestGuard } from './http/trpc-request-guard.js';
import type { Logger } from './infra/logger.js';
import type { Metrics } from './infra/metrics.js';
import { legacyErrorBody } from './rest/legacy-errors.js';
import { createBetFastPath } from './rest/bet-fast-path.js';
import { createChatPoll } from './rest/chat.routes.js';
import { metricsDoc } from './rest/metrics.routes.js';
import { PROVIDER_WALLET_PATH, providerWalletBody } from './rest/providers.routes.js';
import { apiDocuments, createRestRouter } from './rest/router.js';
import type { ServerServices } from './composition/server.js';
import { GAMES } from './domain/games/registry.js';
import { bearerToken, createContextFactory, type Context } from './trpc/context.js';
import { MAX_INPUT_DEPTH } from './trpc/input-guard.js';
import { logProcedureError } from './trpc/log-errors.js';
import { appRouter, createCaller } from './trpc/router.js';

export interface AppDeps {
  env: Env;
  services: ServerServices;
  logger: Logger;
  metrics: Metrics;
}

/** Express's own entry point (not in its type definitions), wrapped for the chat poll fast path. */
interface ExpressHandle {
  handle(req: IncomingMessage, res: ServerResponse, callback?: (error?: unknown) => void): void;
}

/** The largest JSON body a request may carry (100 kB). */
const JSON_BODY_LIMIT_BYTES = 100 * 1024;

/** Paths the SPA fallback must never answer with index.html. */
const API_PREFIXES = ['/api/', '/metrics'];

export function createHttpApp({ env, services, logger, metrics }: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  const trustProxy = trustProxyFn(env.TRUST_PROXY);
  app.set('trust proxy', trustProxy);

  const makeContext = createContextFactory(services);
  const contextFor = (req: Request): Context =>
    makeContext({
      ip: req.ip ?? 'unknown',
      userAgent: req.get('user-agent'),
      sessionToken: bearerToken(req.get('authorization')),
    });

  /** The request id and the duration metric; `route` is known up front on the fast path, else read at the end. */
  const identifyAndTime = (req: IncomingMessage, res: ServerResponse, route?: string) => {
    req.id = randomUUID();
    const stop = metrics.httpRequestDuration.startTimer({ method: req.method });
    res.on('finish', () => {
      const express = req as Partial<Request>;
      const label =
        route ??
        (express.route?.path
          ? String(express.route.path)
          : express.path?.startsWith('/api/trpc')
            ? '/api/trpc'
            : 'other');
      stop({ route: label, status: String(res.statusCode) });
    });
  };
  app.use((req, res, next) => {
    // Paths mounted before the request log (the chat poll routes) still log a failure with a request id;
    // the request log's lines carry the same id.
    identifyAndTime(req, res);
    res.locals.logger = logger;
    next();
  });
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into style tags at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          () => services.providers.registry.thumbnailOrigins().join(' ') || "'self'",
        ],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // The provider game page frames exactly the enabled providers' origins (docs/providers.md).
        frameSrc: ["'self'", () => services.providers.registry.frameOrigins().join(' ') || "'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS over plain HTTP would pin a browser to https for a year on a host that has none.
    strictTransportSecurity: new URL(env.publicUrl).protocol === 'https:' ? undefined : false,
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
  // The same headers as helmet's, built once per value of its dynamic directives (see memoizedHeaders).
  const securityHeadersOnAnswers = memoizedHeaders(
    securityHeaders,
    () =>
      `${services.providers.registry.thumbnailOrigins().join(' ')}\n${services.providers.registry.frameOrigins().join(' ')}`,
  );
  // Query strings carry single-use links' tokens (confirm-email, reset-password): logged redacted.
  const logRequests = requestLog(logger, { ignore: (req) => req.url === '/metrics' });
  // REST bets (legacy clients and bots, bet after bet) are answered before Express, with what the chain below gives them.
  const restBudgetOptions = {
    budget: services.requestBudget,
    bearerToken: (req: IncomingMessage) => bearerToken(req.headers.authorization),
    clientAddress: (req: IncomingMessage) => proxyAddress(req, trustProxy),
  };
  const betFastPath = createBetFastPath({
    games: GAMES,
    contextFor: (req) =>
      makeContext({
        ip: proxyAddress(req, trustProxy),
        userAgent: req.headers['user-agent'],
        sessionToken: bearerToken(req.headers.authorization),
      }),
    startRequest: (req, res, route) => {
      identifyAndTime(req, res, route);
      securityHeadersOnAnswers(req, res, () => undefined);
      logRequests(req, res, () => undefined);
    },
    admit: (req, res, transport) =>
      transport === 'rest'
        ? admitRestRequest(restBudgetOptions, req, res)
        : admitTrpcRequest(restBudgetOptions, req, res),
    onProcedureError: ({ error, path: procedure, req }) =>
      logProcedureError(logger, { error, path: procedure, reqId: req.id }),
    bodyLimitBytes: JSON_BODY_LIMIT_BYTES,
    maxDepth: MAX_INPUT_DEPTH,
  });
  const expressHandle = (app as unknown as ExpressHandle).handle.bind(app);
  (app as unknown as ExpressHandle).handle = (req, res, callback) => {
    if (!chatPoll.fastPath(req, res) && !betFastPath(req, res)) expressHandle(req, res, callback);
  };
  app.use(chatPoll.routes);
  // Pages (not API calls or assets) get a frame-src read at most a few seconds ago: an operator's change to the
  // providers shows on the next page load of every server process.
  app.use((req, _res, next) => {
    if (
      req.method !== 'GET' ||
      req.path.startsWith('/assets/') ||
      API_PREFIXES.some((prefix) => req.path.startsWith(prefix))
    )
      return next();
    services.providers.registry.ensureOrigins().then(
      () => next(),
      (error: unknown) => {
        logger.warn({ err: error }, 'provider origins could not be read; the page keeps the last known frame-src');
        next();
      },
    );
  });
  app.use(securityHeadersOnAnswers);
  // Before the request log: a flood's refused requests would otherwise cost a log line each (they
  // are counted in http_request_duration_seconds; the guard logs an address's first refusal a minute).
  app.use(
    '/api/trpc',
    trpcRequestGuard({
      maxBatch: env.TRPC_MAX_BATCH,
      maxResponseBytes: env.TRPC_MAX_RESPONSE_BYTES,
      budget: services.requestBudget,
      bearerToken: (req) => bearerToken(req.get('authorization')),
      logRefusal: (req, reason) => logger.warn({ ip: req.ip, method: req.method, reason }, 'tRPC request refused'),
    }),
  );
  // Like the tRPC guard, before the request log: a flood's refusals cost no log line each.
  app.use(restBudget(restBudgetOptions));
  app.use(logRequests);
  // The providers' wallet reads its own bodies (raw, for its signature and its own error answers).
  app.use(PROVIDER_WALLET_PATH, providerWalletBody());
  // The raw bytes stay beside the parsed body: signed webhooks are verified against exactly them.
  // One level more than a procedure's input may have: a tRPC batch wraps each input in an object.
  app.use(
    express.json({
      limit: JSON_BODY_LIMIT_BYTES,
      verify: (req, _res, buf) => {
        if (jsonDepthExceeds(buf, MAX_INPUT_DEPTH + 1))
          throw Object.assign(new Error(`JSON is nested more than ${MAX_INPUT_DEPTH} levels deep`), { status: 400 });
        (req as unknown as { rawBody?: Buffer }).rawBody = buf;
      },
    }),
  );

  app.get(metricsDoc.path as string, async (req, res) => {
    if (
      env.METRICS_TOKEN !== undefined &&
      !sameSecret(bearerToken(req.get('authorization')) ?? '', env.METRICS_TOKEN)
    ) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      res.status(401).json(legacyErrorBody('Metrics need the METRICS_TOKEN bearer token', 'UNAUTHORIZED'));
      return;
    }
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  });

  app.use(
    '/api/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req }) => contextFor(req),
      onError: ({ error, path: procedure, req }) =>
        logProcedureError(req.log ?? logger, { error, path: procedure, reqId: req.id }),
    }),
  );
  app.use(createRestRouter(contextFor, apiDocuments(env.APP_VERSION)));

  app.use('/api', (_req, res) => {
    res.status(404).json(legacyErrorBody('Not found', 'NOT_FOUND'));
  });

  serveClient(app, path.resolve(env.CLIENT_DIST_DIR), { sourceMaps: env.NODE_ENV !== 'production' });

  const handleErrors: ErrorRequestHandler = (error, req, res, _next) => {
    if (isDatabaseUnavailable(error)) {
      (req.log ?? logger).warn(
        { err: error, reqId: req.id, method: req.method, url: req.originalUrl },
        'service unavailable',
      );
      res.status(503).json(legacyErrorBody('Service unavailable', 'SERVICE_UNAVAILABLE'));
      return;
    }
    const status = typeof error?.status === 'number' && error.status < 500 ? error.status : 500;
    if (status === 500)
      (req.log ?? logger).error(
        { err: error, reqId: req.id, method: req.method, url: req.originalUrl },
        'request failed',
      );
    const message =
      status === 500
        ? 'Internal server error'
        : error.type === 'entity.parse.failed'
          ? 'Malformed JSON body'
          : String(error.message);
    res.status(status).json(legacyErrorBody(message, status === 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST'));
  };
  app.use(handleErrors);
  return app;
}

/** Constant-time comparison of two secrets of any length (hashed to equal lengths first). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The built SPA, with index.html for every client route so deep links and reloads work. */
function serveClient(app: express.Express, distDir: string, options: { sourceMaps: boolean }): void {
  const indexHtml = path.join(distDir, 'index.html');
  app.use(clientAssets(distDir, options));
  app.get('/{*clientRoute}', (req, res, next) => {
    if (API_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return next();
    if (!existsSync(indexHtml)) {
      res.status(503).type('text/plain').send('The web client is not built yet: run "npm run build".');
      return;
    }
    sendClientFile(path.resolve(distDir), 'index.html', req.get('accept-encoding'), res, REVALIDATE_CACHE);
  });
}
