/** The browser benches' built client: dist/client, built first when missing or older than client/src. */
import { spawnSync } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Builds the client when dist/client is missing or older than the newest file under client/src. */
export async function ensureClientBuilt(): Promise<void> {
  const built = await stat(path.resolve('dist/client/index.html')).catch(() => undefined);
  const newest = await newestChange(path.resolve('client/src'));
  if (built && built.mtimeMs >= newest) return;
  console.log(built ? 'dist/client is older than client/src: npm run build' : 'no dist/client: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

async function newestChange(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}
