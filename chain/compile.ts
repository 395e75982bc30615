import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const here = path.dirname(fileURLToPath(import.meta.url));
export const CONTRACTS_DIR = path.join(here, 'contracts');
export const ARTIFACT_FILE = path.join(here, 'artifacts', 'TestToken.json');

export interface ContractArtifact {
  contractName: string;
  compiler: string;
  abi: unknown[];
  bytecode: `0x${string}`;
}

/**
 * Compiles the project's Solidity with the solc npm package (its compiler ships inside the package: nothing is
 * downloaded). Deterministic for one compiler version and these settings, so the committed artifact can be checked
 * against a fresh compile (chain/compile.unit.test.ts).
 */
export function compileTestToken(): ContractArtifact {
  const source = readFileSync(path.join(CONTRACTS_DIR, 'TestToken.sol'), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'paris',
      metadata: { bytecodeHash: 'none' },
      outputSelection: { '*': { TestToken: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const contract = output.contracts['TestToken.sol']!['TestToken']!;
  return {
    contractName: 'TestToken',
    compiler: solc.version(),
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
}
