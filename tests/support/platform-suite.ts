import { afterAll, beforeAll } from 'vitest';
import { startTestPlatform, type TestPlatform } from './platform.js';

/**
 * One server (with `env` over the test defaults) for the whole describe block: started in beforeAll,
 * stopped in afterAll. Read `suite.platform` inside tests and helpers, not at collection time, when it
 * does not exist yet.
 */
export function platformSuite(env: Record<string, string> = {}): { platform: TestPlatform } {
  const suite = {} as { platform: TestPlatform };
  beforeAll(async () => {
    suite.platform = await startTestPlatform(env);
  });
  afterAll(async () => {
    await suite.platform?.stop();
  });
  return suite;
}
