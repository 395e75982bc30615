import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { embeddedLayout } from '../../db/embedded.js';

/** `npm start` (tsx scripts/start.ts) as a new user runs it, with no DATABASE_URL: the embedded default. */

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function statusOf(url: string, timeoutMs = 5_000): Promise<number> {
  try {
    return (await fetch(`${url}/auth/status`, { signal: AbortSignal.timeout(timeoutMs) })).status;
  } catch {
    return 0;
  }
}

export function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** The embedded PostgreSQL's postmaster, from its lock file (gone after a clean shutdown). */
export function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(embeddedLayout(dataDir).pgData, 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function processTable(): { pid: number; ppid: number; cmdline: string }[] {
  const rows: { pid: number; ppid: number; cmdline: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      rows.push({
        pid: Number(entry),
        ppid,
        cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' '),
      });
    } catch {
      // exited while the table was read
    }
  }
  return rows;
}

/** Every live process below pid (children, their children, ...), with its command line. */
export function descendants(pid: number): { pid: number; cmdline: string }[] {
  const table = processTable();
  const found: { pid: number; cmdline: string }[] = [];
  let frontier = [pid];
  while (frontier.length > 0) {
    const next = table.filter((row) => frontier.includes(row.ppid));
    found.push(...next);
    frontier = next.map((row) => row.pid);
  }
  return found;
}

/** The pid of the one descendant whose command line contains `command` (e.g. "worker/src/main.ts"). */
export function descendantPid(pid: number, command: string): number | undefined {
  return descendants(pid).find((row) => row.cmdline.includes(command))?.pid;
}

export interface Launched {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output(): string;
}

/** Everything started and every folder made, for afterAll to clean up. */
export class LaunchTracker {
  readonly children: ChildProcess[] = [];
  readonly dirs: string[] = [];

  async dataDir(): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bzu-launch-'));
    this.dirs.push(dir);
    return dir;
  }

  /**
   * The client build is skipped (SKIP_CLIENT_BUILD=1): these tests are about the server side. The
   * launcher runs as this process's child, or `via: 'npm'` as a person runs it (npm -> sh -> tsx).
   */
  async launch(
    extraEnv: Record<string, string>,
    at: { dataDir?: string; port?: number; via?: 'npm' } = {},
  ): Promise<Launched> {
    const dataDir = at.dataDir ?? (await this.dataDir());
    const port = at.port ?? (await freePort());
    let output = '';
    const [command, args] =
      at.via === 'npm' ? ['npm', ['start']] : [process.execPath, ['--import', 'tsx', 'scripts/start.ts']];
    const child = spawn(command, args, {
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        SKIP_CLIENT_BUILD: '1',
        LOG_LEVEL: 'warn',
        WORKER_HEARTBEAT_MS: '500',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    this.children.push(child);
    return { url: `http://127.0.0.1:${port}`, port, dataDir, child, output: () => output };
  }

  async cleanup(): Promise<void> {
    const started = this.children.flatMap((child) => (child.pid ? descendants(child.pid) : []));
    for (const child of this.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([Promise.all(this.children.map(exited)), new Promise((resolve) => setTimeout(resolve, 20_000))]);
    // Whatever a failed test left running (a launcher that missed its wrapper's death) goes too.
    for (const { pid } of started) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    await Promise.all(this.dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}
