import { readFileSync } from 'node:fs';
import { ARTIFACT_FILE, type ContractArtifact } from './compile.js';

/** The committed compile of chain/contracts/TestToken.sol (chain/compile.unit.test.ts keeps it in step). */
export function testTokenArtifact(): ContractArtifact {
  return JSON.parse(readFileSync(ARTIFACT_FILE, 'utf8')) as ContractArtifact;
}
