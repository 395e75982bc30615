import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three tiers, one `npm test`:
 * - unit: pure logic, no I/O (*.unit.test.ts, server and client alike)
 * - integration: real Postgres, Redis, the embedded PostgreSQL, SMTP and HTTP (*.int.test.ts)
 * - browser: the built client in Debian's Chromium against a real server (*.e2e.test.ts)
 */
export default defineConfig({
  test: {
    // The integration tier mostly waits (child processes, timers, Postgres, Redis): with vitest's default of one file
    // at a time on two cores the machine idled at a load of ~1 and the tier took twice as long. Two at once halve it;
    // three on two cores starved the timing-bound fault tests (crash failover). The browser tier stays one at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['{server,worker,db,chain,client,tests}/**/*.unit.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts', '**/*.e2e.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 0 },
          include: ['{server,worker,db,chain,tests}/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // expect.poll waits for something that will happen; 1 s (the default) is too short on two busy cores.
          expect: { poll: { timeout: 5_000 } },
          globalSetup: ['tests/support/integration-setup.ts'],
          // Every REST answer a test receives is checked against the OpenAPI document (tests/support/contract-setup.ts).
          setupFiles: ['tests/support/contract-setup.ts'],
        },
      },
      {
        test: {
          name: 'browser',
          // After the other tiers, so timing-sensitive browser checks never share the cores with them.
          sequence: { groupOrder: 1 },
          include: ['client/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 5_000 } },
          // Chromium and the server share two cores; one browser file at a time keeps timings sane.
          fileParallelism: false,
          // One worker runs every browser file, so it loads the server's modules once instead of once a file (each file
          // starts its own platform, database and Redis prefix, and no module keeps a platform's state): 49 files
          // spent about 9 s each importing them. Measured on three files: 80 s isolated, 44 s shared.
          isolate: false,
          globalSetup: ['tests/support/integration-setup.ts', 'tests/support/build-client.ts'],
        },
      },
    ],
  },
});
