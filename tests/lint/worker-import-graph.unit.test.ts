import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The HTTP stack: packages and server folders the worker process must never load. */
const HTTP_PACKAGES = /^(express|ws|@trpc\/server|helmet|pino-http)(\/|$)/;
const HTTP_FILES =
  /^server\/src\/(trpc|rest|realtime|http)\/|^server\/src\/(app|server|bootstrap|main)\.ts$|^server\/src\/composition\/server\.ts$/;

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}

/** Every module reachable from `entry` by static imports and re-exports (type-only ones too): our files and the packages. */
function importGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [path.resolve(entry)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const { fileName: specifier } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!specifier.startsWith('.')) {
        if (!specifier.startsWith('node:')) packages.add(specifier);
        continue;
      }
      const resolved = resolveLocal(file, specifier);
      if (!resolved) throw new Error(`${path.relative('.', file)} imports ${specifier}, which does not resolve`);
      pending.push(resolved);
    }
  }
  return {
    files: [...files].map((file) => path.relative('.', file).split(path.sep).join('/')).sort(),
    packages: [...packages].sort(),
  };
}

describe("the worker's import graph", () => {
  it('reaches the services and the queues but none of the HTTP stack', () => {
    const { files, packages } = importGraph('worker/src/main.ts');
    expect(files).toContain('server/src/composition/index.ts');
    expect(files).toContain('server/src/infrastructure.ts');
    expect(packages).toContain('bullmq');
    expect(files.filter((file) => HTTP_FILES.test(file))).toEqual([]);
    expect(packages.filter((name) => HTTP_PACKAGES.test(name))).toEqual([]);
  });

  it('sees the HTTP stack from the server entry point (so the check can fail)', () => {
    const { files, packages } = importGraph('server/src/main.ts');
    expect(files).toContain('server/src/realtime/live-feed.service.ts');
    expect(packages).toEqual(expect.arrayContaining(['express', 'ws', '@trpc/server']));
  });
});
