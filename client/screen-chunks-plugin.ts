import type { Plugin } from 'vite';

/**
 * Two files where Rolldown would make dozens (issue #47 point 4). Rolldown gives each module that chunks share a chunk
 * of its own (a Mantine button, a store, an icon helper...), each a request:
 *  - the first screen: the project's modules the entry reaches by static imports (22 files of 1-2 KB before). All of
 *    them load before anything lazy runs, so nothing is lost by one chunk;
 *  - the shell: what every page fetches right after its first screen (the chat panel, the search, the sidebar's
 *    games, the maintenance cover, the lobby's grids and live feed), about 60 files of 1-5 KB before. Each page
 *    fetches all of it idle, so one chunk costs nothing but the requests it saves.
 * The home page's own modules (`homeRoots` and what they import) are a chunk of their own, ahead of the shell: in the
 * shell (which takes every module its modules import), the home page's first render would wait for all of it. Each set is a codeSplitting group's test (vite.config.ts), recorded once the module graph is known (buildEnd, before
 * chunking). A walk stops at node_modules: a package's barrel names every export, used or not; the group takes the
 * package modules the captured ones really use with them (Rolldown's includeDependenciesRecursively).
 */
export function screenChunks(
  shellRoots: readonly string[],
  homeRoots: readonly string[],
): {
  plugin: Plugin;
  isFirstScreenModule: (id: string) => boolean;
  isHomeModule: (id: string) => boolean;
  isShellModule: (id: string) => boolean;
} {
  const firstScreen = new Set<string>();
  const home = new Set<string>();
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: 'bzu:screen-chunks',
    apply: 'build',
    buildEnd() {
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const ids = [...this.getModuleIds()];
      collect(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        firstScreen,
        new Set(),
        importsOf,
      );
      const moduleOf = (root: string) => {
        const id = ids.find((candidate) => candidate.endsWith(root));
        if (!id) this.error(`screen chunks: no module ends with ${root}`);
        return id;
      };
      collect(homeRoots.map(moduleOf), home, firstScreen, importsOf);
      collect(shellRoots.map(moduleOf), shell, new Set([...firstScreen, ...home]), importsOf);
    },
  };
  return {
    plugin,
    isFirstScreenModule: (id) => firstScreen.has(id),
    isHomeModule: (id) => home.has(id),
    isShellModule: (id) => shell.has(id),
  };
}

/** The project's modules `roots` reach by static imports, short of node_modules and of those already in `taken`. */
function collect(
  roots: readonly string[],
  into: Set<string>,
  taken: ReadonlySet<string>,
  importsOf: (id: string) => readonly string[],
) {
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (into.has(id) || taken.has(id) || id.includes('node_modules')) continue;
    into.add(id);
    pending.push(...importsOf(id));
  }
}
