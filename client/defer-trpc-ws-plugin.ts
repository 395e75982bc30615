import type { Plugin } from 'vite';

const QUERY = '?ws-link';

/** The framework chunk must not take it back (vite.config.ts): its group captures by module id. */
export const isDeferredWebSocketModule = (id: string): boolean => id.endsWith(QUERY);

/** The module behind the `@trpc/client/links/wsLink/wsLink` entry (src/trpc-ws-link.ts imports it). */
const WS_LINK_ENTRY = /[\\/]@trpc[\\/]client[\\/]dist[\\/]links[\\/]wsLink[\\/]wsLink\.mjs$/;

/**
 * Keeps tRPC's WebSocket client (~10 KB, ~2.5 KB brotli) out of the first screen: @trpc/client's
 * barrel imports the module that holds it, so the bundler places it with the barrel (in every
 * screen's framework chunk) although only the lazy trpc-ws-link.ts calls it. The wsLink entry
 * gets its own instance of that module instead (same file, another id), and the barrel's instance,
 * used by nobody, is tree-shaken away (tRPC's modules are side-effect free, see vite.config.ts).
 * Build only: the dev server pre-bundles @trpc/client and never asks.
 */
export function deferTrpcWebSocketClient(): Plugin {
  return {
    name: 'bzu:defer-trpc-ws-client',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !WS_LINK_ENTRY.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && !resolved.external ? { ...resolved, id: `${resolved.id}${QUERY}` } : null;
    },
  };
}
