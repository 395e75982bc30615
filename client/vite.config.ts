import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { deferTrpcWebSocketClient, isDeferredWebSocketModule } from './defer-trpc-ws-plugin';
import { skipLoadedPreloads } from './loaded-preloads-plugin';
import { mantineStylesCheck } from './mantine-styles-plugin';
import { precompressAssets } from './precompress-plugin';
import { screenChunks } from './screen-chunks-plugin';

/** React, the router and the query/tRPC clients: the framework chunk (codeSplitting below). */
const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack|@trpc|@mantine[\\/]core[\\/]esm[\\/]core|clsx)[\\/]/;

/** What every page fetches right after its first screen, each mounted by the layout or the lobby (screen-chunks-plugin.ts). */
const SHELL_ROOTS = [
  'src/features/chat/ChatPanel.tsx',
  'src/features/games/GameSearch.tsx',
  'src/features/layout/SidebarGames.tsx',
  'src/features/health/MaintenanceCover.tsx',
  'src/components/tooltip-chunk.ts',
  'src/features/games/GameGrid.tsx',
  'src/features/casino/CategoryGrid.tsx',
  'src/features/bets/LiveFeed.tsx',
];
const chunks = screenChunks(SHELL_ROOTS, ['src/features/casino/CasinoHomePage.tsx']);

const clientDir = path.dirname(fileURLToPath(import.meta.url));
// The API server of `npm run dev` listens on PORT; BZU_API_ORIGIN points the dev server elsewhere.
const apiTarget = process.env.BZU_API_ORIGIN ?? `http://localhost:${process.env.PORT ?? 5001}`;

export default defineConfig({
  root: clientDir,
  publicDir: path.join(clientDir, 'public'),
  plugins: [
    // The router plugin must run before React's so it can split route files first.
    tanstackRouter({
      target: 'react',
      routesDirectory: path.join(clientDir, 'src/routes'),
      generatedRouteTree: path.join(clientDir, 'src/routeTree.gen.ts'),
      autoCodeSplitting: true,
      quoteStyle: 'single',
    }),
    react(),
    deferTrpcWebSocketClient(),
    chunks.plugin,
    mantineStylesCheck(
      path.join(clientDir, 'src/mantine-styles.css'),
      path.join(clientDir, 'src/mantine-first-screen.css'),
    ),
    skipLoadedPreloads(),
    precompressAssets(),
  ],
  css: { postcss: clientDir },
  build: {
    outDir: path.resolve(clientDir, '../dist/client'),
    emptyOutDir: true,
    // Written for reading a production stack trace, but not linked from the scripts ('hidden'): the
    // server does not serve them in production (server/src/http/static-client.ts), and the link
    // comment in every chunk cost the first screen about 0.5 KB brotli.
    sourcemap: 'hidden',
    // No modulepreload polyfill (~0.3 KB brotli in the first screen): Chrome/Edge, Firefox 115+
    // and Safari 17+ follow <link rel="modulepreload"> themselves; the build target's oldest
    // (Firefox 114, Safari 16.4) fetch those modules when the entry imports them, not before.
    modulePreload: { polyfill: false },
    // dist/client/.vite/manifest.json: the initial-load check finds the home route's chunks in it.
    manifest: true,
    rolldownOptions: {
      // tRPC's packages declare no `sideEffects`, so their barrels would keep every link they
      // re-export (the WebSocket client among them) in the first load; their modules have none.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]@trpc[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          // React, the router and the query/tRPC clients in one file: every screen runs them, and
          // compressed together they are smaller than as a dozen small shared chunks. The rest of what the
          // entry imports statically in the entry's own file, and what every page fetches right after it in
          // one more (screen-chunks-plugin.ts).
          groups: [
            {
              name: 'framework',
              test: (id) => FRAMEWORK_MODULES.test(id) && !isDeferredWebSocketModule(id),
              priority: 3,
            },
            { name: 'first-screen', test: (id) => chunks.isFirstScreenModule(id), priority: 2 },
            { name: 'home', test: (id) => chunks.isHomeModule(id), priority: 1 },
            { name: 'shell', test: (id) => chunks.isShellModule(id), priority: 0 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: true, changeOrigin: true },
      '/auth/status': { target: apiTarget, changeOrigin: true },
      '/token': {
        target: apiTarget,
        changeOrigin: true,
        bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
      },
    },
  },
});
