import { z } from 'zod';
import { REFERRAL_CODE_MESSAGE, REFERRAL_CODE_PATTERN } from '../auth/auth.schemas.js';
import { dbId } from '../ids.js';
import { amountInputSchema, CURRENCIES } from './amounts.js';
import { ASSETS, NETWORK_IDS } from './networks.js';

/** Wallet inputs, parsed at the edge (tRPC) and shared with the client's forms. */
export const currencySchema = z.enum(CURRENCIES);
/** A processor network id (the deposit webhook's). */
export const networkSchema = z
  .enum(NETWORK_IDS as [string, ...string[]])
  .transform((value) => value as (typeof NETWORK_IDS)[number]);
/**
 * A network the cashier offers: a configured EVM network's name or a processor id; which ones exist is configuration,
 * so the service checks it (an unknown one is a 400 listing those there are).
 */
export const cashierNetworkSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{2,32}$/, 'a network id such as polygon or TRC20');
export const assetSchema = z.enum(ASSETS);

/**
 * A money move's idempotency key (tips, withdrawals, rain contributions, vault moves), chosen by the client per
 * submission and reused when it retries: the move happens once and the retry gets the first answer (docs/api.md).
 */
export const requestIdSchema = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be 8-64 letters, digits, _ or -')
  .optional();

export const PAGE_DEFAULT = 20;
export const PAGE_MAX = 100;

/** Paged lists: shared by the wallet's and the admin's lists. */
export const pageFields = {
  limit: z.number().int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT),
  /** The `nextCursor` of the previous page. */
  cursor: dbId.bigintString('cursor').optional(),
};

export const transactionsInputSchema = z
  .object({ ...pageFields, currency: currencySchema.optional() })
  .default({ limit: PAGE_DEFAULT });

export const withdrawalStatusFilterSchema = z.enum([
  'ALL',
  'PENDING',
  'APPROVED',
  'SENDING',
  'SENT',
  'CONFIRMED',
  'REJECTED',
  'FAILED',
]);
export const depositStatusFilterSchema = z.enum(['ALL', 'PENDING', 'CREDITED']);

/** Deposits and withdrawals also page by number (?page=2 in the address bar); a cursor wins when both come. */
const pageNumberField = { page: z.number().int().min(1).max(100_000).optional() };

export const withdrawalsInputSchema = z
  .object({ ...pageFields, ...pageNumberField, status: withdrawalStatusFilterSchema.default('ALL') })
  .default({ limit: PAGE_DEFAULT, status: 'ALL' });
export const depositsInputSchema = z
  .object({ ...pageFields, ...pageNumberField, status: depositStatusFilterSchema.default('ALL') })
  .default({ limit: PAGE_DEFAULT, status: 'ALL' });

export const depositAddressInputSchema = z.object({ network: cashierNetworkSchema });

export const withdrawInputSchema = z.object({
  amount: amountInputSchema,
  asset: assetSchema,
  network: cashierNetworkSchema,
  address: z.string().trim().min(20).max(100),
  password: z.string().min(1).max(256),
  /** The two-factor code (6 digits) or a recovery code; required when the account has 2FA on. */
  otp: z.string().max(32).optional(),
  requestId: requestIdSchema,
});

export const withdrawalIdSchema = z.object({ id: dbId.bigintString() });
export const rejectInputSchema = withdrawalIdSchema.extend({ reason: z.string().trim().min(1).max(500) });
export const recordTxidInputSchema = withdrawalIdSchema.extend({
  txid: z
    .string()
    .trim()
    .min(8)
    .max(128)
    .regex(/^[A-Za-z0-9]+$/),
});

export const selfExcludeInputSchema = z.object({
  period: z.enum(['24h', '7d', '30d', '6m', 'permanent']),
  /** Required for 30d, 6m and permanent (step-up), with the 2FA code when the account has 2FA on. */
  password: z.string().min(1).max(256).optional(),
  otp: z.string().max(32).optional(),
});
export const depositLimitInputSchema = z.object({
  period: z.enum(['day', 'week', 'month']),
  /** null removes the limit (takes effect after 24 h, like any increase). */
  amount: amountInputSchema.nullable(),
});

/** The body a payment provider POSTs to /api/webhooks/deposits (signed; see docs/api.md). */
export const depositWebhookSchema = z.object({
  network: networkSchema,
  asset: assetSchema,
  address: z.string().trim().min(20).max(100),
  txHash: z
    .string()
    .trim()
    .min(8)
    .max(128)
    .regex(/^[A-Za-z0-9]+$/),
  outputIndex: z.number().int().min(0).max(1_000_000).default(0),
  amount: amountInputSchema,
  confirmations: z.number().int().min(0).max(1_000_000_000),
});
export type DepositWebhook = z.infer<typeof depositWebhookSchema>;

export const userIdInputSchema = z.object({ userId: dbId.integer('userId') });

/** A player as staff type it: an id, a login name or a display name. */
export const playerQueryInputSchema = z.object({
  player: z.string().trim().min(1, 'Enter a player id or name').max(64),
});

export const createReferralCodeInputSchema = z
  .object({ code: z.string().trim().regex(REFERRAL_CODE_PATTERN, REFERRAL_CODE_MESSAGE).optional() })
  .default({});
