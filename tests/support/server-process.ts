import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Env } from '../../server/src/env.js';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * A second, separate server process (the production entry point, server/src/main.ts) sharing the
 * first one's Postgres database and Redis prefix: what a scaled-out deployment looks like.
 */
export async function startServerProcess(shared: Env, extra: Record<string, string> = {}): Promise<ServerProcess> {
  const { child, match } = await spawnEntry(
    'server/src/main.ts',
    /Server listening on (http:\/\/[^"\s]+)/,
    shared,
    extra,
  );
  return { url: match[1]!, child, stop: () => stopChild(child) };
}

/** The worker's production entry point (worker/src/main.ts) on the same database, Redis and prefix. */
export async function startWorkerProcess(
  shared: Env,
  extra: Record<string, string> = {},
): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const { child } = await spawnEntry('worker/src/main.ts', /Worker started/, shared, extra);
  return { child, stop: () => stopChild(child) };
}

async function spawnEntry(
  entry: string,
  ready: RegExp,
  shared: Env,
  extra: Record<string, string>,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(path.resolve('node_modules/.bin/tsx'), [entry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: shared.dataDir,
      DATABASE_URL: shared.DATABASE_URL,
      REDIS_URL: shared.REDIS_URL,
      REDIS_PREFIX: shared.redisPrefix,
      LOG_LEVEL: 'info',
      CLIENT_DIST_DIR: shared.CLIENT_DIST_DIR,
      // As in startTestPlatform: every test request comes from 127.0.0.1.
      RATE_LIMIT_ANONYMOUS_CALLS: '100000/60',
      // Likewise one account's calls (a test may place thousands of bets), and tests pose as other addresses with
      // X-Forwarded-For (support/auth.ts), as a proxy on this machine would: trusted only here.
      RATE_LIMIT_ACCOUNT_CALLS: '1000000/60',
      TRUST_PROXY: 'loopback',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start: ${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code}: ${output}`));
    });
  });
  return { child, match };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
