import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Finds statements that sort by a text alias of a number: `select id::text as id ... order by id desc`. Postgres
 * resolves a bare ORDER BY name to the output column first, so such a list sorts "10" before "9" and goes wrong once
 * ids cross a digit (the frozen round histories of issue #40). Qualify the column (`order by rounds.id`) or give the
 * text another name.
 *
 * Statements are read from `sql` template literals (with `${name}` fragments defined in the same file as `sql`
 * templates substituted) and from kysely chains (`sql\`...::text\`.as('x')` then `.orderBy('x')`).
 */
export interface TextOrderOffence {
  file: string;
  alias: string;
  excerpt: string;
}

const TEMPLATE = /\bsql(?:<[^`]*?>)?`((?:\\`|[^`])*)`/g;
const FRAGMENT = /\bconst\s+(\w+)\s*=\s*sql`((?:\\`|[^`])*)`/g;

/** Aliases given to a `::text` cast in a statement: `x::text as id`, `(...)::text as "total"`. */
function textAliases(statement: string): Set<string> {
  const aliases = new Set<string>();
  for (const match of statement.matchAll(/::text\s+as\s+"?(\w+)"?/gi)) aliases.add(match[1]!);
  for (const match of statement.matchAll(/::text`\s*\)?\s*\.as\(\s*'(\w+)'/g)) aliases.add(match[1]!);
  return aliases;
}

/** Bare (unqualified) names an ORDER BY sorts on, in SQL text and in kysely's `.orderBy('name')`. */
function orderedNames(statement: string): string[] {
  const names: string[] = [];
  for (const clause of statement.matchAll(/\border\s+by\s+([^;`]*?)(?=\blimit\b|\boffset\b|\bfor\b|\)|$|;|`)/gis)) {
    for (const item of clause[1]!.split(',')) {
      const name = /^\s*"?(\w+)"?\s*(?:asc|desc)?\s*(?:nulls\s+(?:first|last))?\s*$/i.exec(item);
      if (name) names.push(name[1]!);
    }
  }
  for (const match of statement.matchAll(/\.orderBy\(\s*'(\w+)'/g)) names.push(match[1]!);
  return names;
}

export function textOrderOffencesIn(file: string, source: string): TextOrderOffence[] {
  const fragments = new Map<string, string>();
  for (const match of source.matchAll(FRAGMENT)) fragments.set(match[1]!, match[2]!);
  const expand = (text: string) =>
    text.replace(/\$\{\s*(\w+)\s*\}/g, (whole, name: string) => fragments.get(name) ?? whole);
  // A kysely chain runs from a selectFrom to its execute; a template stands alone.
  const statements = [
    ...[...source.matchAll(TEMPLATE)].map((match) => expand(match[1]!)),
    ...[...source.matchAll(/\.selectFrom\([\s\S]*?\.execute\w*\(/g)].map((match) => match[0]),
  ];
  const offences: TextOrderOffence[] = [];
  for (const statement of statements) {
    const aliases = textAliases(statement);
    for (const name of orderedNames(statement)) {
      if (aliases.has(name))
        offences.push({ file, alias: name, excerpt: statement.replace(/\s+/g, ' ').trim().slice(0, 160) });
    }
  }
  return offences;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

export function textOrderOffencesUnder(dirs: string[]): { files: number; offences: TextOrderOffence[] } {
  const files = dirs.flatMap(sourceFiles);
  return {
    files: files.length,
    offences: files.flatMap((file) => textOrderOffencesIn(file, readFileSync(file, 'utf8'))),
  };
}
