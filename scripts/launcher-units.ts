import { spawn, type ChildProcess } from 'node:child_process';
import { startEmbeddedPostgres } from '../db/embedded.js';
import type { Running, Unit } from './supervisor.js';

/** The launcher's children, as units the supervisor starts and restarts. */

export const POSTGRES = 'postgres';
/** A child that has not drained within this long after SIGTERM is killed. */
const STOP_GRACE_MS = 15_000;

function exitOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode ?? `code ${child.exitCode}`);
    else child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`));
  });
}

/**
 * How a child is asked to stop: server and worker drain when their stdin pipe closes (the same
 * path as when the launcher dies), so a Ctrl-C that already reached them with SIGINT is not
 * followed by a second signal, which would cut their drain short.
 */
type StopBy = 'stdin' | 'SIGTERM';

function running(child: ChildProcess, stopBy: StopBy): Running {
  const exited = exitOf(child);
  return {
    pid: child.pid!,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (stopBy === 'stdin') child.stdin!.end();
      else child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * A command whose stdin is a pipe only the launcher holds. `env` is read at each start: the launcher adds variables
 * (REDIS_URL, EVM_NETWORKS) once it has chosen them, after the units are made.
 */
export function childUnit(
  name: string,
  command: string,
  args: string[],
  env: () => NodeJS.ProcessEnv,
  stopBy: StopBy = 'SIGTERM',
): Unit {
  return {
    name,
    start: () =>
      new Promise((resolve, reject) => {
        const child = spawn(command, args, { env: env(), stdio: ['pipe', 'inherit', 'inherit'] });
        child.once('error', reject);
        child.once('spawn', () => resolve(running(child, stopBy)));
      }),
  };
}

/** A TypeScript entry point of ours run by this Node with tsx; it drains and exits when its stdin closes (infra/shutdown.ts). */
export function nodeChildUnit(name: string, args: string[], env: () => NodeJS.ProcessEnv): Unit {
  return childUnit(name, process.execPath, ['--import', 'tsx', ...args], env, 'stdin');
}

/** The embedded PostgreSQL server of DATA_DIR (db/embedded.ts); each start runs its crash recovery. */
export function embeddedPostgresUnit(dataDir: string): Unit {
  return {
    name: POSTGRES,
    async start() {
      const server = await startEmbeddedPostgres(dataDir);
      return { pid: server.pid, exited: server.exited, stop: () => server.stop() };
    },
  };
}
