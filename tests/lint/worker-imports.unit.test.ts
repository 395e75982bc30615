import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImportErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// The worker boots without the HTTP stack (docs/architecture.md): the rule keeps worker/ off the server's transports,
// its realtime feed and its boot file. ESLint's first run loads every plugin: seconds on a loaded machine.
describe('worker imports lint rule', { timeout: 60_000 }, () => {
  it.each([
    ["import { startPlatformServer as x } from '../../server/src/bootstrap.js';", 'worker/src/main.ts'],
    ["import { appRouter as x } from '../../server/src/trpc/router.js';", 'worker/src/worker.ts'],
    [
      "import { createRestRouter as x } from '../../../server/src/rest/router.js';",
      'worker/src/processors/housekeeping.processor.ts',
    ],
    [
      "import { LiveFeedService as x } from '../../server/src/realtime/live-feed.service.js';",
      'worker/src/round-runners.ts',
    ],
    ["import { trpcRequestGuard as x } from '../../server/src/http/trpc-request-guard.js';", 'worker/src/worker.ts'],
    ["import { createApp as x } from '../../server/src/app.js';", 'worker/src/main.ts'],
    ["import { startHttpServer as x } from '../../server/src/server';", 'worker/src/main.ts'],
    ["import { createServerServices as x } from '../../server/src/composition/server.js';", 'worker/src/main.ts'],
    ["import x from 'express';", 'worker/src/worker.ts'],
    ["import { WebSocketServer as x } from 'ws';", 'worker/src/worker.ts'],
    ["import { initTRPC as x } from '@trpc/server';", 'worker/src/worker.ts'],
  ])('rejects %s in %s', async (code, file) => {
    const errors = await restrictedImportErrors(code, file);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('without the HTTP stack');
  });

  it('accepts the infrastructure opener, the domain services, the infra helpers and the domain', async () => {
    const file = 'worker/src/main.ts';
    expect(
      await restrictedImportErrors(
        "import { openInfrastructure as x } from '../../server/src/infrastructure.js';",
        file,
      ),
    ).toEqual([]);
    expect(
      await restrictedImportErrors(
        "import { createServices as x } from '../../server/src/composition/index.js';",
        file,
      ),
    ).toEqual([]);
    expect(
      await restrictedImportErrors("import { createLogger as x } from '../../server/src/infra/logger.js';", file),
    ).toEqual([]);
    expect(
      await restrictedImportErrors(
        "import { RoundRunner as x } from '../../server/src/domain/rounds/round-runner.js';",
        file,
      ),
    ).toEqual([]);
    expect(await restrictedImportErrors("import { Worker as x } from 'bullmq';", file)).toEqual([]);
  });

  it('passes on the real worker code', async () => {
    const files = readdirSync('worker', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => path.join('worker', file));
    expect(files.length).toBeGreaterThan(5);
    const results = await eslint.lintFiles(files);
    const restricted = results.flatMap((result) =>
      result.messages
        .filter((m) => m.ruleId === 'no-restricted-imports')
        .map((m) => `${result.filePath}: ${m.message}`),
    );
    expect(restricted).toEqual([]);
  });
});
