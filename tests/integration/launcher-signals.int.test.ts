import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { http, newAccount } from '../support/auth.js';
import { CONCURRENCY_PLATFORM_ENV } from '../support/concurrency-cases.js';
import {
  descendantPid,
  descendants,
  exited,
  isAlive,
  LaunchTracker,
  postmasterPid,
  statusOf,
  type Launched,
} from '../support/launcher.js';
import { TEST_REDIS_URL } from '../support/services.js';

/**
 * `npm start` as a terminal or a process manager runs it: npm -> sh -c -> the tsx CLI -> the
 * launcher -> server, worker and the embedded PostgreSQL. Whatever ends the process a person or a
 * process manager holds (the npm pid) ends the whole platform, cleanly: PostgreSQL has shut down
 * (no lock file left) and the port is free.
 */
const launches = new LaunchTracker();
const ENV = { ...CONCURRENCY_PLATFORM_ENV, NODE_ENV: 'test', REDIS_URL: TEST_REDIS_URL };
const run = promisify(execFile);

afterAll(() => launches.cleanup(), 60_000);

async function startedViaNpm(): Promise<{ app: Launched; platform: number[] }> {
  const app = await launches.launch(ENV, { via: 'npm' });
  await expect.poll(() => statusOf(app.url), { timeout: 150_000, interval: 250, message: app.output() }).toBe(200);
  const tree = descendants(app.child.pid!);
  const launcher = tree.filter((row) => row.cmdline.includes('scripts/start.ts')).at(-1)!.pid;
  // The launcher, its children and PostgreSQL are all below npm; every one of them must end.
  expect([descendantPid(launcher, 'server/src/main.ts'), descendantPid(launcher, 'worker/src/main.ts')]).not.toContain(
    undefined,
  );
  expect(tree.map((row) => row.pid)).toContain(postmasterPid(app.dataDir));
  const platform = tree.map((row) => row.pid);
  return { app, platform };
}

async function expectStoppedCleanly(app: Launched, platform: number[], signalledAt: number): Promise<void> {
  await expect
    .poll(() => platform.filter(isAlive), { timeout: 40_000, interval: 250, message: app.output() })
    .toEqual([]);
  console.log(`${platform.length} processes of npm start gone ${Date.now() - signalledAt} ms after the signal`);
  // A fast shutdown removes the lock file; a postgres killed or left running would leave it.
  expect(postmasterPid(app.dataDir)).toBeUndefined();
  expect(existsSync(path.join(app.dataDir, 'postgres.host'))).toBe(false);
  expect(await statusOf(app.url, 2_000)).toBe(0);
}

describe('npm start ends with the process that runs it', () => {
  it('SIGTERM to the npm pid stops the launcher, the server, the worker and PostgreSQL', async () => {
    const { app, platform } = await startedViaNpm();
    // On this first start the server and the worker read the same development keys, so a deposit
    // signed with the file's webhook secret (as the CLI does) is accepted by the server.
    const account = newAccount();
    expect((await http(app.url, 'POST', '/api/auth/register', account)).status).toBe(201);
    const cliEnv = {
      ...process.env,
      ...ENV,
      DATABASE_URL: '',
      DATA_DIR: app.dataDir,
      PUBLIC_URL: app.url,
      LOG_LEVEL: 'silent',
    };
    const deposit = await run(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli.ts', 'deposit:simulate', account.username, '5', 'USD'],
      { env: cliEnv },
    );
    expect(deposit.stdout).toContain('"credited":true');

    process.kill(app.child.pid!, 'SIGTERM');
    const signalledAt = Date.now();
    await exited(app.child);
    await expectStoppedCleanly(app, platform, signalledAt);
  }, 240_000);

  it('SIGKILL to the npm pid stops them too', async () => {
    const { app, platform } = await startedViaNpm();
    process.kill(app.child.pid!, 'SIGKILL');
    await expectStoppedCleanly(app, platform, Date.now());
    expect(app.output()).toContain('The process that started the platform has ended; stopping the platform.');
  }, 240_000);
});
