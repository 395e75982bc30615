import { Router } from 'express';
import { buildAsyncApiDocument } from '../realtime/asyncapi-document.js';
import { apiDocsRoutes, type ApiDocuments, type AsyncApiSummary } from './api-docs.routes.js';
import type { ContextForRequest } from './legacy-handler.js';
import { authRoutes } from './auth.routes.js';
import { chatPollDocs, chatRoutes } from './chat.routes.js';
import { economyRoutes } from './economy.routes.js';
import { gamesRoutes } from './games.routes.js';
import { metricsDoc } from './metrics.routes.js';
import { buildOpenApiDocument } from './openapi/openapi-document.js';
import type { RestRoutes, RouteDoc } from './openapi/rest-routes.js';
import { statusRoutes } from './status.routes.js';
import { tokenRoutes } from './token.routes.js';
import { walletRoutes } from './wallet.routes.js';
import { sportsRoutes } from './sports.routes.js';
import { raffleRoutes } from './raffle.routes.js';
import { roundsRoutes } from './rounds.routes.js';
import { providerRoutes } from './providers.routes.js';

/** The legacy REST surface of API.md; each area contributes its routes, documented where they are registered. */
function restAreas(contextFor: ContextForRequest): RestRoutes[] {
  return [
    statusRoutes(contextFor),
    authRoutes(contextFor),
    tokenRoutes(contextFor),
    chatRoutes(contextFor),
    walletRoutes(contextFor),
    gamesRoutes(contextFor),
    economyRoutes(contextFor),
    sportsRoutes(contextFor),
    raffleRoutes(contextFor),
    roundsRoutes(contextFor),
    providerRoutes(contextFor),
  ];
}

/** The machine-readable documents of this server, each built once on first use. */
export function apiDocuments(appVersion: string): ApiDocuments {
  let openapi: object | undefined;
  let asyncapi: (AsyncApiSummary & object) | undefined;
  return {
    openapi: () => (openapi ??= buildOpenApiDocument(restRouteDocs(), { version: appVersion })),
    asyncapi: () => (asyncapi ??= buildAsyncApiDocument({ version: appVersion }) as unknown as AsyncApiSummary),
  };
}

export function createRestRouter(contextFor: ContextForRequest, documents: ApiDocuments): Router {
  const rest = Router();
  for (const area of [...restAreas(contextFor), apiDocsRoutes(documents)]) rest.use(area.handler());
  return rest;
}

/**
 * Every REST path's documentation, the OpenAPI document's source: the areas' routes, the documents' own, and the
 * two paths app.ts mounts itself (the chat poll, ahead of Express's middleware, and /metrics).
 */
export function restRouteDocs(): RouteDoc[] {
  const docsOnly: ContextForRequest = () => {
    throw new Error('documentation only: no request is handled');
  };
  const areas = [...restAreas(docsOnly), apiDocsRoutes(apiDocuments('docs'))];
  return [...chatPollDocs, metricsDoc, ...areas.flatMap((area) => area.docs)];
}
