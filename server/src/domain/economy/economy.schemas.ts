import { z } from 'zod';
import { amountInputSchema } from '../wallet/amounts.js';
import { currencySchema } from '../wallet/wallet.schemas.js';

const requestId = z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be 8-64 letters, digits, _ or -').optional();

export const historyInputSchema = z
  .object({ limit: z.number().int().min(1).max(100).default(20), cursor: z.string().regex(/^\d{1,19}$/).optional() })
  .default({ limit: 20 });

export const vaultDepositSchema = z.object({ currency: currencySchema, amount: amountInputSchema, requestId });

export const vaultWithdrawSchema = vaultDepositSchema.extend({
  password: z.string().min(1, 'Enter your password').max(256),
  otp: z.string().max(32).optional(),
});

export const tipSendSchema = z.object({
  recipient: z.string().trim().min(1, 'Name the player to tip').max(64),
  amount: amountInputSchema,
  currency: currencySchema.default('USD'),
  private: z.boolean().default(false),
  otp: z.string().max(32).optional(),
});

export const publicProfileSchema = z.object({ userId: z.number().int().positive().max(2_147_483_647) });

export const tipHistorySchema = z.object({ limit: z.number().int().min(1).max(100).default(20) }).default({ limit: 20 });

export const rainContributeSchema = z.object({ amount: amountInputSchema, currency: currencySchema.default('USD') });

export const rainRecentSchema = z.object({ limit: z.number().int().min(1).max(50).default(10) }).default({ limit: 10 });
