/**
 * Computes blackjack's exact RTP under optimal play and the basic-strategy chart (optimal-play.ts) and writes them
 * into docs/fairness.md:
 *   npm run docs:blackjack
 * server/src/domain/games/blackjack/optimal-play.unit.test.ts fails when the document and the code disagree.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { withBlackjackSection } from '../server/src/domain/games/blackjack/optimal-play.js';

const file = new URL('../docs/fairness.md', import.meta.url);
await writeFile(file, withBlackjackSection(await readFile(file, 'utf8')));
console.log('docs/fairness.md: blackjack section regenerated');
