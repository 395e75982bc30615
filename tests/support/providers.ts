import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { signProviderRequest } from '../../server/src/domain/providers/provider-signature.js';
import { http, type HttpResult } from './auth.js';
import type { TestPlatform } from './platform.js';
import { trpc } from './wallet.js';
import { dispatch } from '../../server/src/cli/commands.js';
import { CLI_ACTOR } from '../../server/src/domain/staff/audit-log.js';

/** A provider as the tests configure it (its origin is never contacted unless a test starts the reference process). */
export interface TestProvider {
  id: string;
  secret: string;
  origin: string;
  gameId: string;
}

/** Registers a provider and one slot game (declared RTP 96.5 %) through the configuration service, as the CLI does. */
export async function registerProvider(
  platform: TestPlatform,
  overrides: Partial<TestProvider> = {},
): Promise<TestProvider> {
  const provider: TestProvider = {
    id: overrides.id ?? `p${randomUUID().slice(0, 8)}`,
    secret: overrides.secret ?? `secret-${randomUUID()}`,
    origin: overrides.origin ?? 'https://games.example-studio.test',
    gameId: overrides.gameId ?? 'fruit-slot',
  };
  const services = platform.platform.services;
  await services.providers.registry.saveProvider(
    {
      id: provider.id,
      name: `Studio ${provider.id}`,
      secret: provider.secret,
      origin: provider.origin,
      launchUrlTemplate: `${provider.origin}/launch?token={token}&game={gameId}&currency={currency}&lang={language}&return={returnUrl}`,
      enabled: true,
    },
    CLI_ACTOR,
  );
  await services.providers.registry.saveGame(
    {
      providerId: provider.id,
      gameId: provider.gameId,
      name: 'Fruit Slot',
      category: 'slots',
      rtp: '96.5',
      maxMultiplier: '5000',
      thumbnailUrl: `${provider.origin}/thumbs/fruit.png`,
      enabled: true,
    },
    CLI_ACTOR,
  );
  return provider;
}

/** Launches the provider's game for the signed-in player: the session token the launch URL carries. */
export async function launchSession(
  platform: TestPlatform,
  provider: TestProvider,
  playerToken: string,
  currency: 'USD' | 'BZU' = 'USD',
) {
  const launched = await trpc(
    platform,
    'mutation',
    'providers.launch',
    { provider: provider.id, gameId: provider.gameId, currency },
    playerToken,
  );
  if (launched.status !== 200) throw new Error(`launch: ${JSON.stringify(launched.body)}`);
  const url = new URL(launched.body.result.data.url as string);
  return { url, sessionToken: url.searchParams.get('token')! };
}

/** POSTs a wallet call signed as the provider signs it; `secret` (null: unsigned), `timestamp` and `signedBody` make the bad cases. */
export function walletCall(
  platform: TestPlatform,
  provider: TestProvider,
  action: 'balance' | 'bet' | 'win' | 'rollback',
  body: Record<string, unknown>,
  options: { secret?: string | null; timestamp?: number; rawBody?: string; signedBody?: string } = {},
): Promise<HttpResult & { text: string }> {
  const rawBody = options.rawBody ?? JSON.stringify(body);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.secret !== null) {
    headers['x-provider-timestamp'] = String(timestamp);
    headers['x-provider-signature'] = signProviderRequest(
      options.secret ?? provider.secret,
      timestamp,
      options.signedBody ?? rawBody,
    );
  }
  return fetch(`${platform.url}/api/providers/${provider.id}/${action}`, {
    method: 'POST',
    headers,
    body: rawBody,
  }).then(async (response) => {
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: JSON.parse(text), text };
  });
}

/** Everything the wallet API may change, to prove a refused call changed nothing. */
export async function walletSnapshot(platform: TestPlatform): Promise<string> {
  const db = platform.platform.infra.db;
  const { rows } = await sql<{ snapshot: string }>`
    select concat_ws('|',
      (select count(*) from ledger_transactions), (select coalesce(sum(balance_e8), 0) from ledger_accounts where kind = 'user'),
      (select count(*) from provider_transactions), (select count(*) from provider_requests)) as snapshot`.execute(db);
  return rows[0]!.snapshot;
}

export const newId = (prefix: string) => `${prefix}-${randomUUID()}`;

export { http };

/**
 * The reference provider (providers/reference/server.ts) as its own process on a free port, registered on the platform
 * the way an operator does it (`npm run cli -- providers:reference <url> <secret>`). `stop` ends the process.
 */
export async function startReferenceProvider(platform: TestPlatform, secret = `reference-secret-${randomUUID()}`) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'providers/reference/server.ts'], {
    env: {
      ...process.env,
      PLATFORM_URL: platform.url,
      REFERENCE_PROVIDER_SECRET: secret,
      REFERENCE_PROVIDER_PORT: '0',
      REFERENCE_PROVIDER_TEST_HOOKS: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) =>
      child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')),
    );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(out);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`reference provider exited with ${code}`)));
  });
  await dispatch(['providers:reference', url, secret], {
    services: platform.platform.services,
    print: () => undefined,
  });
  const provider: TestProvider = { id: 'reference', secret, origin: new URL(url).origin, gameId: 'demo-slot' };
  return { url, provider, stop };
}
