/**
 * Rewrites the generated plinko/keno tables (and their exact RTP) in docs/fairness.md from the rules code:
 *   npm run docs:fairness
 * server/src/domain/games/fairness-doc.unit.test.ts fails when the document and the code disagree.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { withTables } from '../server/src/domain/games/fairness-doc.js';

const file = new URL('../docs/fairness.md', import.meta.url);
await writeFile(file, withTables(await readFile(file, 'utf8')));
console.log('docs/fairness.md: tables regenerated');
