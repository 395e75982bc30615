import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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

  /** The client build is skipped (SKIP_CLIENT_BUILD=1): these tests are about the server side. */
  async launch(extraEnv: Record<string, string>, at: { dataDir?: string; port?: number } = {}): Promise<Launched> {
    const dataDir = at.dataDir ?? (await this.dataDir());
    const port = at.port ?? (await freePort());
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
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
    for (const child of this.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([Promise.all(this.children.map(exited)), new Promise((resolve) => setTimeout(resolve, 20_000))]);
    await Promise.all(this.dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}
