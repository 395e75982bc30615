import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrateToLatest } from '../../db/migrate.js';
import { parseEvmNetworks } from './domain/chain/chain-config.js';
import { createServices } from './composition/index.js';
import { CliUsageError, commands, dispatch, usage } from './cli/commands.js';
import { DomainError } from './domain/errors.js';
import { loadEnv } from './env.js';
import { openInfrastructure } from './infrastructure.js';

/** `npm run cli -- <command> [args]`: operator commands over the same services as the server. */
async function main(argv: string[]): Promise<number> {
  const name = argv[0];
  if (!name || name === 'help' || name === '--help' || !commands[name]) {
    const known = !name || name === 'help' || name === '--help';
    (known ? console.log : console.error)(known ? usage() : `Unknown command "${name}"\n\n${usage()}`);
    return known ? 0 : 2;
  }
  const env = loadEnv();
  // Beside `npm start` with its development chain: the chain the launcher's server and worker use.
  const devChain = path.join(env.dataDir, 'dev-chain-networks.json');
  if (env.evmNetworks.length === 0 && env.NODE_ENV !== 'production' && existsSync(devChain)) {
    env.evmNetworks = parseEvmNetworks(readFileSync(devChain, 'utf8'));
  }
  const infra = await openInfrastructure(env, { hostEmbedded: true });
  try {
    await migrateToLatest(infra.db);
    await dispatch(argv, { services: createServices(infra), print: (line) => console.log(line), env });
    return 0;
  } catch (error) {
    if (error instanceof CliUsageError) {
      console.error(error.message);
      return 2;
    }
    console.error(error instanceof DomainError ? error.message : `Failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await infra.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
