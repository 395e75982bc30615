/**
 * Text summary of a V8 CPU profile (what `BENCH_CPU_PROF=<dir> npm run bench -- <name>` writes for the server
 * process): the functions with the most self time, and the same grouped by package / source folder, so a before
 * and after can be compared in a note without a flame-graph viewer.
 *
 *   npx tsx load-tests/bench/profile-summary.ts <file.cpuprofile> [--top 25]
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame comes from: an npm package, a folder of ours, node itself, or V8's pseudo-frames. */
export function origin(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'anonymous'})`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const ours = /\/(server|worker|db|load-tests)\/(?:src\/)?([^/]+)/.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url;
}

export function summarise(profile: Profile, top: number): string {
  // Self time per node from the sample deltas (more exact than hitCount x interval).
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFunction = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (us === 0) continue;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*\/(node_modules\/|server\/|load-tests\/|db\/)/, '$1');
    const key = `${functionName || '(anonymous)'}  ${file}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const where = origin(url, functionName);
    byOrigin.set(where, (byOrigin.get(where) ?? 0) + us);
  }
  const table = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([name, us]) =>
          `${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`,
      )
      .join('\n');
  return `total sampled ${(total / 1000).toFixed(0)} ms\n\nself time by function\n${table(byFunction)}\n\nself time by origin\n${table(byOrigin)}\n`;
}

if (process.argv[1]?.endsWith('profile-summary.ts')) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: profile-summary.ts <file.cpuprofile> [--top 25]');
    process.exit(1);
  }
  const topIndex = process.argv.indexOf('--top');
  const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 25;
  console.log(summarise(JSON.parse(await readFile(file, 'utf8')) as Profile, top));
}
