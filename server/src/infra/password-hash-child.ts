import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { passwordHashingUnavailable } from '../domain/auth/auth.ports.js';
import type { Argon2Cost, HashReply, HashRequest } from './password-hash-work.js';

export interface HashChildSettings {
  cost: Argon2Cost;
  /** A request not answered within this long fails with 503 and the child is replaced. */
  timeoutMs: number;
  /**
   * A child not ready within this long is replaced (its waiting requests fail with 503). Default: timeoutMs, and at
   * least 10 s: loading the child's modules is not hashing work, and on a busy machine it took over a second, which a
   * short request timeout (the tests' 1 s) then turned into a refused sign-in after every replacement.
   */
  startTimeoutMs?: number;
  /** The wait before starting a child again after one died: doubles per death in a row, up to 5 s. */
  restartDelayMs?: number;
}

interface Pending {
  resolve(value: string | boolean): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

const LOWEST_PRIORITY = 19;
const MAX_RESTART_DELAY_MS = 5_000;
const MIN_START_TIMEOUT_MS = 10_000;

/** The child's module next to this one: .ts under tsx/vitest (then it needs the tsx loader too), .js when built. */
function childEntry(): { modulePath: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const extension = path.extname(here);
  const modulePath = path.join(path.dirname(here), `password-hash-process${extension}`);
  // Not the parent's execArgv: an --inspect port or a heap limit meant for the server must not be reused.
  const execArgv =
    extension === '.ts' ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];
  return { modulePath, execArgv };
}

/**
 * The server's side of the hashing child (password-hash-process.ts): started on the first request, at
 * nice 19, answered by request id. When the child dies, its requests fail with 503 at once and the next
 * request starts a new child (after a backoff when it keeps dying); a request that takes longer than
 * `timeoutMs` fails with 503 and the child is replaced, so hashing work stays bounded.
 */
export class PasswordHashChild {
  private child: ChildProcess | null = null;
  private starting: Promise<ChildProcess> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private deathsInARow = 0;
  private restartAt = 0;
  private priorityWarned = false;

  constructor(private readonly settings: HashChildSettings) {}

  /** The running child's pid (tests and diagnostics). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  hash(password: string): Promise<string> {
    return this.request({ op: 'hash', password }) as Promise<string>;
  }

  verify(digest: string, password: string): Promise<boolean> {
    return this.request({ op: 'verify', digest, password }) as Promise<boolean>;
  }

  /** Kills the child; its requests fail with 503. Used at shutdown; a later request starts a new child. */
  async stop(): Promise<void> {
    // A child still starting is killed too; one waiting out a restart backoff has no process yet.
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.retire(child, null);
    await exited;
  }

  private async request(
    body: { op: 'hash'; password: string } | { op: 'verify'; digest: string; password: string },
  ): Promise<string | boolean> {
    const child = await this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        // Its argon2 call cannot be cancelled: replace the child rather than let abandoned hashes pile up.
        this.retire(child, `a request took longer than ${this.settings.timeoutMs} ms`);
      }, this.settings.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.holdProcessOpen(child);
      child.send({ id, ...body } satisfies HashRequest, (error) => {
        if (error) this.settle(id, { error: passwordHashingUnavailable() });
      });
    });
  }

  private start(): Promise<ChildProcess> {
    this.starting ??= this.spawn();
    return this.starting;
  }

  private async spawn(): Promise<ChildProcess> {
    const wait = this.restartAt - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const { modulePath, execArgv } = childEntry();
    const child = fork(modulePath, [JSON.stringify(this.settings.cost)], { execArgv, serialization: 'json' });
    this.child = child;
    return new Promise((resolve, reject) => {
      const startTimeoutMs = this.settings.startTimeoutMs ?? Math.max(this.settings.timeoutMs, MIN_START_TIMEOUT_MS);
      const startTimer = setTimeout(
        () => this.retire(child, `not started within ${startTimeoutMs} ms`),
        startTimeoutMs,
      );
      child.on('message', (reply: HashReply) => {
        if ('ready' in reply) {
          clearTimeout(startTimer);
          // Only now: a child lowered at fork loads its modules at nice 19 too, which on a busy machine took longer
          // than the start deadline, and every sign-in got 503 meanwhile. Its threads lowered themselves before ready.
          this.lowerPriority(child);
          this.holdProcessOpen(child);
          resolve(child);
        } else if ('error' in reply)
          this.settle(reply.id, { error: new Error(`password hashing failed: ${reply.error}`) });
        else {
          this.deathsInARow = 0;
          this.settle(reply.id, { value: reply.value });
        }
      });
      // 'error' without 'exit' when the process could not be started at all.
      const gone = (why: string) => {
        clearTimeout(startTimer);
        reject(passwordHashingUnavailable());
        this.retire(child, why);
      };
      child.once('exit', (code, signal) => gone(`exit code ${code}, signal ${signal}`));
      child.once('error', (error) => gone(error.message));
    });
  }

  private lowerPriority(child: ChildProcess): void {
    try {
      if (child.pid !== undefined) os.setPriority(child.pid, LOWEST_PRIORITY);
    } catch (error) {
      if (!this.priorityWarned) {
        this.priorityWarned = true;
        process.emitWarning(
          `could not lower the password hashing process's priority, it hashes at normal priority: ${(error as Error).message}`,
        );
      }
    }
  }

  /**
   * Detaches the child at once (its requests fail with 503, the next request starts another) and kills it.
   * `why` is null for a shutdown, which neither warns nor delays the next start.
   */
  private retire(child: ChildProcess, why: string | null): void {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (this.child !== child) return;
    this.child = null;
    this.starting = null;
    if (why !== null) {
      this.deathsInARow += 1;
      const delay = Math.min(
        MAX_RESTART_DELAY_MS,
        (this.settings.restartDelayMs ?? 100) * 2 ** (this.deathsInARow - 1),
      );
      this.restartAt = Date.now() + delay;
      process.emitWarning(`the password hashing process ended (${why}); a new one starts with the next sign-in`);
    }
    for (const id of [...this.pending.keys()]) this.settle(id, { error: passwordHashingUnavailable() });
  }

  private settle(id: number, outcome: { value: string | boolean } | { error: Error }): void {
    const request = this.pending.get(id);
    if (!request) return;
    this.pending.delete(id);
    clearTimeout(request.timer);
    if ('error' in outcome) request.reject(outcome.error);
    else request.resolve(outcome.value);
    if (this.child) this.holdProcessOpen(this.child);
  }

  /** An idle child must not keep its parent alive (a CLI, a test): the IPC channel holds it open only while a request waits. */
  private holdProcessOpen(child: ChildProcess): void {
    child.unref();
    if (this.pending.size > 0) child.channel?.ref();
    else child.channel?.unref();
  }
}
