import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { descendants, isAlive } from '../support/launcher.js';

/**
 * Issue 45, point 8: the reference studio as a newcomer runs it, `npm run provider:reference` (npm -> sh -c -> the tsx
 * CLI -> node). A SIGTERM to the npm pid, what a terminal's process manager sends, reaches only the shell; the studio
 * must notice that and stop listening. Without PLATFORM_URL it calls the platform where `npm start` listens (5001).
 */
const started: number[] = [];
/** The studio's /health status, 0 when nothing answers. */
const healthOf = (url: string) =>
  fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.status,
    () => 0,
  );

afterAll(() => {
  for (const pid of started) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});

function runViaNpm(): { child: ChildProcess; listening: Promise<string> } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    REFERENCE_PROVIDER_SECRET: 'reference-process-test-secret',
    REFERENCE_PROVIDER_PORT: '0',
  };
  delete env.PLATFORM_URL;
  const child = spawn('npm', ['run', 'provider:reference'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child.pid!);
  let out = '';
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = /reference provider listening on .*/.exec(out);
      if (line) resolve(line[0]);
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`npm exited with ${code}: ${out}`)));
  });
  return { child, listening };
}

describe('npm run provider:reference', () => {
  it('calls the platform at its default port and stops, children and all, on a SIGTERM to npm', async () => {
    const { child, listening } = runViaNpm();
    const line = await listening;
    expect(line).toContain('(wallet http://localhost:5001/api/providers/reference)');
    const url = /listening on (http:\/\/\S+)/.exec(line)![1]!;
    expect(await healthOf(url)).toBe(200);
    const tree = descendants(child.pid!).map((row) => row.pid);
    started.push(...tree);
    expect(tree.length).toBeGreaterThanOrEqual(2);

    process.kill(child.pid!, 'SIGTERM');
    await expect.poll(() => tree.filter(isAlive), { timeout: 10_000, interval: 200 }).toEqual([]);
    expect(await healthOf(url)).toBe(0);
  }, 60_000);
});
