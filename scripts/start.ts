/**
 * `npm start` / `npm run dev`: one command for the whole platform on a fresh machine. It brings up
 * Redis (configured or private), Postgres (configured or embedded), migrates, builds the client when
 * its sources are newer than the build, then runs the server and the worker as child processes,
 * and supervises them: a child that crashes is started again (scripts/supervisor.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { embeddedLayout } from '../db/embedded.js';
import { migrateToLatest } from '../db/migrate.js';
import { openDatabase } from '../db/open.js';
import { databaseOptions, loadEnv } from '../server/src/env.js';
import { ensureDevSecrets } from '../server/src/infra/dev-secrets.js';
import { loadWalletKeys, walletKeyOptions } from '../server/src/infra/wallet-keys.js';
import { hotWalletAddress } from '../server/src/infra/wallet-signing-keys.js';
import { signingChildEnv, watchOnlyChildEnv } from './child-env.js';
import { devChainFile, startDevChain, type DevChain } from './dev-chain.js';
import { childUnit, embeddedPostgresUnit, nodeChildUnit, POSTGRES } from './launcher-units.js';
import { launcherAncestry, watchAncestry } from './parent-watch.js';
import { ensureRedis, type RedisChoice } from './private-redis.js';
import { Supervisor } from './supervisor.js';

const devMode = process.argv.includes('--dev');
const env = loadEnv();
// Read before anything else: once a wrapper has died, the chain above it can no longer be read.
const ancestry = launcherAncestry('scripts/start.ts');

let shuttingDown = false;
let redis: RedisChoice | undefined;
let devChain: DevChain | undefined;
const supervisor = new Supervisor({
  log: (line) => console.error(line),
  onExitBeforeReady: (name, how) => {
    console.error(`${name} exited (${how}) while the platform was starting; stopping the platform.`);
    void shutdown(1);
  },
});
// REDIS_URL (and the dev chain's EVM_NETWORKS) are added once chosen, before any child starts.
const childEnv: NodeJS.ProcessEnv = { ...process.env, BZU_EXIT_WITH_LAUNCHER: '1' };
// Only the worker signs: the server and Vite never receive WALLET_XPRV (scripts/child-env.ts).
const children = [
  nodeChildUnit('server', ['server/src/main.ts'], () => watchOnlyChildEnv(childEnv)),
  nodeChildUnit('worker', ['worker/src/main.ts'], () => signingChildEnv(childEnv)),
  ...(devMode
    ? [childUnit('vite', 'npx', ['vite', '--config', 'client/vite.config.ts'], () => watchOnlyChildEnv(childEnv))]
    : []),
];

// SIGHUP: the terminal was closed. Whatever ends one of the launcher's wrappers (npm, sh, the tsx
// CLI), SIGKILL included, is noticed by watching them.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));
watchAncestry(ancestry, () => {
  console.error('The process that started the platform has ended; stopping the platform.');
  void shutdown(0);
});

boot().catch((error: Error) => {
  if (shuttingDown) return;
  console.error(error.message);
  void shutdown(1);
});

/** Each step gives up quietly once a shutdown has begun; shutdown() stops whatever was started. */
async function boot(): Promise<void> {
  await mkdir(env.dataDir, { recursive: true });
  // Written once here, before the server and worker start, so both read the same development keys.
  ensureDevSecrets(env);

  redis = await ensureRedis(env.REDIS_URL, env.dataDir);
  if (redis.child) console.log(`Started a private Redis under ${path.join(env.dataDir, 'redis')}`);
  if (shuttingDown) return stopRedis();
  childEnv.REDIS_URL = redis.url;

  if (!env.DATABASE_URL) {
    // Refuses when another running instance hosts this DATA_DIR's server; a server left behind by
    // a killed launcher is stopped and replaced. A crashed one is started again (its crash
    // recovery replays the WAL: committed bets are kept).
    await supervisor.add(embeddedPostgresUnit(env.dataDir));
    const { pgData, socketDir } = embeddedLayout(env.dataDir);
    console.log(`Embedded PostgreSQL: data ${pgData}, socket ${socketDir} (psql -h ${socketDir} -U postgres)`);
  }
  if (shuttingDown) return;

  const database = await openDatabase(databaseOptions(env, false));
  try {
    const { results = [] } = await migrateToLatest(database.db);
    if (results.length) console.log(`Applied ${results.length} migration(s).`);
  } finally {
    await database.db.destroy();
  }

  // No EVM network configured (and not production): the embedded development chain (docs/operations.md).
  if (env.evmNetworks.length === 0 && env.NODE_ENV !== 'production' && process.env.DEV_CHAIN !== 'false') {
    devChain = await startDevChain({
      port: process.env.DEV_CHAIN_PORT ? Number(process.env.DEV_CHAIN_PORT) : undefined,
      blockMs: 2_000,
      hotWallet: hotWalletAddress(loadWalletKeys(walletKeyOptions(env)).xpub),
    });
    childEnv.EVM_NETWORKS = devChain.networksJson;
    // For `npm run cli` (custody:report) beside this launcher; removed at shutdown.
    writeFileSync(devChainFile(env.dataDir), devChain.networksJson);
    console.log(`Local EVM dev chain at ${devChain.node.url} (test USDT, USDC and BZU deployed; a block every 2 s)`);
    if (shuttingDown) return;
  }

  if (!devMode && process.env.SKIP_CLIENT_BUILD !== '1' && clientBuildIsStale()) {
    console.log('Building the web client…');
    const build = spawnSync('npx', ['vite', 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('The client build failed.');
  }
  if (shuttingDown) return;

  await Promise.all(children.map((unit) => supervisor.add(unit)));
  const serverUrl = `http://localhost:${env.PORT}`;
  const healthy = await waitForHealth(`http://127.0.0.1:${env.PORT}`, 60_000);
  if (shuttingDown) return;
  // From here on a crashed child is restarted (before, an exit stops the start: a port in use or a
  // broken build would otherwise restart forever).
  supervisor.markReady();
  if (healthy) {
    console.log(
      `\nBZU platform is running at ${devMode ? 'http://localhost:5173 (Vite, hot reload) with the API at ' : ''}${serverUrl}\n`,
    );
  } else {
    console.error(`The server did not become healthy at ${serverUrl}/auth/status within 60 s.`);
  }
}

async function waitForHealth(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !shuttingDown) {
    try {
      if ((await fetch(`${url}/auth/status`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function stopRedis(): Promise<void> {
  const child = redis?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The server and worker drain first, then the database and Redis they were using stop. */
async function shutdown(code: number): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  await supervisor.stop(children.map((unit) => unit.name));
  await supervisor.stop([POSTGRES]);
  if (devChain) rmSync(devChainFile(env.dataDir), { force: true });
  await devChain?.node.stop();
  await stopRedis();
  process.exit(code);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function clientBuildIsStale(): boolean {
  const index = path.resolve(env.CLIENT_DIST_DIR, 'index.html');
  if (!existsSync(index)) return true;
  return newestMtime(path.resolve('client/src')) > statSync(index).mtimeMs;
}
