/**
 * Computes the slot's exact RTP (server/src/domain/games/slots/exact-rtp.ts) and writes it, with the strips, lines and
 * pay table, into docs/fairness.md:
 *   npm run docs:slots
 * server/src/domain/games/slots/rules.unit.test.ts fails when the document and the code disagree.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { slotsExactRtp, withSlotsSection } from '../server/src/domain/games/slots/exact-rtp.js';

const file = new URL('../docs/fairness.md', import.meta.url);
await writeFile(file, withSlotsSection(await readFile(file, 'utf8')));
const { rtp } = slotsExactRtp();
console.log(`docs/fairness.md: slots section regenerated; RTP = ${rtp.num}/${rtp.den}`);
