import type { Request } from 'express';
import { z } from 'zod';
import {
  historyInputSchema,
  rainContributeSchema,
  rainRecentSchema,
  tipHistorySchema,
  tipSendSchema,
  vaultDepositSchema,
  vaultWithdrawSchema,
} from '../domain/economy/economy.schemas.js';
import { CURRENCIES } from '../domain/wallet/amounts.js';
import { amountText } from './games.routes.js';
import { legacyHandler, type ContextForRequest } from './legacy-handler.js';
import { RestRoutes, type RouteDoc } from './openapi/rest-routes.js';
import { body } from './request-body.js';

/** A body whose amount may be a JSON number (legacy style) or an exact decimal string. */
const withAmount = (req: Request) => {
  const input = body(req);
  return { ...input, amount: amountText(input.amount) };
};

/** Query values as the procedures take them: absent stays absent (the schema's default applies), bad text fails it. */
export const queryLimit = (value: unknown) => (typeof value === 'string' && value !== '' ? Number(value) : undefined);
export const queryCursor = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Exact decimal text per currency ({ USD: "1.50", BZU: "0" }). */
const perCurrency = z.object({ USD: z.string(), BZU: z.string() }).meta({ id: 'PerCurrency' });
const currency = z.enum(CURRENCIES);
const vaultBalancesSchema = z.object({ vault: perCurrency, cash: perCurrency }).meta({ id: 'VaultBalances' });
const tipSchema = z.object({
  id: z.string(),
  senderId: z.number().int(),
  senderName: z.string(),
  recipientId: z.number().int(),
  recipientName: z.string(),
  currency,
  amount: z.string(),
  private: z.boolean(),
  createdAt: z.string(),
});
const rainSchema = z.object({
  id: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  recipients: z.array(z.string()),
  funded: perCurrency,
  share: perCurrency,
  createdAt: z.string(),
});
const page = <T extends z.ZodType>(key: string, item: T) =>
  z.object({ [key]: z.array(item), nextCursor: z.string().nullable() });
const pageQuery = historyInputSchema.unwrap().partial();
const withAmountNote = 'amount may be a JSON number (legacy) or an exact decimal string.';

type Doc = Omit<RouteDoc, 'tags' | 'access'>;
const doc = (tag: string, access: RouteDoc['access'], fields: Doc): RouteDoc => ({
  tags: [tag],
  access,
  ...fields,
  errors: fields.errors ?? (access === 'bearer' ? [401] : []),
});

/**
 * Player economy over REST (docs/api.md "Player economy"): each path calls its tRPC procedure.
 * Amounts come back as exact decimal strings, as on tRPC.
 */
export function economyRoutes(contextFor: ContextForRequest): RestRoutes {
  const routes = new RestRoutes();
  routes.add(
    doc('vip', 'public', {
      method: 'get',
      path: '/api/vip/ranks',
      summary: 'The VIP ranks: XP thresholds, rakeback rates, colours',
      responses: {
        200: z.array(
          z.object({
            id: z.string(),
            label: z.string(),
            minXp: z.string(),
            rakebackPercent: z.string(),
            color: z.string(),
          }),
        ),
      },
    }),
    legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.vip.ranks())),
  );
  routes.add(
    doc('vip', 'bearer', {
      method: 'get',
      path: '/api/vip',
      summary: "The player's rank, XP and rakeback",
      responses: {
        200: z.object({
          rank: z.string(),
          rankLabel: z.string(),
          color: z.string(),
          xp: z.string(),
          xpExact: z.string(),
          nextRank: z.string().nullable(),
          nextRankLabel: z.string().nullable(),
          rankMinXp: z.string(),
          nextRankXp: z.string().nullable(),
          percent: z.number(),
          rakebackPercent: z.string(),
          rakeback: z.object({ claimable: perCurrency, accrued: perCurrency }),
        }),
      },
    }),
    legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.vip.status())),
  );
  routes.add(
    doc('vip', 'bearer', {
      method: 'post',
      path: '/api/vip/rakeback/claim',
      summary: 'Claim the accrued rakeback',
      responses: { 200: z.object({ claimed: perCurrency }) },
      errors: [401, 409, 429],
    }),
    legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.vip.claimRakeback())),
  );
  routes.add(
    doc('vip', 'bearer', {
      method: 'get',
      path: '/api/vip/rakeback',
      summary: 'Rakeback accruals and claims, newest first',
      query: pageQuery,
      responses: {
        200: page(
          'entries',
          z.object({
            id: z.string(),
            kind: z.enum(['accrual', 'claim']),
            currency,
            amount: z.string(),
            betId: z.string().nullable(),
            createdAt: z.string(),
          }),
        ),
      },
      errors: [400, 401],
    }),
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(
        await caller.vip.rakebackHistory({
          limit: queryLimit(req.query.limit) ?? 20,
          cursor: queryCursor(req.query.cursor),
        }),
      );
    }),
  );
  routes.add(
    doc('vault', 'bearer', {
      method: 'get',
      path: '/api/vault',
      summary: 'Vault and cash balances',
      responses: { 200: vaultBalancesSchema },
    }),
    legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.vault.balances())),
  );
  routes.add(
    doc('vault', 'bearer', {
      method: 'get',
      path: '/api/vault/history',
      summary: 'Vault moves, newest first',
      query: pageQuery,
      responses: {
        200: page(
          'moves',
          z.object({
            id: z.string(),
            direction: z.enum(['deposit', 'withdraw']),
            currency,
            amount: z.string(),
            createdAt: z.string(),
          }),
        ),
      },
      errors: [400, 401],
    }),
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(
        await caller.vault.history({ limit: queryLimit(req.query.limit) ?? 20, cursor: queryCursor(req.query.cursor) }),
      );
    }),
  );
  routes.add(
    doc('vault', 'bearer', {
      method: 'post',
      path: '/api/vault/deposit',
      summary: 'Move cash into the vault',
      description: withAmountNote,
      body: vaultDepositSchema.meta({ example: { currency: 'USD', amount: '5', requestId: 'vault-0001' } }),
      responses: { 200: vaultBalancesSchema },
      errors: [400, 401, 409, 429],
    }),
    legacyHandler(
      contextFor,
      async (caller, req, res) => void res.json(await caller.vault.deposit(withAmount(req) as never)),
    ),
  );
  routes.add(
    doc('vault', 'bearer', {
      method: 'post',
      path: '/api/vault/withdraw',
      summary: 'Move vault funds back to cash (password, and the 2FA code when on)',
      description: withAmountNote,
      body: vaultWithdrawSchema,
      responses: { 200: vaultBalancesSchema },
      errors: [400, 401, 403, 409, 429],
    }),
    legacyHandler(
      contextFor,
      async (caller, req, res) => void res.json(await caller.vault.withdraw(withAmount(req) as never)),
    ),
  );
  routes.add(
    doc('tips', 'public', {
      method: 'get',
      path: '/api/tips/terms',
      summary: 'Tip minimums and daily caps',
      responses: { 200: z.object({ minimum: perCurrency, dailyCap: perCurrency, twoFactorAbove: perCurrency }) },
    }),
    legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.tips.terms())),
  );
  routes.add(
    doc('tips', 'bearer', {
      method: 'get',
      path: '/api/tips',
      summary: 'Tips sent and received, newest first',
      query: tipHistorySchema.unwrap().partial(),
      responses: { 200: z.array(tipSchema) },
      errors: [400, 401],
    }),
    legacyHandler(
      contextFor,
      async (caller, req, res) =>
        void res.json(await caller.tips.history({ limit: queryLimit(req.query.limit) ?? 20 })),
    ),
  );
  routes.add(
    doc('tips', 'bearer', {
      method: 'post',
      path: '/api/tips',
      summary: 'Tip a player by display name',
      description: withAmountNote,
      body: tipSendSchema.meta({ example: { recipient: 'Ada', amount: '1.5', currency: 'USD' } }),
      responses: { 201: z.object({ tip: tipSchema, balance: z.string() }) },
      errors: [400, 401, 403, 404, 409, 429],
    }),
    legacyHandler(
      contextFor,
      async (caller, req, res) => void res.status(201).json(await caller.tips.send(withAmount(req) as never)),
    ),
  );
  routes.add(
    doc('rain', 'public', {
      method: 'get',
      path: '/api/rain',
      summary: 'The rain pool and the last rain',
      responses: {
        200: z.object({
          pool: perCurrency,
          intervalMinutes: z.number(),
          minWagerUsd: z.string(),
          revenueSharePercent: z.string(),
          minContribution: perCurrency,
          last: rainSchema.nullable(),
        }),
      },
    }),
    legacyHandler(contextFor, async (caller, _req, res) => void res.json(await caller.rain.pool())),
  );
  routes.add(
    doc('rain', 'public', {
      method: 'get',
      path: '/api/rain/recent',
      summary: 'Recent rains',
      query: rainRecentSchema.unwrap().partial(),
      responses: { 200: z.array(rainSchema) },
      errors: [400],
    }),
    legacyHandler(
      contextFor,
      async (caller, req, res) => void res.json(await caller.rain.recent({ limit: queryLimit(req.query.limit) ?? 10 })),
    ),
  );
  routes.add(
    doc('rain', 'bearer', {
      method: 'post',
      path: '/api/rain/contribute',
      summary: 'Add to the rain pool',
      description: withAmountNote,
      body: rainContributeSchema,
      responses: { 200: z.object({ pool: perCurrency }) },
      errors: [400, 401, 409, 429],
    }),
    legacyHandler(
      contextFor,
      async (caller, req, res) => void res.json(await caller.rain.contribute(withAmount(req) as never)),
    ),
  );
  return routes;
}
