/**
 * `npm start` / `npm run dev`: one command for the whole platform on a fresh machine. It brings up
 * Redis (configured or private), Postgres (configured or embedded), migrates, builds the client when
 * its sources are newer than the build, then runs the server and the worker as child processes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { migrateToLatest } from '../db/migrate.js';
import { openDatabase } from '../db/open.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.js';
import { databaseOptions, loadEnv } from '../server/src/env.js';
import { ensureRedis } from './private-redis.js';

const devMode = process.argv.includes('--dev');
const env = loadEnv();
await mkdir(env.dataDir, { recursive: true });

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const redis = await ensureRedis(env.REDIS_URL, env.dataDir).catch((error: Error) => fail(error.message));
if (redis.child) console.log(`Started a private Redis under ${path.join(env.dataDir, 'redis')}`);

let embedded: EmbeddedPostgres | undefined;
if (!env.DATABASE_URL) {
  // Refuses when another running instance hosts this DATA_DIR's server; a server left behind by a
  // killed launcher is stopped and replaced.
  embedded = await startEmbeddedPostgres(env.dataDir).catch((error: Error) => fail(error.message));
  const { pgData, socketDir } = embedded.layout;
  console.log(`Embedded PostgreSQL: data ${pgData}, socket ${socketDir} (psql -h ${socketDir} -U postgres)`);
}

const database = await openDatabase(databaseOptions(env, false));
try {
  const { results = [] } = await migrateToLatest(database.db);
  if (results.length) console.log(`Applied ${results.length} migration(s).`);
} catch (error) {
  await database.db.destroy();
  await embedded?.stop();
  fail((error as Error).message);
}
await database.db.destroy();

if (!devMode && process.env.SKIP_CLIENT_BUILD !== '1' && clientBuildIsStale()) {
  console.log('Building the web client…');
  const build = spawnSync('npx', ['vite', 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) fail('The client build failed.');
}

const childEnv = { ...process.env, REDIS_URL: redis.url, BZU_EXIT_WITH_LAUNCHER: '1' };
const children: ChildProcess[] = [];
let shuttingDown = false;

function run(name: string, args: string[]): ChildProcess {
  // stdin is a pipe only the launcher holds: the child exits when it closes (see infra/shutdown.ts).
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: childEnv, stdio: ['pipe', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!shuttingDown) {
      console.error(`${name} exited (${signal ?? code}); stopping the platform.`);
      void shutdown(1);
    }
  });
  children.push(child);
  return child;
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

run('server', ['server/src/main.ts']);
run('worker', ['worker/src/main.ts']);
if (devMode) {
  children.push(spawn('npx', ['vite', '--config', 'client/vite.config.ts'], { env: childEnv, stdio: 'inherit' }));
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

const serverUrl = `http://localhost:${env.PORT}`;
if (await waitForHealth(`http://127.0.0.1:${env.PORT}`, 60_000)) {
  console.log(`\nBZU platform is running at ${devMode ? 'http://localhost:5173 (Vite, hot reload) with the API at ' : ''}${serverUrl}\n`);
} else if (!shuttingDown) {
  console.error(`The server did not become healthy at ${serverUrl}/auth/status within 60 s.`);
}

async function shutdown(code: number): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  const exited = children.map((child) =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve)),
  );
  for (const child of children) child.kill('SIGTERM');
  await Promise.race([Promise.all(exited), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  await embedded?.stop();
  if (redis.child) {
    const redisExited = new Promise((resolve) => redis.child!.once('exit', resolve));
    redis.child.kill('SIGTERM');
    await redisExited;
  }
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
