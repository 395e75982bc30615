import argon2 from 'argon2';
import { tooManySignIns, type PasswordHasher } from '../domain/auth/auth.ports.js';

export interface Argon2Settings {
  memoryKib: number;
  timeCost: number;
  parallelism: number;
  /** Hashes computed at once; the rest wait in line (argon2 holds memoryKib per hash). */
  concurrency: number;
  /** Callers waiting beyond this many are turned away at once with 503 (tooManySignIns) instead of queueing (default 32). */
  maxWaiting?: number;
}

/** A counting semaphore: at most `limit` tasks run at once, the others wait in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  get inFlight(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` never exceeds the limit.
      if (next) next();
      else this.active -= 1;
    }
  }
}

/**
 * The process's sign-in line, read by /metrics (infra/metrics.ts): hashes running and waiting, and
 * how many callers were turned away because the line was full. One hasher serves a process.
 */
export const passwordHashLine = { running: 0, waiting: 0, refused: 0 };

/** argon2id with the configured cost; never more than `concurrency` hashes in flight, at most `maxWaiting` waiting. */
export function createArgon2Hasher(settings: Argon2Settings): PasswordHasher & { semaphore: Semaphore; hasRoom(): boolean; admit(): void } {
  const semaphore = new Semaphore(settings.concurrency);
  const maxWaiting = settings.maxWaiting ?? 32;
  const options = {
    type: argon2.argon2id,
    memoryCost: settings.memoryKib,
    timeCost: settings.timeCost,
    parallelism: settings.parallelism,
  } as const;
  const observe = () => {
    passwordHashLine.running = semaphore.inFlight;
    passwordHashLine.waiting = semaphore.queued;
  };
  const hasRoom = () => semaphore.inFlight < settings.concurrency || semaphore.queued < maxWaiting;
  // Every refusal is counted here, whether a login is turned away up front or a hash finds the line full.
  const admit = () => {
    if (hasRoom()) return;
    passwordHashLine.refused += 1;
    throw tooManySignIns();
  };
  const guarded = async <T>(task: () => Promise<T>): Promise<T> => {
    admit();
    const done = semaphore.run(task);
    observe();
    try {
      return await done;
    } finally {
      // After the semaphore handed the slot on: the figures count the next caller as running.
      observe();
    }
  };
  return {
    semaphore,
    hasRoom,
    admit,
    hash: (password) => guarded(() => argon2.hash(password, options)),
    verify: (digest, password) =>
      guarded(async () => {
        try {
          return await argon2.verify(digest, password);
        } catch {
          // A malformed stored digest verifies nothing.
          return false;
        }
      }),
    needsRehash: (digest) => {
      try {
        return argon2.needsRehash(digest, { memoryCost: options.memoryCost, timeCost: options.timeCost, parallelism: options.parallelism });
      } catch {
        return true;
      }
    },
  };
}
