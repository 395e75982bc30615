import { describe, expect, it } from 'vitest';
import { importOfXErrors as restrictedImportErrors, restrictedImportsIn } from './restricted-imports.js';

const serviceFile = 'server/src/domain/example/example.service.ts';

// One way from the domain to Postgres (docs/architecture.md): services call db/repositories/*.repo.ts and take
// Redis, HTTP and other infra as named dependencies, so no domain file imports kysely, pg or server/src/infra.
// ESLint's first run loads every plugin: seconds on a loaded machine.
describe('domain persistence lint rule', { timeout: 120_000 }, () => {
  it.each([
    ["import { sql as x } from 'kysely';", 'Postgres'],
    ["import type { Transaction as x } from 'kysely';", 'Postgres'],
    ["import x from 'pg';", 'Postgres'],
    ["import { Pool as x } from 'pg-pool';", 'Postgres'],
    ["import { redisTokenCache as x } from '../../infra/token-cache.js';", 'server/src/infra'],
    ["import { createLogger as x } from '../../../../server/src/infra/logger.js';", 'server/src/infra'],
  ])('rejects %s in a domain service', async (code, named) => {
    const errors = await restrictedImportErrors(code, serviceFile);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(named);
  });

  it('accepts repositories and the Db type in the domain, and kysely in repositories and infra', async () => {
    expect(
      await restrictedImportErrors("import * as x from '../../../../db/repositories/chat.repo.js';", serviceFile),
    ).toEqual([]);
    expect(
      await restrictedImportErrors("import type { Db as x } from '../../../../db/client.js';", serviceFile),
    ).toEqual([]);
    expect(
      await restrictedImportErrors(
        "import { uniqueViolation as x } from '../../../../db/repositories/pg-errors.js';",
        serviceFile,
      ),
    ).toEqual([]);
    expect(
      await restrictedImportErrors("import { sql as x } from 'kysely';", 'db/repositories/example.repo.ts'),
    ).toEqual([]);
    expect(await restrictedImportErrors("import { sql as x } from 'kysely';", 'server/src/infra/example.ts')).toEqual(
      [],
    );
  });

  it('finds no such import in the real server/src/domain', async () => {
    const { files, offences } = await restrictedImportsIn(['server/src/domain']);
    expect(files).toBeGreaterThan(100);
    expect(offences).toEqual([]);
  });
});
