import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Parser } from '@asyncapi/parser';
import { validate } from '@readme/openapi-parser';
import { Ajv } from 'ajv';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_HASHING, http as request, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { assertNoContractViolations, takeContractViolations } from '../support/contract-setup.js';
import { openApiContract } from '../support/openapi-contract.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { TestSocket, type Frame } from '../support/socket-client.js';

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[]; router?: { stack?: Layer[] } };
}

/** Every "METHOD /path" Express routes, through the routers mounted in the app (all at the root). */
function expressRoutes(app: Express): Set<string> {
  const found = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const method of Object.keys(layer.route.methods))
          for (const path of paths) found.add(`${method.toUpperCase()} ${path}`);
      } else if (layer.handle?.stack) walk(layer.handle.stack);
      else if (layer.handle?.router?.stack) walk(layer.handle.router.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  // The SPA's fallback: every client route is index.html, not an API path.
  found.delete('GET /{*clientRoute}');
  return found;
}

function documentedRoutes(document: { paths?: Record<string, object> }): Set<string> {
  const found = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of Object.keys(item)) found.add(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
  }
  return found;
}

describe('the API documents', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('serves an OpenAPI 3.1 document that the OpenAPI validator accepts', async () => {
    const response = await request(platform.url, 'GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(response.body));
    expect('errors' in result ? result.errors : [], JSON.stringify(result)).toEqual([]);
    expect(result.valid).toBe(true);
    // The document served is the one the contract check of every REST test uses.
    const { paths, components } = JSON.parse(JSON.stringify(openApiContract().document)) as Record<string, unknown>;
    expect({ paths: response.body.paths, components: response.body.components }).toEqual({ paths, components });
  });

  it('serves an AsyncAPI 3 document of /api/ws that the AsyncAPI parser accepts, with every channel and frame', async () => {
    const response = await request(platform.url, 'GET', '/api/asyncapi.json');
    expect(response.status).toBe(200);
    expect(response.body.asyncapi).toBe('3.0.0');
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(response.body));
    const problems = diagnostics
      .filter((diagnostic) => diagnostic.severity <= 1)
      .map((diagnostic) => `${diagnostic.code}: ${diagnostic.message} at ${diagnostic.path.join('.')}`);
    expect(problems).toEqual([]);
    expect(document).toBeDefined();
    const addresses = document!
      .channels()
      .all()
      .map((channel) => channel.address());
    expect(addresses).toEqual(
      expect.arrayContaining([
        'user:{userId}',
        'game-results:{userId}',
        'chat',
        'bets',
        'high-rollers',
        'token-price',
        'sports',
        'raffle',
        '{game}',
      ]),
    );
    const messages = document!
      .components()
      .messages()
      .all()
      .map((message) => message.name());
    expect(messages).toEqual(
      expect.arrayContaining([
        'balance-update',
        'chat-message',
        'round-tick',
        'subscribed',
        'error',
        'subscribe',
        'ping',
      ]),
    );
    expect(response.body.info.description).toContain('seq');
  });

  it("sends /api/ws frames that match the AsyncAPI document's message schemas", async () => {
    const asyncapi = (await request(platform.url, 'GET', '/api/asyncapi.json')).body as {
      components: { messages: Record<string, { payload: object }> };
    };
    const ajv = new Ajv({ strict: false, allErrors: true });
    const messages = asyncapi.components.messages;
    const problemsOf = (frame: Frame): string | null => {
      const message = messages[frame.type] ?? messages[`control-${frame.type}`];
      if (!message) return `${frame.type}: no such message in the document`;
      const check = ajv.compile(message.payload);
      return check(frame as unknown) ? null : `${String(frame.type)}: ${ajv.errorsText(check.errors)}`;
    };

    const { token, user } = await signedInAccount(platform);
    const socket = await TestSocket.open(platform.url, `?token=${token}`);
    const seen: Frame[] = [];
    const next = async (match: (frame: Frame) => boolean) => {
      const frame = await socket.next(match);
      seen.push(frame);
      return frame;
    };
    try {
      await next((frame) => frame.type === 'authenticated');
      socket.send({ type: 'subscribe', channels: ['chat', `user:${user.id}`, 'user:999999'] });
      await next((frame) => frame.type === 'subscribed' && frame.channel === 'chat');
      await next((frame) => frame.type === 'error' && frame.channel === 'user:999999');
      socket.send({ type: 'ping' });
      await next((frame) => frame.type === 'pong');
      const sent = await request(
        platform.url,
        'POST',
        '/api/chat/messages',
        { message: 'frames by the book' },
        { token },
      );
      expect(sent.status).toBe(201);
      const chat = await next((frame) => frame.type === 'chat-message');
      socket.send({ type: 'unsubscribe', channels: ['chat'] });
      await next((frame) => frame.type === 'unsubscribed');

      expect(seen.map((frame) => frame.type)).toEqual([
        'authenticated',
        'subscribed',
        'error',
        'pong',
        'chat-message',
        'unsubscribed',
      ]);
      expect(seen.map(problemsOf).filter(Boolean)).toEqual([]);
      expect(chat.seq).toBeGreaterThan(0);
      // The schemas are not vacuous: a chat frame without its sender, or a control frame with a seq, is refused.
      const { username: _dropped, ...withoutSender } = chat.data;
      expect(problemsOf({ ...chat, data: withoutSender })).toMatch(/username/);
      expect(problemsOf({ type: 'pong', channel: null, seq: 3, ts: Date.now(), data: {} })).toMatch(/seq/);
    } finally {
      socket.ws.close();
    }
  });

  it('documents exactly the routes Express has: nothing missing, nothing extra', () => {
    const routes = expressRoutes(platform.platform.server.app);
    const documented = documentedRoutes(openApiContract().document);
    const undocumented = [...routes].filter((route) => !documented.has(route)).sort();
    const gone = [...documented].filter((route) => !routes.has(route)).sort();
    expect({ undocumented, documentedButNoRoute: gone }).toEqual({ undocumented: [], documentedButNoRoute: [] });
    // The generic game routes come from the registry: every registered game is in the document.
    expect(documented).toContain('POST /api/games/dice/bets');
    expect(documented).toContain('POST /api/games/blackjack/bets/:id/actions');
    expect(documented).toContain('POST /api/crash/cashout');
  });

  it('answers every GET path without parameters as the document says (the contract check reads each answer)', async () => {
    const { token } = await signedInAccount(platform);
    const document = openApiContract().document as unknown as {
      paths: Record<string, Record<string, { security?: object[] }>>;
    };
    const paths = Object.entries(document.paths).filter(([path, item]) => item.get && !path.includes('{'));
    expect(paths.length).toBeGreaterThan(30);
    const statuses: Record<string, number> = {};
    for (const [path, item] of paths) {
      const signedIn = (item.get!.security ?? []).length > 0;
      const answer = await fetch(`${platform.url}${path}`, {
        headers: signedIn ? { authorization: `Bearer ${token}` } : {},
      });
      statuses[path] = answer.status;
    }
    // Every one answered without a server error; the setup's afterEach fails this test if any body broke its schema.
    expect(Object.entries(statuses).filter(([, status]) => status >= 500)).toEqual([]);
    expect(statuses['/api/games']).toBe(200);
    expect(statuses['/api/auth/profile']).toBe(200);
  });

  it('fails a test whose REST answer does not match the document', async () => {
    // A stand-in server on a local address answering documented paths wrongly: a profile without its fields,
    // and a status the bet lookup never answers.
    const liar = http.createServer((req, res) => {
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/api/auth/profile') res.end(JSON.stringify({ id: 'not-a-number' }));
      else res.writeHead(418).end(JSON.stringify({ teapot: true }));
    });
    await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(liar.address() as AddressInfo).port}`;
    try {
      takeContractViolations();
      await fetch(`${base}/api/auth/profile`);
      await fetch(`${base}/api/bets/12`);
      const violations = takeContractViolations();
      expect(violations).toHaveLength(2);
      expect(violations[0]).toMatch(/GET \/api\/auth\/profile .*does not match its schema/);
      expect(violations[0]).toContain("must have required property 'username'");
      expect(violations[1]).toMatch(
        /GET \/api\/bets\/12 \(\/api\/bets\/\{id\}\) answered 418, a status the OpenAPI document does not list/,
      );

      // What ends every test: a recorded violation makes it throw (the setup's afterEach), so the test fails.
      await fetch(`${base}/api/auth/profile`);
      expect(() => assertNoContractViolations()).toThrow(/break the OpenAPI document[\s\S]*\/api\/auth\/profile/);
      expect(() => assertNoContractViolations()).not.toThrow();
    } finally {
      await new Promise((resolve) => liar.close(resolve));
    }
  });

  it('serves the reference page from this server, with its viewer, and the socket channels with a link to AsyncAPI', async () => {
    const page = await fetch(`${platform.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    // The app's CSP: scripts only from this origin, none inline.
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('href="/api/asyncapi.json"');
    expect(html).toContain('<code>user:{userId}</code>');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    for (const src of [...html.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((match) => match[1]!)) {
      const asset = await fetch(`${platform.url}${src}`);
      expect(asset.status, src).toBe(200);
      expect((await asset.text()).length, src).toBeGreaterThan(100);
    }
    expect((await fetch(`${platform.url}/api/docs/nothing.js`)).status).toBe(404);
  });
});
