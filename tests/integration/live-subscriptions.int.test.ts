import { createTRPCClient, createWSClient, wsLink, type TRPCClient } from '@trpc/client';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResolver } from '../../server/src/realtime/session-resolver.js';
import type { AppRouter } from '../../server/src/trpc/router.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';

const sessions: SessionResolver = async (token) => (token === 'tok-7' ? { id: 7 } : null);

interface Collector<T> {
  items: { id: string; data: T }[];
  errors: unknown[];
  started: Promise<void>;
  stop(): void;
}

function collect<T>(
  subscribe: (handlers: {
    onStarted: () => void;
    onData: (value: { id: string; data: T }) => void;
    onError: (error: unknown) => void;
  }) => { unsubscribe(): void },
): Collector<T> {
  const items: { id: string; data: T }[] = [];
  const errors: unknown[] = [];
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const subscription = subscribe({
    onStarted: () => markStarted(),
    onData: (value) => items.push(value),
    onError: (error) => {
      errors.push(error);
      markStarted();
    },
  });
  return { items, errors, started, stop: () => subscription.unsubscribe() };
}

describe('tRPC subscriptions over /api/trpc-ws', () => {
  let platform: TestPlatform;
  const wsClients: ReturnType<typeof createWSClient>[] = [];
  const client = (token?: string): TRPCClient<AppRouter> => {
    const wsClient = createWSClient({
      url: `${platform.url.replace(/^http/, 'ws')}/api/trpc-ws`,
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
      connectionParams: token ? { token } : undefined,
    });
    wsClients.push(wsClient);
    return createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
  };

  beforeAll(async () => {
    platform = await startTestPlatform({}, { resolveSession: sessions });
  });
  afterAll(async () => {
    for (const wsClient of wsClients) await wsClient.close();
    await platform?.stop();
  });

  it('streams token.onPrice with tracked ids and resumes from lastEventId without gaps or duplicates', async () => {
    const trpc = client();
    const events = platform.platform.services.events.publish;
    const live = collect<{ price?: string }>((handlers) => trpc.token.onPrice.subscribe(undefined, handlers));
    await live.started;
    await events.tokenPriceUpdate({ price: '1.00000000' });
    await events.tokenPriceUpdate({ price: '2.00000000' });
    await expect.poll(() => live.items.length).toBe(2);
    expect(live.items.map((item) => item.data.price)).toEqual(['1.00000000', '2.00000000']);
    expect(live.items[0]!.id).toMatch(/^\d+-\d+$/);
    live.stop();

    // Missed while away: two more events. Resuming after the first replays 2, 3, 4, then goes live.
    await events.tokenPriceUpdate({ price: '3.00000000' });
    await events.tokenPriceUpdate({ price: '4.00000000' });
    const resumed = collect<{ price?: string }>((handlers) =>
      trpc.token.onPrice.subscribe({ lastEventId: live.items[0]!.id }, handlers),
    );
    await expect.poll(() => resumed.items.length).toBe(3);
    await events.tokenPriceUpdate({ price: '5.00000000' });
    await expect.poll(() => resumed.items.length).toBe(4);
    expect(resumed.items.map((item) => item.data.price)).toEqual([
      '2.00000000',
      '3.00000000',
      '4.00000000',
      '5.00000000',
    ]);
    resumed.stop();
  });

  it('refuses account.onBalance and games.onResult without a session', async () => {
    const trpc = client();
    const balance = collect((handlers) => trpc.account.onBalance.subscribe(undefined, handlers));
    await balance.started;
    await expect.poll(() => balance.errors.length).toBe(1);
    expect((balance.errors[0] as { data?: { code?: string } }).data?.code).toBe('UNAUTHORIZED');
    const results = collect((handlers) => trpc.games.onResult.subscribe(undefined, handlers));
    await expect.poll(() => results.errors.length).toBe(1);
  });

  it("delivers only the signed-in user's balance updates and game results, plus announcements", async () => {
    const trpc = client('tok-7');
    const events = platform.platform.services.events.publish;
    const balances = collect<{ userId: string; newBalance: string }>((handlers) =>
      trpc.account.onBalance.subscribe(undefined, handlers),
    );
    const results = collect<{ gameId: string }>((handlers) => trpc.games.onResult.subscribe(undefined, handlers));
    const news = collect<{ message: string }>((handlers) => trpc.system.onAnnouncement.subscribe(undefined, handlers));
    await Promise.all([balances.started, results.started, news.started]);

    await events.balanceUpdate({ userId: '8', newBalance: '1.00000000', currency: 'USD' });
    await events.balanceUpdate({ userId: '7', newBalance: '10.50000000', currency: 'USD' });
    await events.gameResult({ id: 'g1', userId: '7', gameId: 'dice', outcome: 'win' });
    await events.systemAnnouncement({ id: 'n1', type: 'primary', message: 'Welcome' });
    await expect.poll(() => balances.items.length + results.items.length + news.items.length).toBe(3);
    expect(balances.items[0]!.data).toEqual({ userId: '7', newBalance: '10.50000000', currency: 'USD' });
    expect(results.items[0]!.data.gameId).toBe('dice');
    expect(news.items[0]!.data.message).toBe('Welcome');
  });
});
