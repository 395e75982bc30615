import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importOfXErrors as restrictedImportErrors } from './restricted-imports.js';

// The shared client layer (docs/architecture.md, Client layers): what many features use lives in lib/ and
// components/, so no feature imports it from the wallet feature's folder again. ESLint's first run loads every
// plugin: seconds on a loaded machine.
describe('client layers lint rule', { timeout: 60_000 }, () => {
  it.each([
    ["import { formatAmount as x } from '../../wallet/money';", 'client/src/features/games/crash/CrashGame.tsx'],
    ["import { formatAmount as x } from '../../wallet/money';", 'client/src/features/games/slots/SlotsGame.tsx'],
    ["import { ErrorAlert as x } from '../wallet/wallet-ui';", 'client/src/features/sports/BetSlip.tsx'],
    [
      "import { pageSearch as x } from '../../../features/wallet/paging';",
      'client/src/routes/account/deposits/ALL.tsx',
    ],
    ["import { useCsvExport as x } from '../wallet/csv-export.js';", 'client/src/features/bets/MyBetsPage.tsx'],
    ["import { formatMoney as x } from '../src/features/wallet/money';", 'client/e2e/routes.e2e.test.ts'],
  ])('rejects %s in %s', async (code, file) => {
    const errors = await restrictedImportErrors(code, file);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('client/src/lib');
  });

  it('accepts the shared layer, and the wallet screens and statuses that stay in the wallet feature', async () => {
    const file = 'client/src/features/games/crash/CrashGame.tsx';
    expect(await restrictedImportErrors("import { formatAmount as x } from '../../../lib/money';", file)).toEqual([]);
    expect(
      await restrictedImportErrors("import { ErrorAlert as x } from '../../../components/ErrorAlert';", file),
    ).toEqual([]);
    expect(
      await restrictedImportErrors(
        "import { WalletModal as x } from '../wallet/WalletModal';",
        'client/src/features/layout/AppShell.tsx',
      ),
    ).toEqual([]);
    expect(
      await restrictedImportErrors(
        "import { parseStatus as x } from '../../../features/wallet/wallet-statuses';",
        'client/src/routes/account/deposits/$status.tsx',
      ),
    ).toEqual([]);
  });
});

describe('client test names', () => {
  // The unit tier takes *.unit.test.ts(x) only (vitest.config.ts): a client test named plain *.test.ts would never run.
  it('names every client unit test *.unit.test.ts(x)', () => {
    const files = readdirSync('client/src', { recursive: true, encoding: 'utf8' });
    expect(files.filter((file) => /\.test\.tsx?$/.test(file) && !/\.unit\.test\.tsx?$/.test(file))).toEqual([]);
    expect(files.filter((file) => /\.unit\.test\.tsx?$/.test(file)).length).toBeGreaterThan(40);
  });
});
