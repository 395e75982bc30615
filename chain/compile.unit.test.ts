import { describe, expect, it } from 'vitest';
import { testTokenArtifact } from './artifacts.js';
import { compileTestToken } from './compile.js';

describe('the committed token artifact', () => {
  it('is what solc compiles from chain/contracts today (run npm run chain:compile after editing the source)', () => {
    const fresh = compileTestToken();
    const committed = testTokenArtifact();
    expect(committed.compiler).toBe(fresh.compiler);
    expect(committed.abi).toEqual(fresh.abi);
    expect(committed.bytecode).toBe(fresh.bytecode);
    expect(fresh.bytecode.length).toBeGreaterThan(1_000);
  }, 60_000);
});
