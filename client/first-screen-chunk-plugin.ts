import type { Plugin } from 'vite';

/**
 * One file for the first screen's own modules (issue #47 point 4). Rolldown gives each module the entry shares with
 * lazy chunks a chunk of its own (a Mantine button, a store, an icon helper...): the first screen named 22 files of
 * 1-2 KB, each a request queued before the page could run. All of them load before anything lazy runs, so nothing
 * is lost by one chunk. `isFirstScreenModule` is the codeSplitting group's test (vite.config.ts): the project's
 * modules the entry reaches by static imports, recorded once the module graph is known (buildEnd, before chunking).
 * The walk stops at node_modules: a package's barrel names every export, used or not; the group takes the package
 * modules the captured ones really use with them (Rolldown's includeDependenciesRecursively).
 */
export function firstScreenChunk(): { plugin: Plugin; isFirstScreenModule: (id: string) => boolean } {
  const firstScreen = new Set<string>();
  const plugin: Plugin = {
    name: 'bzu:first-screen-chunk',
    apply: 'build',
    buildEnd() {
      const pending = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (firstScreen.has(id) || id.includes('node_modules')) continue;
        firstScreen.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, isFirstScreenModule: (id) => firstScreen.has(id) };
}
