import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Deposit webhooks are signed with HMAC-SHA256(secret, "<timestamp>.<raw body>"), hex, sent as
 * `X-Webhook-Signature: sha256=<hex>` with `X-Webhook-Timestamp: <unix seconds>`.
 */
export const SIGNATURE_HEADER = 'x-webhook-signature';
export const TIMESTAMP_HEADER = 'x-webhook-timestamp';

export function signWebhook(secret: string, timestamp: number | string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

export type SignatureVerdict = 'ok' | 'missing' | 'stale' | 'bad';

export function verifyWebhookSignature(input: {
  secret: string;
  rawBody: string;
  timestamp: string | undefined;
  signature: string | undefined;
  nowSeconds: number;
  toleranceSeconds: number;
}): SignatureVerdict {
  const { timestamp, signature } = input;
  if (!timestamp || !signature) return 'missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'bad';
  if (Math.abs(input.nowSeconds - Number(timestamp)) > input.toleranceSeconds) return 'stale';
  const expected = Buffer.from(signWebhook(input.secret, timestamp, input.rawBody));
  const given = Buffer.from(signature.trim());
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'bad';
}
