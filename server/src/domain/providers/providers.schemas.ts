import { z } from 'zod';

/**
 * The seamless-wallet API's request bodies (one schema per endpoint, docs/providers.md) and the configuration
 * inputs (admin console, CLI, JSON import). Amounts are decimal strings with at most 8 decimals, never numbers:
 * a JSON number cannot carry 0.1 exactly.
 */
export const PROVIDER_CATEGORIES = ['slots', 'live', 'gameshows', 'roulette', 'blackjack', 'bingo'] as const;
export type ProviderCategory = (typeof PROVIDER_CATEGORIES)[number];

const externalId = (label: string) =>
  z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/,
      `${label}: 1-64 characters of A-Z a-z 0-9 . _ : - (starting with a letter or digit)`,
    );
/**
 * At most 10 integer digits: the ledger holds amounts as 64-bit integers of 1e-8 (up to ~92 billion), so a larger
 * amount is refused here as a 400 the provider sees as final, never a 500 it would retry.
 */
const decimalAmount = z
  .string()
  .regex(/^\d{1,10}(\.\d{1,8})?$/, 'amount: a decimal string of at most 10 digits and 8 decimals, e.g. "1.25"');
const currency = z.enum(['USD', 'BZU']);

/** Fields every wallet call carries: the request's own id (replays answer the first answer) and the session. */
const walletCall = {
  requestId: externalId('requestId'),
  sessionToken: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'sessionToken: the token the launch URL carried'),
  /** Optional echo of the player id the session belongs to; a different one is refused. */
  playerId: z.string().max(32).optional(),
};

export const providerBalanceRequestSchema = z.strictObject({ ...walletCall, currency: currency.optional() });

export const providerBetRequestSchema = z.strictObject({
  ...walletCall,
  transactionId: externalId('transactionId'),
  roundId: externalId('roundId'),
  gameId: externalId('gameId').optional(),
  amount: decimalAmount.refine((value) => /[1-9]/.test(value), 'amount: a bet must be more than 0'),
  currency,
});

export const providerWinRequestSchema = z.strictObject({
  ...walletCall,
  transactionId: externalId('transactionId'),
  roundId: externalId('roundId'),
  gameId: externalId('gameId').optional(),
  /** Zero is allowed: many providers close a lost round with a zero win. */
  amount: decimalAmount,
  currency,
  /** Whether the provider considers the round over (informational). */
  roundClosed: z.boolean().optional(),
});

export const providerRollbackRequestSchema = z.strictObject({
  ...walletCall,
  transactionId: externalId('transactionId'),
  /** The bet being reversed. */
  referenceTransactionId: externalId('referenceTransactionId'),
  roundId: externalId('roundId'),
  gameId: externalId('gameId').optional(),
  currency: currency.optional(),
});

export const PROVIDER_WALLET_ACTIONS = ['balance', 'bet', 'win', 'rollback'] as const;
export type ProviderWalletAction = (typeof PROVIDER_WALLET_ACTIONS)[number];

export const providerWalletRequestSchemas = {
  balance: providerBalanceRequestSchema,
  bet: providerBetRequestSchema,
  win: providerWinRequestSchema,
  rollback: providerRollbackRequestSchema,
} as const satisfies Record<ProviderWalletAction, z.ZodType>;

export type ProviderBalanceRequest = z.output<typeof providerBalanceRequestSchema>;
export type ProviderBetRequest = z.output<typeof providerBetRequestSchema>;
export type ProviderWinRequest = z.output<typeof providerWinRequestSchema>;
export type ProviderRollbackRequest = z.output<typeof providerRollbackRequestSchema>;

/**
 * Every answer of the wallet API (docs/providers.md): `status` names the outcome; a refusal carries `message`; the
 * player's balance after the call whenever the session is known.
 */
export const providerWalletAnswerSchema = z
  .object({
    status: z.string().meta({
      description:
        'OK, or the refusal: INSUFFICIENT_FUNDS, PLAYER_EXCLUDED, SESSION_NOT_FOUND, WRONG_CURRENCY, ... (docs/providers.md)',
    }),
    message: z.string().optional(),
    requestId: z.string().optional().meta({ description: 'the request answered (a replay gets the first answer)' }),
    playerId: z.string().optional(),
    currency: z.enum(['USD', 'BZU']).optional(),
    balance: z.string().optional().meta({ description: 'the balance after the call, a decimal string' }),
    transactionId: z.string().optional(),
    rolledBack: z.string().optional(),
  })
  .meta({ id: 'ProviderWalletAnswer' });

/** What the REST adapter hands the wallet: the exact bytes the provider signed and its signature headers. */
export const providerWalletCallSchema = z.object({
  provider: z.string().max(64),
  action: z.enum(PROVIDER_WALLET_ACTIONS),
  rawBody: z.string().max(100_000),
  signature: z.string().max(200).optional(),
  timestamp: z.string().max(20).optional(),
});

// ---- configuration ----

export const providerIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,31}$/, 'provider id: 2-32 characters of a-z 0-9 - starting with a letter');
const httpUrl = z.url({ protocol: /^https?$/ }).max(1000);
const urlTemplate = z
  .string()
  .max(1000)
  .refine(
    (value) => /^https?:\/\/[^/?#{}]+/.test(value),
    'a launch URL template starts with http(s)://host and may hold {token} {gameId} {currency} {language} {returnUrl}',
  );
/** An RTP in percent with up to 4 decimals ("96.5"), kept as text so it stays exact. */
const rtpPercent = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, 'rtp: a percentage with at most 4 decimals, e.g. "96.5"')
  .refine((value) => Number(value) > 0 && Number(value) <= 100, 'rtp: more than 0 and at most 100');

/** A game's declared maximum payout multiple, 1 to 1,000,000 with up to 2 decimals ("5000", "2500.5"). */
const maxMultiplier = z
  .string()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'maxMultiplier: a multiple with at most 2 decimals, e.g. "5000"')
  .refine((value) => Number(value) >= 1 && Number(value) <= 1_000_000, 'maxMultiplier: from 1 to 1000000');

export const providerInputSchema = z.strictObject({
  id: providerIdSchema,
  name: z.string().trim().min(1).max(80),
  /** The HMAC-SHA256 key both sides hold (16-200 characters). */
  secret: z.string().min(16).max(200),
  /** Scheme and host (and port) the game is served from: the launch page may frame exactly this origin. */
  origin: z.string().regex(/^https?:\/\/[^/?#]+$/, 'origin: scheme://host[:port], no path'),
  launchUrlTemplate: urlTemplate,
  enabled: z.boolean().default(true),
});
export type ProviderInput = z.output<typeof providerInputSchema>;

/** An edit: everything but the id optional; a secret given replaces the stored one. */
export const providerUpdateSchema = providerInputSchema.partial().required({ id: true });
export type ProviderUpdate = z.output<typeof providerUpdateSchema>;

export const providerGameInputSchema = z.strictObject({
  providerId: providerIdSchema,
  gameId: externalId('gameId'),
  name: z.string().trim().min(1).max(80),
  category: z.enum(PROVIDER_CATEGORIES),
  rtp: rtpPercent,
  /** The most one round may pay, as a multiple of its stakes: wins past it are refused (docs/providers.md). */
  maxMultiplier: maxMultiplier,
  thumbnailUrl: httpUrl.nullable().default(null),
  /** Overrides the provider's template for this game. */
  launchUrlTemplate: urlTemplate.nullable().default(null),
  enabled: z.boolean().default(true),
});
export type ProviderGameInput = z.output<typeof providerGameInputSchema>;

export const providerGameUpdateSchema = providerGameInputSchema.partial().required({ providerId: true, gameId: true });
export type ProviderGameUpdate = z.output<typeof providerGameUpdateSchema>;

/** `providers:import file.json`: providers with their games; existing ones are updated. */
export const providerImportSchema = z.strictObject({
  providers: z
    .array(
      providerInputSchema.extend({
        games: z
          .array(providerGameInputSchema.omit({ providerId: true }))
          .max(2000)
          .default([]),
      }),
    )
    .max(200),
});
export type ProviderImport = z.output<typeof providerImportSchema>;

export const providerLaunchInputSchema = z.strictObject({
  provider: providerIdSchema,
  gameId: externalId('gameId'),
  currency: currency.default('USD'),
  language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
    .default('en'),
});

export const providerCatalogueInputSchema = z
  .strictObject({ category: z.enum(PROVIDER_CATEGORIES).optional() })
  .default({});

export const providerReportInputSchema = z
  .strictObject({ days: z.number().int().min(1).max(90).default(14) })
  .default({ days: 14 });

/**
 * My bets' provider rounds: a page of `limit` before `cursor` (the last round's id of the previous page). Not strict:
 * useInfiniteQuery adds its own `direction` field, which is dropped.
 */
export const providerRoundsInputSchema = z.object({
  limit: z.number().int().min(1).max(50).default(20),
  cursor: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
});
