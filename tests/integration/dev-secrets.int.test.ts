import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * On the first start of a fresh DATA_DIR, several processes (server, worker, CLI) load the
 * development keys at the same moment. Each must end up with the same keys as the file holds, or
 * deposits signed with one are refused by the other ("Invalid webhook signature").
 */
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

const PROCESSES = 6;

/** One loader process: resolves `ready` once its modules are loaded, then `start(at)` lets it load the keys at `at`. */
function loader(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/load-dev-secrets.ts', dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let stdout = '';
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (stdout.startsWith('ready\n')) markReady();
  });
  const done = new Promise<string>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(stdout.slice('ready\n'.length).trim())
        : reject(new Error(`loader exited with ${code}: ${stdout}`)),
    ),
  );
  return { ready, done, start: (at: number) => child.stdin.end(`${at}\n`) };
}
const ROUNDS = 3;

describe('development keys under a fresh DATA_DIR', () => {
  it(`${PROCESSES} processes loading them at the same instant all get the keys the files hold`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bzu-secrets-'));
      dirs.push(dataDir);
      // Every process has loaded its modules (tsx compiles them) before any is given the instant to load the keys at.
      const loaders = Array.from({ length: PROCESSES }, () => loader(dataDir));
      await Promise.all(loaders.map((one) => one.ready));
      const startAt = Date.now() + 100;
      for (const one of loaders) one.start(startAt);
      const outputs = await Promise.all(loaders.map((one) => one.done));
      const seen = outputs.map(
        (stdout) => JSON.parse(stdout) as { xpub: string; webhookSecret: string; twoFactor: string },
      );
      const wallet = JSON.parse(await readFile(path.join(dataDir, 'wallet-dev-keys.json'), 'utf8')) as {
        xpub: string;
        webhookSecret: string;
      };
      const twoFactor = (await readFile(path.join(dataDir, 'two-factor-dev-key'), 'utf8')).trim();
      expect(seen, `round ${round}`).toEqual(
        Array(PROCESSES).fill({ xpub: wallet.xpub, webhookSecret: wallet.webhookSecret, twoFactor }),
      );
      // No scratch files are left behind.
      expect((await readdir(dataDir)).sort()).toEqual(['two-factor-dev-key', 'wallet-dev-keys.json']);
    }
  }, 180_000);

  it('a damaged key file is never replaced: the load stops with a message naming the file', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bzu-secrets-'));
    dirs.push(dataDir);
    const file = path.join(dataDir, 'wallet-dev-keys.json');
    await writeFile(file, '{"xpub": "xpub661');
    const failed = await run(process.execPath, [
      '--import',
      'tsx',
      'tests/fixtures/load-dev-secrets.ts',
      dataDir,
      '0',
    ]).catch((error: { stderr: string }) => error);
    expect((failed as { stderr: string }).stderr).toContain(`${file} is damaged (it is never overwritten)`);
    expect(await readFile(file, 'utf8')).toBe('{"xpub": "xpub661');
  }, 60_000);
});
