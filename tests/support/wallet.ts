import { randomBytes } from 'node:crypto';
import { signWebhook } from '../../server/src/domain/wallet/webhook-signature.js';
import { FAST_HASHING, http, OPEN_TABLE_LIMITS, RELAXED_LIMITS, signedInAccount, type HttpResult } from './auth.js';
import type { TestPlatform } from './platform.js';

/** Wallet settings for tests: a known webhook secret, low thresholds, 1 USD minimum and no fee. */
export const WALLET_TEST_ENV = {
  DEPOSIT_WEBHOOK_SECRET: 'test-webhook-secret-0123456789',
  DEPOSIT_CONFIRMATIONS: 'ERC20:3,BEP20:3,TRC20:3',
  WITHDRAWAL_MIN_USD: '1',
  WITHDRAWAL_FEE_USD: '0',
  // Test players deposit and withdraw from days-old accounts without playing: every one would score for a risk
  // review. Tests of that review set their own threshold (tests/integration/withdrawal-risk.int.test.ts).
  WITHDRAWAL_RISK_REVIEW_SCORE: '100',
} as const;

/** A server for players who deposit and bet: quick hashing, relaxed rate limits, the wallet settings, open tables. */
export const PLAYING_TEST_ENV = {
  ...FAST_HASHING,
  ...RELAXED_LIMITS,
  ...WALLET_TEST_ENV,
  ...OPEN_TABLE_LIMITS,
} as const;

/** A tRPC call over real HTTP (no transformer): queries as GET ?input=, mutations as POST. */
export async function trpc(
  platform: Pick<TestPlatform, 'url'>,
  kind: 'query' | 'mutation',
  path: string,
  input?: unknown,
  token?: string,
): Promise<HttpResult> {
  if (kind === 'query') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return http(platform.url, 'GET', `/api/trpc/${path}${query}`, undefined, { token });
  }
  return http(platform.url, 'POST', `/api/trpc/${path}`, input ?? {}, { token });
}

export interface DepositReport {
  network: string;
  asset: string;
  address: string;
  txHash: string;
  outputIndex?: number;
  amount: string;
  confirmations: number;
}

export function depositReport(
  address: string,
  amount: string,
  confirmations = 3,
  overrides: Partial<DepositReport> = {},
): DepositReport {
  return {
    network: 'ERC20',
    asset: 'USDT',
    address,
    txHash: `0x${randomBytes(32).toString('hex')}`,
    amount,
    confirmations,
    ...overrides,
  };
}

/** POSTs a report to the webhook, signed like the provider does (or with what `sign` returns). */
export async function deliverWebhook(
  platform: Pick<TestPlatform, 'url'>,
  report: unknown,
  options: { timestamp?: number; secret?: string; rawBody?: string } = {},
): Promise<HttpResult> {
  const rawBody = options.rawBody ?? JSON.stringify(report);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = signWebhook(options.secret ?? WALLET_TEST_ENV.DEPOSIT_WEBHOOK_SECRET, timestamp, rawBody);
  return http(platform.url, 'POST', '/api/webhooks/deposits', rawBody, {
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': String(timestamp),
      'x-webhook-signature': signature,
    },
  });
}

/** Credits `amount` USD to the signed-in player through a signed, confirmed deposit webhook (the real path). */
export async function fundPlayer(platform: Pick<TestPlatform, 'url'>, token: string, amount: string): Promise<void> {
  const address = await trpc(platform, 'query', 'wallet.depositAddress', { network: 'ERC20' }, token);
  if (address.status !== 200) throw new Error(`deposit address: ${JSON.stringify(address.body)}`);
  const credited = await deliverWebhook(platform, depositReport(address.body.result.data.address as string, amount));
  if (credited.body?.credited !== true) throw new Error(`deposit not credited: ${JSON.stringify(credited.body)}`);
}

/** A new signed-in player whose cash account holds `amount` USD, credited through a real deposit. */
export async function fundedAccount(
  platform: TestPlatform,
  amount: string,
): Promise<Awaited<ReturnType<typeof signedInAccount>>> {
  const player = await signedInAccount(platform);
  await fundPlayer(platform, player.token, amount);
  return player;
}
