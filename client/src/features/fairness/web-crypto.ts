/**
 * The browser's side of provably fair: HMAC-SHA256 and SHA-256 with Web Crypto (`crypto.subtle`), then the
 * server's own pure rules turn the digests into outcomes (games/rules for bets, raffle/rules for raffle draws), so
 * the verifiers can never drift from what settled the bet or drew the raffle. Nothing game-specific here: the bet
 * verifier and the raffle replay share this module without pulling each other's rules.
 */
import type { HmacSha256Async } from '../../../../server/src/domain/games/shared/floats';

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  // crypto.subtle exists only in secure contexts (https or localhost); say so instead of failing obscurely.
  const value = globalThis.crypto?.subtle;
  if (!value) throw new Error('Web Crypto is unavailable here (the page must be served over https or from localhost)');
  return value;
}

/** HMAC_SHA256(key = server seed as text, message) as raw bytes. */
export const hmacSha256: HmacSha256Async = async (key, message) => {
  const cryptoKey = await subtle().importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await subtle().sign('HMAC', cryptoKey, encoder.encode(message)));
};

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of the server seed's text: what the site publishes before the seed is used. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await subtle().digest('SHA-256', encoder.encode(text))));
}
