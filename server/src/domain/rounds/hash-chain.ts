import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * A round game's hash chain (FAIRNESS.md "Round games"): a secret seed h[N], h[i-1] = SHA-256(hex h[i]) down to the
 * published terminal hash h[0]; round n uses h[n]. A chain of millions of hashes is never held whole: it is built once
 * and only every K-th hash (a checkpoint) is kept, so h[n] is recomputed forward from the nearest checkpoint above n in
 * at most K - 1 hashes (docs/architecture.md "Round games").
 */

export const sha256Hex = (hex: string) => createHash('sha256').update(hex).digest('hex');

/** The round value H = HMAC_SHA256(key = salt, message = hex h[n]). */
export const roundValue = (salt: string, hash: string) => createHmac('sha256', salt).update(hash).digest('hex');

/** Does `hash` (h[n]) hash to `previous` (h[n-1])? */
export const linksTo = (hash: string, previous: string) => sha256Hex(hash) === previous;

export interface BuiltChain {
  terminalHash: string;
  /** Index -> hash for every multiple of `every` from 0 up, and the seed at `length`. */
  checkpoints: Map<number, string>;
}

/** Hashes between two yields to the event loop while a chain is built in the background (a few milliseconds). */
const HASHES_PER_SLICE = 5_000;

/** Walks the whole chain once from its seed, keeping only the checkpoints (memory O(N / K)); pauses every slice. */
function* walkChain(length: number, every: number, seed: string): Generator<void, BuiltChain> {
  if (!Number.isInteger(length) || length < 1) throw new RangeError('chain length must be a positive integer');
  if (!Number.isInteger(every) || every < 1) throw new RangeError('checkpoint interval must be a positive integer');
  const checkpoints = new Map<number, string>([[length, seed]]);
  let hash = seed;
  for (let i = length - 1; i >= 0; i -= 1) {
    hash = sha256Hex(hash);
    if (i % every === 0) checkpoints.set(i, hash);
    if (i % HASHES_PER_SLICE === 0) yield;
  }
  return { terminalHash: hash, checkpoints };
}

export function buildChain(length: number, every: number, seed: string = randomBytes(32).toString('hex')): BuiltChain {
  const walk = walkChain(length, every, seed);
  for (;;) {
    const step = walk.next();
    if (step.done) return step.value;
  }
}

/**
 * The same chain built without holding the event loop: a million hashes take seconds, and a worker building one chain
 * must still renew the other round games' leases and serve its connection pool.
 */
export async function buildChainInBackground(
  length: number,
  every: number,
  seed: string = randomBytes(32).toString('hex'),
): Promise<BuiltChain> {
  const walk = walkChain(length, every, seed);
  for (;;) {
    const step = walk.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The index of the checkpoint h[n] is recomputed from: the next multiple of `every` at or above n, or the seed. */
export function checkpointAbove(n: number, length: number, every: number): number {
  return Math.min(length, Math.ceil(n / every) * every);
}

/** h[n] from the checkpoint h[from] (from >= n): hashing forward from - n times. */
export function hashDownTo(from: number, fromHash: string, n: number): string {
  let hash = fromHash;
  for (let i = from; i > n; i -= 1) hash = sha256Hex(hash);
  return hash;
}
