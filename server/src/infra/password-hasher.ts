import { tooManySignIns, type PasswordHasher } from '../domain/auth/auth.ports.js';
import { PasswordHashChild } from './password-hash-child.js';
import { hashPassword, needsRehash, verifyPassword, type Argon2Cost } from './password-hash-work.js';

export interface Argon2Settings extends Argon2Cost {
  /** Hashes computed at once (in the hashing child: requests in flight to it); the rest wait in line (argon2 holds memoryKib per hash). */
  concurrency: number;
  /** Callers waiting beyond this many are turned away at once with 503 (tooManySignIns) instead of queueing (default 32). */
  maxWaiting?: number;
  /**
   * Where the hashes run: 'child' in a separate process at the lowest CPU priority (the server: a burst
   * of sign-ins must not slow its event loop), 'inline' on this process's thread pool (default: tools
   * and tests that hash in bulk).
   */
  process?: 'child' | 'inline';
  /** 'child' only: a hash not answered within this long fails with 503 and the child is replaced (default 10 s). */
  timeoutMs?: number;
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

/** argon2id with the configured cost; never more than `concurrency` hashes in flight; sign-ins are turned away while `maxWaiting` wait. */
export function createArgon2Hasher(settings: Argon2Settings): PasswordHasher & {
  semaphore: Semaphore;
  hasRoom(): boolean;
  turnAwayIfFull(): void;
  child: PasswordHashChild | null;
} {
  const semaphore = new Semaphore(settings.concurrency);
  const maxWaiting = settings.maxWaiting ?? 32;
  const cost: Argon2Cost = {
    memoryKib: settings.memoryKib,
    timeCost: settings.timeCost,
    parallelism: settings.parallelism,
  };
  const child =
    settings.process === 'child' ? new PasswordHashChild({ cost, timeoutMs: settings.timeoutMs ?? 10_000 }) : null;
  const observe = () => {
    passwordHashLine.running = semaphore.inFlight;
    passwordHashLine.waiting = semaphore.queued;
  };
  const hasRoom = () => semaphore.inFlight < settings.concurrency || semaphore.queued < maxWaiting;
  // Only logins are turned away (anonymous, and what a burst is made of): before any other work of theirs and again
  // at their hash, since many may pass the first check before any of them reaches the line. A registration (limited
  // per address) or a signed-in player's password re-check (a withdrawal, the vault) waits its turn.
  const turnAwayIfFull = () => {
    if (hasRoom()) return;
    passwordHashLine.refused += 1;
    throw tooManySignIns();
  };
  const inLine = async <T>(task: () => Promise<T>, signIn = false): Promise<T> => {
    if (signIn) turnAwayIfFull();
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
    turnAwayIfFull,
    child,
    hash: (password) => inLine(() => (child ? child.hash(password) : hashPassword(cost, password))),
    verify: (digest, password, options) =>
      inLine(() => (child ? child.verify(digest, password) : verifyPassword(digest, password)), options?.signIn),
    needsRehash: (digest) => needsRehash(cost, digest),
  };
}
