import type { Request } from 'express';
import { z } from 'zod';
import { depositWebhookSchema } from '../domain/wallet/wallet.schemas.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../domain/wallet/webhook-signature.js';
import { legacyHandler, type ContextForRequest } from './legacy-handler.js';
import { RestRoutes } from './openapi/rest-routes.js';

const webhookResultSchema = z.object({
  depositId: z.string(),
  status: z.enum(['PENDING', 'CREDITED']),
  credited: z.boolean(),
  flags: z.array(z.string()),
});
const csvFile = (description: string) => ({ description, contentType: 'text/csv', schema: z.string() });

/** The exact bytes the provider signed; app.ts keeps them beside the parsed JSON. */
export function rawBodyOf(req: Request): string {
  const raw = (req as Request & { rawBody?: Buffer }).rawBody;
  return raw ? raw.toString('utf8') : '';
}

const num = (value: string) => Number(value);

/**
 * Wallet REST paths: the provider's deposit webhook (signature over the raw body), the statement
 * as CSV, and balances as JSON numbers for legacy clients.
 */
export function walletRoutes(contextFor: ContextForRequest): RestRoutes {
  const routes = new RestRoutes();
  routes.add(
    {
      method: 'post',
      path: '/api/webhooks/deposits',
      summary: "The deposit provider's webhook",
      description: `Signed: the ${TIMESTAMP_HEADER} and ${SIGNATURE_HEADER} headers carry an HMAC over the timestamp and the raw body (docs/api.md).`,
      tags: ['wallet'],
      access: 'public',
      body: depositWebhookSchema,
      responses: { 200: webhookResultSchema },
      errors: [400, 401, 404, 409],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      const result = await caller.wallet.depositWebhook({
        rawBody: rawBodyOf(req),
        timestamp: req.get(TIMESTAMP_HEADER),
        signature: req.get(SIGNATURE_HEADER),
      });
      res.status(200).json(result);
    }),
  );
  routes.add(
    {
      method: 'get',
      path: '/api/wallet/balances',
      summary: 'Balances as JSON numbers',
      tags: ['wallet'],
      access: 'bearer',
      responses: { 200: z.object({ balance: z.number(), bzuBalance: z.number(), currency: z.literal('USD') }) },
      errors: [401],
    },
    legacyHandler(contextFor, async (caller, _req, res) => {
      const balances = await caller.wallet.balances();
      res.json({ balance: num(balances.USD), bzuBalance: num(balances.BZU), currency: 'USD' });
    }),
  );
  routes.add(
    {
      method: 'get',
      path: '/api/wallet/transactions.csv',
      summary: 'The statement as CSV',
      tags: ['wallet'],
      access: 'bearer',
      responses: { 200: csvFile('The ledger, one movement a line') },
      errors: [401],
    },
    legacyHandler(contextFor, async (caller, _req, res) => {
      const { filename, csv } = await caller.wallet.transactionsCsv();
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      res.setHeader('Cache-Control', 'no-store');
      res.send(csv);
    }),
  );
  return routes;
}
