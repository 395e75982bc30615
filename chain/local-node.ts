import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * The funded accounts of Hardhat's default development mnemonic ("test test ... junk"). Publicly known keys: they
 * exist only on a local node; anything sent to them on a real network is lost.
 */
export const DEV_ACCOUNT_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
] as const satisfies readonly `0x${string}`[];
export const LOCAL_CHAIN_ID = 31337;

export interface LocalNode {
  url: string;
  port: number;
  /** A raw JSON-RPC call (evm_mine, evm_snapshot, evm_revert, ...). */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  mine(blocks?: number): Promise<void>;
  snapshot(): Promise<string>;
  revert(snapshotId: string): Promise<void>;
  blockNumber(): Promise<bigint>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function jsonRpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/**
 * Starts Hardhat 2's JSON-RPC node as a child process on 127.0.0.1 (a free port unless one is given) and resolves
 * once it answers. `stop()` ends it; so does the parent's exit.
 */
export async function startLocalNode(
  options: { port?: number; log?: (line: string) => void } = {},
): Promise<LocalNode> {
  const port = options.port ?? (await freePort());
  const cli = require.resolve('hardhat/internal/cli/cli.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--require',
      path.join(here, 'exit-with-parent.cjs'),
      cli,
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
      '--config',
      path.join(here, 'hardhat.config.cjs'),
    ],
    {
      cwd: here,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
        BZU_HARDHAT_SCRATCH: path.join(os.tmpdir(), 'bzu-hardhat'),
      },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Started HTTP')) {
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      options.log?.(chunk.toString().trimEnd());
    });
    child.once('exit', (code) =>
      reject(new Error(`the local EVM node exited (${code}) before it started:\n${output}`)),
    );
  });
  // Keep draining its output so the pipe never fills and stalls it.
  child.stdout!.on('data', () => undefined);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const rpc = <T>(method: string, params: unknown[] = []) => jsonRpc<T>(url, method, params);
  return {
    url,
    port,
    rpc,
    async mine(blocks = 1) {
      for (let i = 0; i < blocks; i += 1) await rpc('evm_mine');
    },
    snapshot: () => rpc<string>('evm_snapshot'),
    async revert(snapshotId) {
      const ok = await rpc<boolean>('evm_revert', [snapshotId]);
      if (!ok) throw new Error(`evm_revert ${snapshotId} refused`);
    },
    blockNumber: async () => BigInt(await rpc<string>('eth_blockNumber')),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
