import { writeFileSync } from 'node:fs';
import { ARTIFACT_FILE, compileTestToken } from './compile.js';

/** `npm run chain:compile`: rewrites chain/artifacts from chain/contracts (commit both together). */
writeFileSync(ARTIFACT_FILE, `${JSON.stringify(compileTestToken(), null, 2)}\n`);
console.log(`wrote ${ARTIFACT_FILE}`);
