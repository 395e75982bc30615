import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../../tests/support/browser.js';
import { startTestPlatform, type TestPlatform } from '../../tests/support/platform.js';

/**
 * The whole chain at once: the server serves the built SPA, the SPA asks tRPC for live
 * configuration, and what the browser shows comes from that answer (a version no build contains).
 */
describe('the app boots in Chromium and renders live server data', () => {
  let platform: TestPlatform;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startTestPlatform({ APP_VERSION: '7.7.7-live', SUPPORT_EMAIL: 'help@live-check.example' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('shows the version and support address the server is configured with', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const trpcCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/trpc/')) trpcCalls.push(request.url());
    });
    await page.goto(platform.url);
    await expect.poll(() => page.locator('footer').innerText(), { timeout: 20_000 }).toContain('7.7.7-live');
    expect(await page.locator('footer').innerText()).toContain('help@live-check.example');
    expect(trpcCalls.some((url) => url.includes('config'))).toBe(true);
    await screenshot(page, 'foundation-home-desktop');
    await page.close();
  });

  it('serves index.html for a deep client route and keeps REST paths as JSON', async () => {
    const deep = await fetch(`${platform.url}/token/overview`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toContain('text/html');
    const status = await fetch(`${platform.url}/auth/status`);
    expect(status.headers.get('content-type')).toContain('application/json');
    const unknownApi = await fetch(`${platform.url}/api/no-such-path`);
    expect(unknownApi.status).toBe(404);
    expect(await unknownApi.json()).toEqual({ message: 'Not found', error: 'Not found', code: 'NOT_FOUND' });
  });
});
