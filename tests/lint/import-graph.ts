import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Our TypeScript sources under `roots` (relative to `cwd`), minus dependencies and build output. */
export function sourceFiles(roots: string[], cwd = '.'): string[] {
  const files: string[] = [];
  for (const root of roots) {
    const dir = path.join(cwd, root);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      const rel = path.join(root, entry).split(path.sep).join('/');
      if (/(^|\/)(node_modules|dist|\.data)\//.test(rel) || rel.endsWith('.d.ts')) continue;
      if (/\.tsx?$/.test(rel)) files.push(rel);
    }
  }
  return files.sort();
}

function resolveLocal(cwd: string, from: string, specifier: string): string | undefined {
  const base = path.join(path.dirname(from), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]
    .map((candidate) => path.normalize(candidate).split(path.sep).join('/'))
    .find((candidate) => existsSync(path.join(cwd, candidate)));
}

/**
 * The modules `file` loads: static imports and re-exports, and dynamic import()s (a lazily loaded page still loads the
 * modules it imports, so a circle through one is a circle; this is the registry <-> panel circle of issue #46).
 * `import type` and `export type` are erased by the compiler, so they do not count; a named import of types only
 * (`import { type A }`) still loads the module under verbatimModuleSyntax, so it counts.
 */
export function runtimeImports(code: string, fileName: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      if (!node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier))
        specifiers.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isExportDeclaration(node)) {
      if (!node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
        specifiers.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) specifiers.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** file -> the local files it loads (relative specifiers that resolve to one of our .ts/.tsx files). */
export function importGraph(files: string[], cwd = '.'): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = runtimeImports(readFileSync(path.join(cwd, file), 'utf8'), file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveLocal(cwd, file, specifier))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import circles of `graph`: its strongly connected components of more than one file, and files that import
 * themselves (Tarjan's algorithm, iterative so a deep graph cannot overflow the stack). Each circle sorted.
 */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || edges.includes(frame.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** Shared places: modules every game uses. They must not import a game's own folder nor the registries (issue #46). */
export const SHARED_GAME_PLACES = [
  'client/src/features/game-panel/',
  'client/src/features/bets/',
  'client/src/features/rounds/',
  'server/src/domain/games/shared/',
  // The bet engine and the round engine run every game: a game reaches them through its module, never the reverse.
  'server/src/domain/games/engine/',
  'server/src/domain/rounds/',
];

/** A game's own files: its folder on either side (`shared/` and `engine/` are not games), or a registry. */
export function isGameModule(file: string): boolean {
  if (/^client\/src\/features\/games\/registry\.tsx?$|^server\/src\/domain\/games\/registry\.ts$/.test(file))
    return true;
  const folder = /^client\/src\/features\/games\/([^/]+)\/|^server\/src\/domain\/games\/([^/]+)\//.exec(file);
  const name = folder?.[1] ?? folder?.[2];
  return name !== undefined && name !== 'shared' && name !== 'engine';
}

/** "shared file -> game file" for every import of a game (or a registry) by a shared module, tests aside. */
export function sharedImportsOfGames(graph: Map<string, string[]>, sharedPlaces = SHARED_GAME_PLACES): string[] {
  const offences: string[] = [];
  for (const [file, targets] of graph) {
    if (!sharedPlaces.some((place) => file.startsWith(place)) || /\.test\.tsx?$/.test(file)) continue;
    for (const target of targets) if (isGameModule(target)) offences.push(`${file} -> ${target}`);
  }
  return offences.sort();
}
