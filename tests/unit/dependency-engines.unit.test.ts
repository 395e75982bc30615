import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The README promises that `npm start` needs Node 20.19. A dependency whose `engines.node` refuses that version makes
 * `npm install` warn (or fail under engine-strict) on exactly the Node a player was told to install, so every package
 * the lockfile installs must accept the lowest Node the project's own `engines` allow.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const readJson = (path: string): unknown => JSON.parse(readFileSync(root + path, 'utf8'));

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}
const packageJson = readJson('package.json') as { engines: { node: string } };
const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };
const lowestNode = semver.minVersion(packageJson.engines.node);

/** Installed packages whose `engines.node` refuses `node`, as "path@version needs range". */
export function enginesRefusing(node: string, packages: Record<string, LockEntry>): string[] {
  const refusing: string[] = [];
  for (const [path, entry] of Object.entries(packages)) {
    // Old packages wrote engines as an array of strings; npm ignores that form, so does this check.
    const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    if (!path || !range) continue;
    if (!semver.satisfies(node, range, { includePrerelease: true })) {
      refusing.push(`${path}@${entry.version ?? '?'} needs node ${range}`);
    }
  }
  return refusing;
}

describe('dependency engines', () => {
  it('package.json names a lowest Node, and the README names the same one', () => {
    expect(lowestNode?.version).toMatch(/^\d+\.\d+\.\d+$/);
    const [major, minor] = lowestNode!.version.split('.');
    expect(readFileSync(root + 'README.md', 'utf8')).toContain(`Node ${major} (≥ ${major}.${minor})`);
  });

  it('the lockfile records the same engines as package.json', () => {
    expect(lock.packages['']?.engines).toEqual(packageJson.engines);
  });

  it('every installed dependency accepts the lowest Node the project supports', () => {
    expect(Object.keys(lock.packages).length).toBeGreaterThan(100);
    expect(enginesRefusing(lowestNode!.version, lock.packages)).toEqual([]);
  });

  it('the check itself catches a refusing package and passes an accepting one', () => {
    const sample: Record<string, LockEntry> = {
      'node_modules/new-only': { version: '6.0.2', engines: { node: '>=22.14.0' } },
      'node_modules/fine': { version: '5.4.6', engines: { node: '>=20' } },
      'node_modules/legacy': { version: '1.0.0', engines: ['node >= 0.4'] },
    };
    expect(enginesRefusing('20.19.0', sample)).toEqual(['node_modules/new-only@6.0.2 needs node >=22.14.0']);
  });
});
