import { z } from 'zod';
import { dbId } from '../ids.js';
import { amountInputSchema } from '../wallet/amounts.js';
import { currencySchema, requestIdSchema as requestId } from '../wallet/wallet.schemas.js';

export const historyInputSchema = z
  .object({ limit: z.number().int().min(1).max(100).default(20), cursor: dbId.bigintString('cursor').optional() })
  .default({ limit: 20 });

export const vaultDepositSchema = z.object({ currency: currencySchema, amount: amountInputSchema, requestId });

export const vaultWithdrawSchema = vaultDepositSchema.extend({
  password: z.string().min(1, 'Enter your password').max(256),
  otp: z.string().max(32).optional(),
});

export const tipSendSchema = z.object({
  recipient: z
    .string()
    .trim()
    .min(1, 'Name the player to tip')
    .max(64)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'A player name has no control characters'),
  amount: amountInputSchema,
  currency: currencySchema.default('USD'),
  private: z.boolean().default(false),
  otp: z.string().max(32).optional(),
  requestId,
});

export const publicProfileSchema = z.object({ userId: z.number().int().positive().max(2_147_483_647) });

export const tipHistorySchema = z
  .object({ limit: z.number().int().min(1).max(100).default(20) })
  .default({ limit: 20 });

export const rainContributeSchema = z.object({
  amount: amountInputSchema,
  currency: currencySchema.default('USD'),
  requestId,
});

export const rainRecentSchema = z.object({ limit: z.number().int().min(1).max(50).default(10) }).default({ limit: 10 });
