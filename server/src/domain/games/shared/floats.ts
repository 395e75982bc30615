/**
 * Bytes to floats exactly as FAIRNESS.md says. Pure (no node: imports) so the browser's verifier and the UI use
 * the same code as the server: the server computes the HMAC with node:crypto, the browser with Web Crypto.
 */

/** How many floats one HMAC-SHA256 digest (32 bytes) yields. */
export const FLOATS_PER_ROUND = 8;

/** Gives the first `count` floats of a bet; a game asks once for all it needs. */
export type FloatSource = (count: number) => Promise<number[]> | number[];

/** HMAC_SHA256(key, message) as raw bytes; node:crypto on the server, crypto.subtle in the browser. */
export type HmacSha256 = (key: string, message: string) => Uint8Array;
export type HmacSha256Async = (key: string, message: string) => Promise<Uint8Array>;

export interface SeedInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** The HMAC message of one round: `${clientSeed}:${nonce}:${round}`. */
export function roundMessage(clientSeed: string, nonce: number, round: number): string {
  return `${clientSeed}:${nonce}:${round}`;
}

/** f = b0/256 + b1/256^2 + b2/256^3 + b3/256^4 for each 4-byte group, evaluated left to right in doubles. */
export function floatsFromDigest(bytes: Uint8Array, count: number = FLOATS_PER_ROUND): number[] {
  const floats: number[] = [];
  const n = Math.min(count, Math.floor(bytes.length / 4));
  for (let i = 0; i < n; i += 1) {
    const o = i * 4;
    floats.push(bytes[o]! / 256 + bytes[o + 1]! / 256 ** 2 + bytes[o + 2]! / 256 ** 3 + bytes[o + 3]! / 256 ** 4);
  }
  return floats;
}

/** The first `count` floats of a bet, with a synchronous HMAC. */
export function floatsFromSeeds(hmac: HmacSha256, seeds: SeedInput, count: number): number[] {
  const floats: number[] = [];
  for (let round = 0; floats.length < count; round += 1) {
    const digest = hmac(seeds.serverSeed, roundMessage(seeds.clientSeed, seeds.nonce, round));
    floats.push(...floatsFromDigest(digest, Math.min(FLOATS_PER_ROUND, count - floats.length)));
  }
  return floats;
}

/** The first `count` floats of a bet, with an asynchronous HMAC (Web Crypto). */
export async function floatsFromSeedsAsync(hmac: HmacSha256Async, seeds: SeedInput, count: number): Promise<number[]> {
  const floats: number[] = [];
  for (let round = 0; floats.length < count; round += 1) {
    const digest = await hmac(seeds.serverSeed, roundMessage(seeds.clientSeed, seeds.nonce, round));
    floats.push(...floatsFromDigest(digest, Math.min(FLOATS_PER_ROUND, count - floats.length)));
  }
  return floats;
}

/** Shuffle-style pick without replacement: for k, idx = floor(f_k * remaining), splice. Used by mines and keno. */
export function drawWithoutReplacement<T>(pool: readonly T[], floats: readonly number[], count: number): T[] {
  const remaining = [...pool];
  const drawn: T[] = [];
  for (let k = 0; k < count; k += 1) {
    const idx = Math.floor(floats[k]! * remaining.length);
    drawn.push(remaining.splice(idx, 1)[0]!);
  }
  return drawn;
}
