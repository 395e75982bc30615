import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Transport and queue libraries: the domain layer must stay free of them (ARCHITECTURE.md). */
const transportPackages = ['express', 'express/*', 'ws', '@trpc/*', 'bullmq', 'ioredis', 'pino-http', 'helmet'];

/**
 * Postgres drivers and query builders: the domain reaches Postgres one way, through db/repositories/*.repo.ts
 * (taking the `Db` type of db/client.ts), never with a query of its own.
 */
const postgresPackages = ['kysely', 'pg'];
const postgresMessage =
  'server/src/domain reaches Postgres only through db/repositories/*.repo.ts (the Db type comes from db/client.ts).';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.data/', 'test-results/', 'client/src/routeTree.gen.ts', 'load-tests/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
  },
  {
    // Tests read loosely-typed HTTP bodies, and may check a domain function against its transport shape.
    files: ['tests/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['server/src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...transportPackages
              .filter((name) => !name.includes('*'))
              .map((name) => ({
                name,
                message:
                  'server/src/domain is transport-free: take what you need as a port, plugged in by server/src/composition.',
              })),
            ...postgresPackages.map((name) => ({ name, message: postgresMessage })),
          ],
          patterns: [
            {
              group: transportPackages.filter((name) => name.includes('*')),
              message: 'server/src/domain is transport-free.',
            },
            // Their subpaths and the pg-* family (pg-pool, pg-cursor, ...).
            { regex: '^(kysely|pg)/|^pg-', message: postgresMessage },
            {
              group: ['**/trpc/**', '**/rest/**', '**/realtime/**', '**/worker/**'],
              message: 'server/src/domain must not reach into transports.',
            },
            {
              // Redis, HTTP clients, keys and loggers are infra: a service takes them as a small named dependency wired in server/src/composition.
              regex: '(^|/)infra/',
              message:
                'server/src/domain must not import server/src/infra: take it as a named dependency wired in server/src/composition.',
            },
          ],
        },
      ],
    },
  },
  {
    // The worker boots without the HTTP stack (docs/architecture.md, Processes): it opens the infrastructure and
    // builds the domain services (server/src/composition/index.ts), never the server's transports or its realtime feed.
    files: ['worker/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['express', 'ws', 'helmet', 'pino-http'].map((name) => ({
            name,
            message: 'The worker runs without the HTTP stack.',
          })),
          patterns: [
            { group: ['@trpc/*', 'express/*'], message: 'The worker runs without the HTTP stack.' },
            {
              regex:
                '(^|/)server/src/(trpc|rest|realtime|http)(/|$)|(^|/)server/src/(app|server|bootstrap|main)(\\.js)?$|(^|/)server/src/composition/server(\\.js)?$',
              message:
                'The worker runs without the HTTP stack: use server/src/infrastructure.ts and server/src/composition/index.ts, not the server, its transports (trpc, rest, realtime, http) or bootstrap.',
            },
          ],
        },
      ],
    },
  },
  {
    // What the games share (floats, cards, ratios) and the raffle rules are imported by the browser too: pure TypeScript,
    // only sibling modules, no node: or packages, and never a game (no shared module names a game).
    files: ['server/src/domain/games/shared/**/*.ts', 'server/src/domain/raffle/rules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./)',
              message: 'shared/ and rules/ folders are shared with the browser: import only sibling modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // A game's own pure rules (server/src/domain/games/<slug>/rules.ts and its tables.ts) are shared with the browser the
    // same way; they may also use what the games share (../shared/: floats, cards, ratios).
    files: ['server/src/domain/games/*/rules.ts', 'server/src/domain/games/*/tables.ts'],
    ignores: ['server/src/domain/games/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./[^/]+$|\\.\\./shared/[a-z0-9-]+(\\.js)?$)',
              message:
                "a game's rules.ts is shared with the browser: import only its siblings and what the games share (../shared/).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // (?<!@trpc): the package @trpc/server (its observable helpers) is not the repo's server.
              // The games' pure rules (outcomes, tables) are one implementation for server, verifier and UI; a game's
              // golden vectors (<slug>/<slug>-vectors.json) are checked by the client's tests too.
              regex:
                '(?<!@trpc)(^|/)(server|worker|db)/(?!src/trpc/router(\\.js)?$|src/domain/[^/]+/[^/]+\\.schemas(\\.js)?$|src/domain/raffle/rules(/[a-z0-9-]+)?(\\.js)?$|src/domain/games/shared/[a-z0-9-]+(\\.js)?$|src/domain/games/[a-z0-9-]+/rules(\\.js)?$|src/domain/games/[a-z0-9-]+/[a-z0-9]+-vectors\\.json$)',
              message:
                'The client may import only `type AppRouter`, the shared zod schemas (*.schemas.ts), the raffle rules (server/src/domain/raffle/rules), what the games share (server/src/domain/games/shared) and each game folder rules.ts from the server.',
            },
            {
              regex: '(^|/)server/src/trpc/router(\\.js)?$',
              allowTypeImports: true,
              message: 'Import only `type AppRouter` from the server router.',
            },
            {
              // Code many features share lives in client/src/lib (helpers) and client/src/components (widgets), not in
              // a feature's folder: no feature reaches into another for it (see docs/architecture.md, Client layers).
              regex: '(^|/)wallet/(money|wallet-ui|paging|csv-export)(\\.js)?$',
              message:
                'Money formatting, paging and CSV export live in client/src/lib; ErrorAlert, StatusBadge, AssetAmount and PagerControls in client/src/components.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one client file that reads the server's game registry: it checks the two registries list the same games.
    files: ['client/src/features/games/registry.unit.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
