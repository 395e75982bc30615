import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

/** The no-restricted-imports messages ESLint (eslint.config.js) gives `code` as if it were the file at `filePath`. */
export async function restrictedImportErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** The same for whole files or folders as they are on disk: "path:line message" per offence. */
export async function restrictedImportsIn(patterns: string[]): Promise<{ files: number; offences: string[] }> {
  const results = await eslint.lintFiles(patterns);
  const offences = results.flatMap((result) =>
    result.messages
      .filter((m) => m.ruleId === 'no-restricted-imports')
      .map((m) => `${result.filePath}:${m.line} ${m.message}`),
  );
  return { files: results.length, offences };
}

/** For an import line that binds `x`: the file uses `x`, so only the import rules speak. */
export function importOfXErrors(importLine: string, filePath: string): Promise<string[]> {
  return restrictedImportErrors(`${importLine}\nexport const used = [x];\n`, filePath);
}
