import argon2 from 'argon2';

/** The argon2id cost a hasher hashes with (and rehashes digests made with another). */
export interface Argon2Cost {
  memoryKib: number;
  timeCost: number;
  parallelism: number;
}

/**
 * The hashing itself, shared by the inline hasher and the hashing child (password-hash-process.ts), so
 * both produce the same digests and a digest made by one verifies in the other.
 */
export function hashPassword(cost: Argon2Cost, password: string): Promise<string> {
  return argon2.hash(password, {
    type: argon2.argon2id,
    memoryCost: cost.memoryKib,
    timeCost: cost.timeCost,
    parallelism: cost.parallelism,
  });
}

export async function verifyPassword(digest: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(digest, password);
  } catch {
    // A malformed stored digest verifies nothing.
    return false;
  }
}

export function needsRehash(cost: Argon2Cost, digest: string): boolean {
  try {
    return argon2.needsRehash(digest, {
      memoryCost: cost.memoryKib,
      timeCost: cost.timeCost,
      parallelism: cost.parallelism,
    });
  } catch {
    return true;
  }
}

/** One request to the hashing child, answered by a reply with the same id. */
export type HashRequest =
  { id: number; op: 'hash'; password: string } | { id: number; op: 'verify'; digest: string; password: string };
export type HashReply = { id: number; value: string | boolean } | { id: number; error: string } | { ready: true };
