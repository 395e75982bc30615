import fs from 'node:fs';
import os from 'node:os';
import {
  hashPassword,
  verifyPassword,
  type Argon2Cost,
  type HashReply,
  type HashRequest,
} from './password-hash-work.js';

/**
 * The hashing child (forked by password-hash-child.ts): argon2 on its own thread pool, at the lowest CPU
 * priority, so a burst of sign-ins takes only the CPU nothing else wants instead of competing with the
 * server's event loop. Answers each request over IPC with its id; exits when its parent goes away.
 */
const cost = JSON.parse(process.argv[2] ?? '{}') as Argon2Cost;

/**
 * Once loaded, before saying ready: the modules load at normal priority (at nice 19 on a busy machine that
 * took longer than the parent's start deadline). Linux nice values are per thread and new threads inherit
 * their creator's, so every thread Node started is lowered; the argon2 threads (libuv's pool) start later
 * from the main thread and inherit nice 19. The parent lowers the process once more when ready (all
 * there is off Linux).
 */
function lowerEveryThread(): void {
  let threads: string[];
  try {
    threads = fs.readdirSync('/proc/self/task');
  } catch {
    return; // Not Linux: the process-wide priority set by the parent is all there is.
  }
  for (const tid of threads) {
    try {
      os.setPriority(Number(tid), 19);
    } catch {
      // The parent logs when lowering fails; hashing at normal priority still works.
    }
  }
}

// A closed channel means the parent is gone and 'disconnect' ends us: a reply that can no longer be
// delivered is dropped rather than crash the child with an unhandled 'error'.
const send = (reply: HashReply) => process.send?.(reply, undefined, undefined, () => undefined);

async function answer(request: HashRequest): Promise<void> {
  try {
    const value =
      request.op === 'hash'
        ? await hashPassword(cost, request.password)
        : await verifyPassword(request.digest, request.password);
    send({ id: request.id, value });
  } catch (error) {
    send({ id: request.id, error: (error as Error).message });
  }
}

lowerEveryThread();
process.on('message', (request: HashRequest) => void answer(request));
// The parent died or closed the channel (kill -9 included): no orphan keeps hashing for nobody. Not
// process.exit(): it joins libuv's pool, so it would wait for the hashes running there to end. The
// child holds nothing to flush.
process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
send({ ready: true });
