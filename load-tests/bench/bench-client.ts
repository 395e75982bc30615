/**
 * The load-generator half's common part of the benches that fork a server process (servers on one core, the
 * load here on the other): command-line options, the median, autocannon, and the forked server with its IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The part of autocannon's result the benches read. */
export interface AutocannonResult {
  requests: { average: number; sent: number };
  latency: { p99: number; p50: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
}
export interface RequestSpec {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}
/**
 * Either `duration` seconds or `amount` requests. `sampleInt` (ms, default 1000) is also how often autocannon checks
 * whether an `amount` run is done: its reported duration is rounded up to that step.
 */
type Autocannon = (options: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  sampleInt?: number;
  /** Requests per second over all connections (an open-loop load instead of as fast as possible). */
  overallRate?: number;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  requests?: { setupRequest: (request: RequestSpec) => RequestSpec }[];
}) => Promise<AutocannonResult>;
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export function option(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** node options for a forked server process: with BENCH_CPU_PROF=<dir>, a V8 CPU profile of it is written there. */
export function profileArgs(): string[] {
  return process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
}

export interface ServerProcess<Ready> {
  ready: Ready;
  /** Sends a command and resolves with the server's next message. */
  ask<Answer>(message: { cmd: string }): Promise<Answer>;
  /** { cmd: 'stop' }, then waits for the process to exit. */
  stop(): Promise<void>;
}

/**
 * Forks `<name>.server.ts` beside this file and waits for its ready message. BENCH_CPU_PROF=<dir> writes a V8 CPU
 * profile of the server process there (where does a request's time go?).
 */
export async function forkServer<Ready>(name: string): Promise<ServerProcess<Ready>> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const child: ChildProcess = fork(path.join(here, `${name}.server.ts`), [], {
    execArgv: ['--import', 'tsx', ...profileArgs()],
    stdio: 'inherit',
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`bench server exited with ${code}`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        resolve(message as T);
      });
    });
  const ready = await next<Ready>();
  return {
    ready,
    ask: <Answer>(message: { cmd: string }) => {
      const answer = next<Answer>();
      child.send(message);
      return answer;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ cmd: 'stop' });
      await exited;
    },
  };
}
