import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from '../../../tests/support/browser.js';
import { platformSuite } from '../../../tests/support/platform-suite.js';
import type { TestPlatform } from '../../../tests/support/platform.js';

/**
 * One server (with `env` over the test defaults) and one Chromium for the whole describe block:
 * started in beforeAll, stopped in afterAll. Read `suite.platform` and `suite.browser` inside tests,
 * not at collection time, when neither exists yet.
 */
export function browserSuite(env: Record<string, string> = {}): { platform: TestPlatform; browser: Browser } {
  const suite = platformSuite(env) as { platform: TestPlatform; browser: Browser };
  beforeAll(async () => {
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
  });
  return suite;
}
