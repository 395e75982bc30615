import { crashPointFromHmac } from '../../../../server/src/domain/games/rules/crash';

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
const utf8 = (text: string) => new TextEncoder().encode(text);

/** SHA-256 of a hash's 64-character hex text, in the browser. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', utf8(text)));
}

/** HMAC_SHA256(key = salt, message = hash) as hex: the round value. */
export async function roundValue(salt: string, hash: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', utf8(salt), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, utf8(hash)));
}

export interface CrashCheck {
  /** SHA-256(hash) equals the previous round's hash (or the terminal hash for round 1). */
  linked: boolean;
  /** The crash point recomputed from the hash and the salt, in hundredths. */
  crashPoint: number;
}

/** FAIRNESS.md "Round games", recomputed in the browser: the chain link and the crash point. */
export async function verifyCrashRound(input: { hash: string; previousHash: string; salt: string }): Promise<CrashCheck> {
  const hash = input.hash.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error('The round hash must be 64 hex digits');
  return {
    linked: (await sha256Hex(hash)) === input.previousHash.trim().toLowerCase(),
    crashPoint: crashPointFromHmac(await roundValue(input.salt, hash)),
  };
}
