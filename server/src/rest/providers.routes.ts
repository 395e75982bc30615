import { z } from 'zod';
import express, { type RequestHandler } from 'express';
import { PROVIDER_SIGNATURE_HEADER, PROVIDER_TIMESTAMP_HEADER } from '../domain/providers/provider-signature.js';
import {
  PROVIDER_WALLET_ACTIONS,
  providerWalletAnswerSchema,
  providerWalletRequestSchemas,
} from '../domain/providers/providers.schemas.js';
import { WALLET_STATUS } from '../domain/providers/wallet-codes.js';
import { RestRoutes } from './openapi/rest-routes.js';
import type { ContextForRequest } from './legacy-handler.js';
import { rawBodyOf } from './wallet.routes.js';

/** Where the seamless wallet is served: app.ts gives these paths their own body reader ahead of the JSON parser. */
export const PROVIDER_WALLET_PATH = '/api/providers';

/**
 * The wallet's body reader: keeps the raw bytes (the signature covers exactly them) without parsing, whatever the
 * content type, so a body that is not JSON reaches the wallet and gets its own `BAD_REQUEST` answer rather than the
 * platform's generic 400. Mounted before express.json, which then finds the body read and leaves it.
 */
export function providerWalletBody(): RequestHandler {
  return express.raw({
    type: () => true,
    limit: '100kb',
    verify: (req, _res, buf) => {
      (req as unknown as { rawBody?: Buffer }).rawBody = buf;
    },
  });
}

/**
 * The seamless wallet a game provider calls: POST /api/providers/:provider/{balance,bet,win,rollback}
 * (docs/providers.md). Its answers are the wallet's own JSON (`status` names the outcome), sent with the HTTP status
 * docs/providers.md gives for it; a replayed request gets the first answer's exact bytes.
 */
export function providerRoutes(contextFor: ContextForRequest): RestRoutes {
  const routes = new RestRoutes();
  const answer = {
    description: "The wallet's answer; `status` names the outcome (docs/providers.md)",
    schema: providerWalletAnswerSchema,
  };
  // Each HTTP status the wallet answers with, documented with the wallet's own body.
  const answers = Object.fromEntries([...new Set(Object.values(WALLET_STATUS))].map((status) => [status, answer]));
  for (const action of PROVIDER_WALLET_ACTIONS) {
    const doc = {
      method: 'post',
      path: `${PROVIDER_WALLET_PATH}/:provider/${action}`,
      summary: `Seamless wallet: ${action}`,
      description: `Called by a game provider, not a player: the raw JSON body signed with HMAC-SHA256 over \`<${PROVIDER_TIMESTAMP_HEADER}>.<body>\` with the provider's secret in \`${PROVIDER_SIGNATURE_HEADER}\`. A replayed requestId gets the first answer byte for byte (docs/providers.md).`,
      tags: ['providers'],
      access: 'public',
      params: z.object({ provider: z.string() }),
      body: providerWalletRequestSchemas[action],
      responses: answers,
    } as const;
    routes.add(doc, async (req, res, next) => {
      try {
        const { services } = contextFor(req);
        const answer = await services.providers.wallet.handle({
          provider: String(req.params.provider),
          action,
          rawBody: rawBodyOf(req),
          signature: req.get(PROVIDER_SIGNATURE_HEADER),
          timestamp: req.get(PROVIDER_TIMESTAMP_HEADER),
        });
        res.status(WALLET_STATUS[answer.status]).type('application/json').send(answer.body);
      } catch (error) {
        // The express error handler logs it with the request id and answers 500 (503 when the database is down).
        next(error);
      }
    });
  }
  return routes;
}
