import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { launcherAncestry, watchAncestry } from '../../scripts/parent-watch.js';
import { fromUnits, payoutRatio, spinReels, toUnits } from './demo-slot.js';
import { slotPage, THUMBNAIL_SVG } from './page.js';
import { WalletClient, type WalletClientConfig } from './wallet-client.js';

/**
 * The reference game provider (issue 29; docs/providers.md "Reference provider"): a studio's game server in a few
 * lines. It serves the demo slot's page (which the platform frames) and, for each spin, calls the platform's wallet
 * as a real supplier does: bet, then win (zero when lost); a round that fails after its bet is rolled back.
 * `npm run provider:reference`, configured by PLATFORM_URL, REFERENCE_PROVIDER_SECRET, REFERENCE_PROVIDER_ID and
 * REFERENCE_PROVIDER_PORT. REFERENCE_PROVIDER_TEST_HOOKS=1 lets a spin ask to fail (`"fail": true`), for the tests.
 */
export interface ReferenceProviderConfig extends WalletClientConfig {
  port: number;
  testHooks: boolean;
}

const BET = /^\d{1,6}(\.\d{1,8})?$/;

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 10_000) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, 'application/json', JSON.stringify(body));

export function createReferenceProvider(config: ReferenceProviderConfig): Server {
  const wallet = new WalletClient(config);

  /** One spin: bet, the outcome, then the win; the bet is rolled back when the round cannot finish. */
  async function spin(input: Record<string, unknown>) {
    const token = String(input.token ?? '');
    const currency = input.currency === 'BZU' ? 'BZU' : 'USD';
    const bet = String(input.bet ?? '');
    if (!BET.test(bet) || toUnits(bet) === 0n) return { status: 400, body: { error: 'BAD_BET' } };
    const roundId = `round-${randomUUID()}`;
    const betTransactionId = `bet-${randomUUID()}`;
    const session = { sessionToken: token, currency, gameId: 'demo-slot' };
    let placed;
    try {
      placed = await wallet.call('bet', { ...session, transactionId: betTransactionId, roundId, amount: bet });
    } catch {
      // No answer at all: the bet may have been taken. Roll it back (the wallet records a rollback of an unseen bet).
      const undone = await wallet.call('rollback', {
        ...session,
        transactionId: `rollback-${randomUUID()}`,
        referenceTransactionId: betTransactionId,
        roundId,
      });
      return { status: 502, body: { error: 'WALLET_UNREACHABLE', balance: undone.body.balance, currency } };
    }
    if (placed.body.status !== 'OK')
      return { status: 200, body: { error: placed.body.status, balance: placed.body.balance, currency } };
    try {
      if (config.testHooks && input.fail === true) throw new Error('the round failed (test hook)');
      const reels = spinReels();
      const [numerator, denominator] = payoutRatio(reels);
      const win = fromUnits((toUnits(bet) * numerator) / denominator);
      const paid = await wallet.call('win', {
        ...session,
        transactionId: `win-${randomUUID()}`,
        roundId,
        amount: win,
        roundClosed: true,
      });
      if (paid.body.status !== 'OK')
        return { status: 200, body: { error: paid.body.status, balance: paid.body.balance, currency } };
      return { status: 200, body: { reels, win, balance: paid.body.balance, currency, roundId } };
    } catch {
      const undone = await wallet.call('rollback', {
        ...session,
        transactionId: `rollback-${randomUUID()}`,
        referenceTransactionId: betTransactionId,
        roundId,
      });
      return {
        status: 200,
        body: {
          error: 'ROUND_FAILED',
          rolledBack: undone.body.status === 'OK',
          balance: undone.body.balance,
          currency,
          roundId,
        },
      };
    }
  }

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://reference.local');
    const route = `${req.method} ${url.pathname}`;
    const handle = async () => {
      if (route === 'GET /slot') return send(res, 200, 'text/html; charset=utf-8', slotPage());
      if (route === 'GET /thumbnail.svg') return send(res, 200, 'image/svg+xml', THUMBNAIL_SVG);
      if (route === 'GET /health') return json(res, 200, { ok: true });
      if (route === 'POST /api/balance') {
        const input = await readJson(req);
        const reply = await wallet.call('balance', { sessionToken: String(input.token ?? '') });
        return json(res, 200, reply.body);
      }
      if (route === 'POST /api/spin') {
        const outcome = await spin(await readJson(req));
        return json(res, outcome.status, outcome.body);
      }
      return json(res, 404, { error: 'NOT_FOUND' });
    };
    handle().catch((error: unknown) => {
      console.error('reference provider:', error);
      if (!res.headersSent) json(res, 500, { error: 'INTERNAL' });
    });
  });
}

export function configFromEnv(env: NodeJS.ProcessEnv): ReferenceProviderConfig {
  const secret = env.REFERENCE_PROVIDER_SECRET;
  if (!secret)
    throw new Error('REFERENCE_PROVIDER_SECRET is required (the secret `npm run cli -- providers:reference` printed)');
  return {
    platformUrl: (env.PLATFORM_URL ?? 'http://localhost:5001').replace(/\/$/, ''),
    providerId: env.REFERENCE_PROVIDER_ID ?? 'reference',
    secret,
    port: Number(env.REFERENCE_PROVIDER_PORT ?? 4100),
    timeoutMs: Number(env.REFERENCE_PROVIDER_TIMEOUT_MS ?? 5000),
    attempts: 3,
    testHooks: env.REFERENCE_PROVIDER_TEST_HOOKS === '1',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Read first: once a wrapper has died its chain can no longer be read. `npm run provider:reference` passes a SIGTERM
  // only to its shell, so the studio stops when any process that started it is gone, as `npm start` does.
  const ancestry = launcherAncestry('providers/reference/server.ts');
  const config = configFromEnv(process.env);
  const server = createReferenceProvider(config);
  server.listen(config.port, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(
      `reference provider listening on http://127.0.0.1:${port} (wallet ${config.platformUrl}/api/providers/${config.providerId})`,
    );
  });
  const stop = () => {
    server.close(() => process.exit(0));
    // An open keep-alive connection (a player's framed page) would hold close() open.
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  watchAncestry(ancestry, () => {
    console.error('The process that started the reference provider has ended; stopping.');
    stop();
  });
}
