import { describe, expect, it } from 'vitest';
import { restrictedImportErrors } from './restricted-imports.js';

// ESLint's first run loads every plugin: seconds on a loaded machine.
describe('architecture lint rules', { timeout: 60_000 }, () => {
  it.each([
    ["import express from 'express';", 'express'],
    ["import { WebSocketServer } from 'ws';", 'ws'],
    ["import { initTRPC } from '@trpc/server';", '@trpc/server'],
    ["import { Queue } from 'bullmq';", 'bullmq'],
    ["import { appRouter } from '../../trpc/router.js';", 'the tRPC layer'],
  ])('rejects %s inside server/src/domain (%s)', async (code) => {
    const errors = await restrictedImportErrors(
      `${code}\nexport const x = 1;\n`,
      'server/src/domain/example/example.service.ts',
    );
    expect(errors.length).toBe(1);
  });

  it('accepts zod and relative domain imports inside server/src/domain', async () => {
    const code =
      "import { z } from 'zod';\nimport { DomainError } from '../errors.js';\nexport const s = z.string(); export const e = DomainError;\n";
    expect(await restrictedImportErrors(code, 'server/src/domain/example/example.service.ts')).toEqual([]);
  });

  it('lets the client import only the AppRouter type and shared schemas from the server', async () => {
    const file = 'client/src/example.ts';
    expect(
      await restrictedImportErrors(
        "import type { AppRouter } from '../../server/src/trpc/router';\nexport type R = AppRouter;\n",
        file,
      ),
    ).toEqual([]);
    expect(
      await restrictedImportErrors(
        "import { loginSchema } from '../../server/src/domain/auth/auth.schemas';\nexport const s = loginSchema;\n",
        file,
      ),
    ).toEqual([]);
    expect(
      await restrictedImportErrors(
        "import { appRouter } from '../../server/src/trpc/router';\nexport const r = appRouter;\n",
        file,
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImportErrors(
        "import { loadEnv } from '../../server/src/env';\nexport const l = loadEnv;\n",
        file,
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImportErrors("import { createDb } from '../../db/client';\nexport const c = createDb;\n", file),
    ).toHaveLength(1);
  });

  it("lets the client import what the games share and a game's rules, and nothing else under server/src/domain/games", async () => {
    const file = 'client/src/features/games/example.ts';
    expect(
      await restrictedImportErrors(
        "import { ratio } from '../../../../server/src/domain/games/shared/ratio';\nexport const g = ratio;\n",
        file,
      ),
    ).toEqual([]);
    expect(
      await restrictedImportErrors(
        "import { diceOutcome } from '../../../../server/src/domain/games/dice/rules';\nexport const d = diceOutcome;\n",
        file,
      ),
    ).toEqual([]);
    expect(
      await restrictedImportErrors(
        "import { x } from '../../../../server/src/domain/games/engine/bet-engine';\nexport const e = x;\n",
        file,
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImportErrors(
        "import { x } from '../../../../server/src/domain/games/shared/../engine/bet-engine';\nexport const e = x;\n",
        file,
      ),
    ).toHaveLength(1);
  });

  it("lets the client import a game folder's rules.ts (a game module's pure rules), and nothing else of the folder", async () => {
    const file = 'client/src/features/games/example.ts';
    expect(
      await restrictedImportErrors(
        "import { spin } from '../../../../server/src/domain/games/roulette/rules';\nexport const s = spin;\n",
        file,
      ),
    ).toEqual([]);
    expect(
      await restrictedImportErrors(
        "import { spin } from '../../../../server/src/domain/games/roulette/rules.js';\nexport const s = spin;\n",
        file,
      ),
    ).toEqual([]);
    expect(
      await restrictedImportErrors(
        "import { G } from '../../../../server/src/domain/games/roulette/roulette.game';\nexport const g = G;\n",
        file,
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImportErrors(
        "import { x } from '../../../../server/src/domain/games/roulette/rules/../../engine/bet-engine';\nexport const e = x;\n",
        file,
      ),
    ).toHaveLength(1);
  });

  it("keeps a game folder's rules.ts pure: its siblings and what the games share only", async () => {
    const file = 'server/src/domain/games/roulette/rules.ts';
    expect(
      await restrictedImportErrors("import { ratio } from '../shared/ratio.js';\nexport const r = ratio;\n", file),
    ).toEqual([]);
    expect(
      await restrictedImportErrors("import { chips } from './chips.js';\nexport const c = chips;\n", file),
    ).toEqual([]);
    expect(await restrictedImportErrors("import { z } from 'zod';\nexport const s = z;\n", file)).toHaveLength(1);
    expect(
      await restrictedImportErrors("import { x } from '../engine/bet-engine.js';\nexport const e = x;\n", file),
    ).toHaveLength(1);
    expect(
      await restrictedImportErrors(
        "import { x } from '../shared/../engine/bet-engine.js';\nexport const e = x;\n",
        file,
      ),
    ).toHaveLength(1);
  });

  it('keeps what the games share pure: only sibling imports, no node: modules or packages', async () => {
    const file = 'server/src/domain/games/shared/example.ts';
    expect(
      await restrictedImportErrors("import { ratio } from './ratio.js';\nexport const r = ratio;\n", file),
    ).toEqual([]);
    expect(
      await restrictedImportErrors("import { createHmac } from 'node:crypto';\nexport const h = createHmac;\n", file),
    ).toHaveLength(1);
    expect(await restrictedImportErrors("import { z } from 'zod';\nexport const s = z;\n", file)).toHaveLength(1);
    expect(
      await restrictedImportErrors(
        "import { DomainError } from '../../errors.js';\nexport const e = DomainError;\n",
        file,
      ),
    ).toHaveLength(1);
  });
});
