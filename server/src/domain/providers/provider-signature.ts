import { signWebhook, verifyWebhookSignature, type SignatureVerdict } from '../wallet/webhook-signature.js';

/**
 * Provider calls are signed as the deposit webhooks are: HMAC-SHA256(secret, "<timestamp>.<raw body>"), hex, sent as
 * `X-Provider-Signature: sha256=<hex>` with `X-Provider-Timestamp: <unix seconds>`; a timestamp more than
 * PROVIDER_SIGNATURE_TOLERANCE_SECONDS away from the server's clock is refused, which bounds how long a captured
 * request can be replayed (and the requestId store answers a replay inside that window with the first answer).
 */
export const PROVIDER_SIGNATURE_HEADER = 'x-provider-signature';
export const PROVIDER_TIMESTAMP_HEADER = 'x-provider-timestamp';
export const PROVIDER_SIGNATURE_TOLERANCE_SECONDS = 300;

export const signProviderRequest = signWebhook;

export function verifyProviderSignature(input: {
  secret: string;
  rawBody: string;
  timestamp?: string;
  signature?: string;
  nowSeconds: number;
}): SignatureVerdict {
  return verifyWebhookSignature({
    ...input,
    timestamp: input.timestamp,
    signature: input.signature,
    toleranceSeconds: PROVIDER_SIGNATURE_TOLERANCE_SECONDS,
  });
}
