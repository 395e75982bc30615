import type { Plugin } from 'vite';

/**
 * Each lazy import in a chunk names the files to fetch with it (Vite's `__vite__mapDeps` lists),
 * and those lists repeat the framework, the runtime and every other file the page has loaded by
 * the time the import runs: the entry's static imports (index.html has run them before any lazy
 * import) and the importing chunk's own. The browser would skip them anyway; this plugin leaves
 * them out of the lists, which are part of the first screen's code (~0.6 KB brotli of it).
 */
export function skipLoadedPreloads(): Plugin {
  /** Per chunk: it and the chunks it imports statically, to any depth. */
  const loadedWith = new Map<string, Set<string>>();
  const entryClosure = new Set<string>();
  return {
    name: 'bzu:skip-loaded-preloads',
    apply: 'build',
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (_file, deps, { hostId }) => {
            const host = loadedWith.get(hostId);
            return deps.filter((dep) => !entryClosure.has(dep) && !host?.has(dep));
          },
        },
      },
    }),
    generateBundle: {
      // Before Vite's import analysis writes the lists with resolveDependencies above.
      order: 'pre',
      handler(_options, bundle) {
        loadedWith.clear();
        entryClosure.clear();
        const closure = (fileName: string): Set<string> => {
          const known = loadedWith.get(fileName);
          if (known) return known;
          const files = new Set([fileName]);
          loadedWith.set(fileName, files);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk')
            for (const imported of chunk.imports) for (const file of closure(imported)) files.add(file);
          return files;
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry)
            for (const file of closure(chunk.fileName)) entryClosure.add(file);
        }
      },
    },
  };
}
