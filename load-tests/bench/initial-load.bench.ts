/**
 * Initial-load size of the built client: `npm run build && npm run bench -- initial-load [distDir]`.
 * Prints each file of the first screen with its raw, gzip and brotli size and the total against
 * the 150 KB budget; exits non-zero when the brotli total is over it.
 */
import path from 'node:path';
import { INITIAL_LOAD_BUDGET_BYTES, measureInitialLoad } from './initial-load.js';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function run(args: string[]): Promise<void> {
  const distDir = path.resolve(args[0] ?? 'dist/client');
  const load = measureInitialLoad(distDir);
  console.log(`Initial load of ${distDir} (index.html tags + home route chunk)\n`);
  console.log(`${'file'.padEnd(52)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`);
  for (const file of load.files) {
    console.log(
      `${file.file.padEnd(52)} ${kb(file.raw).padStart(10)} ${kb(file.gzip).padStart(10)} ${kb(file.brotli).padStart(10)}`,
    );
  }
  console.log(
    `${'total'.padEnd(52)} ${kb(load.raw).padStart(10)} ${kb(load.gzip).padStart(10)} ${kb(load.brotli).padStart(10)}`,
  );
  const within = load.brotli <= INITIAL_LOAD_BUDGET_BYTES;
  console.log(`\nbudget ${kb(INITIAL_LOAD_BUDGET_BYTES)} brotli: ${within ? 'within' : 'OVER'}`);
  if (!within) process.exitCode = 1;
}
