/**
 * Rewrites tower's table in docs/fairness.md from rules.ts:
 *   npx tsx server/src/domain/games/tower/write-doc.ts
 */
import { readFile, writeFile } from 'node:fs/promises';
import { withTowerTable } from './tower-doc.js';

const file = new URL('../../../../../docs/fairness.md', import.meta.url);
await writeFile(file, withTowerTable(await readFile(file, 'utf8')));
console.log('docs/fairness.md: tower table regenerated');
