import { mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const SOCKET_PORT = 5432;

/** Where the embedded server's Unix socket lives; pg connects with host=<directory>. */
export function embeddedSocketDir(dataDir: string): string {
  return path.join(dataDir, 'run');
}

export function embeddedDatabaseUrl(dataDir: string): string {
  const host = encodeURIComponent(embeddedSocketDir(dataDir));
  return `postgresql://postgres@localhost/postgres?host=${host}&port=${SOCKET_PORT}`;
}

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export async function isEmbeddedPostgresRunning(dataDir: string): Promise<boolean> {
  const socketPath = path.join(embeddedSocketDir(dataDir), `.s.PGSQL.${SOCKET_PORT}`);
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Real Postgres compiled to WASM, kept under DATA_DIR/pg and served over a Unix socket so that the
 * server and worker processes reach it with the ordinary pg driver, exactly as they reach a
 * standalone server.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const socketDir = embeddedSocketDir(dataDir);
  const socketPath = path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  await mkdir(socketDir, { recursive: true });
  // A socket file left by a killed process would make listen() fail with EADDRINUSE.
  await rm(socketPath, { force: true });
  const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pg') });
  const server = new PGLiteSocketServer({ db: pglite, path: socketPath, maxConnections: 64 });
  await server.start();
  return {
    url: embeddedDatabaseUrl(dataDir),
    async stop() {
      await server.stop();
      await pglite.close();
    },
  };
}
