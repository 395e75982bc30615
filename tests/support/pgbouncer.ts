import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Debian's PgBouncer (1.18: no named prepared statements across transactions), as .ci/run installs it. */
const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((file) => existsSync(file));

export interface RunningPgBouncer {
  /** `url` with its host and port replaced by the pooler's. */
  through(url: string): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A real PgBouncer in transaction mode in front of the test Postgres (docs/operations.md "Behind a connection
 * pooler" has the same settings). PgBouncer refuses to run as root, so under root it runs as `nobody`.
 */
export async function startPgBouncer(target: { host: string; port: number; user: string }): Promise<RunningPgBouncer> {
  if (!PGBOUNCER) throw new Error('pgbouncer is not installed (apt-get install pgbouncer; .ci/run does it)');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bzu-pgbouncer-'));
  await chmod(dir, 0o777);
  const port = await freePort();
  const ini = [
    '[databases]',
    `* = host=${target.host} port=${target.port}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'users.txt')}`,
    'pool_mode = transaction',
    'max_client_conn = 1000',
    'default_pool_size = 20',
    // The pool sends its timeouts as startup parameters; PgBouncer would refuse them (set them on the role instead).
    'ignore_startup_parameters = extra_float_digits,statement_timeout,idle_in_transaction_session_timeout',
    `logfile = ${path.join(dir, 'pgbouncer.log')}`,
  ].join('\n');
  await writeFile(path.join(dir, 'pgbouncer.ini'), `${ini}\n`, { mode: 0o644 });
  await writeFile(path.join(dir, 'users.txt'), `"${target.user}" ""\n`, { mode: 0o644 });
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(PGBOUNCER, [path.join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const through = (url: string) => {
    const pooled = new URL(url);
    pooled.hostname = '127.0.0.1';
    pooled.port = String(port);
    return pooled.toString();
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  // Ready once it answers a query (bounded: a PgBouncer that does not come up fails the suite with its log).
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = await readFile(path.join(dir, 'pgbouncer.log'), 'utf8').catch(() => '');
      await stop();
      throw new Error(`pgbouncer exited: ${stderr}${log}`);
    }
    const client = new pg.Client({
      connectionString: through(`postgres://${target.user}@127.0.0.1/postgres`),
      connectionTimeoutMillis: 1_000,
    });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return { through, stop };
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`pgbouncer did not answer within 15 s: ${(error as Error).message} ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
