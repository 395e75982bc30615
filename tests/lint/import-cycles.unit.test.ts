import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, importGraph, runtimeImports, sharedImportsOfGames, sourceFiles } from './import-graph.js';

/** Every folder of our TypeScript: server, worker, client and the rest. */
const ROOTS = [
  'server',
  'worker',
  'db',
  'chain',
  'scripts',
  'tests',
  'load-tests',
  'providers',
  'client/src',
  'client/e2e',
];

/** A throw-away tree of modules: file name -> source. */
function plant(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  planted.push(dir);
  for (const [name, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), code);
  }
  return dir;
}
const planted: string[] = [];
afterAll(() => planted.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const cyclesIn = (dir: string) => importCycles(importGraph(sourceFiles(['src'], dir), dir));

/** The tree's graph, read once for the two checks of the tree. */
let treeGraph: Map<string, string[]> | undefined;
const tree = () => (treeGraph ??= importGraph(sourceFiles(ROOTS)));

// Parsing ~1,100 files: seconds on a loaded machine.
describe('import circles', { timeout: 120_000 }, () => {
  it('the whole tree has none (static imports, re-exports and dynamic import()s alike)', () => {
    expect(tree().size).toBeGreaterThan(800);
    expect(importCycles(tree())).toEqual([]);
  });

  it('no shared module (game panel, bets, rounds, games/shared, the bet and round engines) imports a game or a registry', () => {
    expect(sharedImportsOfGames(tree())).toEqual([]);
  });

  it('finds a planted circle of static imports, with .js specifiers and an index module', () => {
    const dir = plant({
      'src/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'src/b.ts': "export { c as b } from './lib';\n",
      'src/lib/index.ts': "import { a } from '../a.js';\nexport const c = a;\n",
      'src/free.ts': "import { a } from './a.js';\nexport const f = a;\n",
    });
    expect(cyclesIn(dir)).toEqual([['src/a.ts', 'src/b.ts', 'src/lib/index.ts']]);
  });

  it('finds the registry <-> panel circle of issue #46: a lazily loaded page whose panel imports the registry', () => {
    const dir = plant({
      'src/games/registry.ts':
        "export const GAMES = { dice: { page: () => import('./dice/DiceGame') } };\nexport const name = (s: string) => s;\n",
      'src/games/dice/DiceGame.tsx': "import { Panel } from '../../panel/Panel';\nexport const DiceGame = Panel;\n",
      'src/panel/Panel.tsx': "import { name } from '../games/registry';\nexport const Panel = () => name('dice');\n",
    });
    expect(cyclesIn(dir)).toEqual([['src/games/dice/DiceGame.tsx', 'src/games/registry.ts', 'src/panel/Panel.tsx']]);
  });

  it('ignores type-only imports (erased) but not a named import of types (it still loads the module)', () => {
    expect(runtimeImports("import type { A } from './a';\nexport type { B } from './b';\n", 'x.ts')).toEqual([]);
    expect(runtimeImports("import { type A } from './a';\n", 'x.ts')).toEqual(['./a']);
    const typesOnly = plant({
      'src/a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
      'src/b.ts': "import type { A } from './a';\nexport interface B { a?: A }\n",
    });
    expect(cyclesIn(typesOnly)).toEqual([]);
  });

  it('finds a file that imports itself', () => {
    const dir = plant({ 'src/self.ts': "export * from './self';\nexport const s = 1;\n" });
    expect(cyclesIn(dir)).toEqual([['src/self.ts']]);
  });

  it('flags a planted shared module that imports a game or the registry', () => {
    const graph = new Map([
      ['client/src/features/game-panel/LiveFeed.tsx', ['client/src/features/games/registry.ts']],
      ['client/src/features/bets/bet-format.ts', ['client/src/features/games/dice/dice.entry.ts']],
      ['server/src/domain/games/shared/floats.ts', ['server/src/domain/games/shared/ratio.ts']],
      ['client/src/features/games/dice/DiceGame.tsx', ['client/src/features/game-panel/BetPanel.tsx']],
    ]);
    expect(sharedImportsOfGames(graph)).toEqual([
      'client/src/features/bets/bet-format.ts -> client/src/features/games/dice/dice.entry.ts',
      'client/src/features/game-panel/LiveFeed.tsx -> client/src/features/games/registry.ts',
    ]);
  });

  it('flags a planted import of the registry or a game by the bet engine or the round engine', () => {
    const graph = new Map([
      // The accrual sweep reading house edges from the registry (as it once did), and the round engine naming crash.
      ['server/src/domain/games/engine/accruals.ts', ['server/src/domain/games/registry.ts']],
      ['server/src/domain/rounds/round-runner.ts', ['server/src/domain/games/crash/crash.game.ts']],
      // Allowed: the engine's own modules, the shared places, and a game importing the engine.
      ['server/src/domain/games/engine/placing.ts', ['server/src/domain/games/engine/bet-checks.ts']],
      ['server/src/domain/rounds/round-ending.ts', ['server/src/domain/games/shared/ratio.ts']],
      ['server/src/domain/games/crash/crash.game.ts', ['server/src/domain/rounds/round-game.ts']],
    ]);
    expect(sharedImportsOfGames(graph)).toEqual([
      'server/src/domain/games/engine/accruals.ts -> server/src/domain/games/registry.ts',
      'server/src/domain/rounds/round-runner.ts -> server/src/domain/games/crash/crash.game.ts',
    ]);
  });
});
