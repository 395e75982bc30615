import { createLogger } from '../../server/src/infra/logger.js';
import type { JobContext } from '../../worker/src/processors/types.js';
import type { TestPlatform } from './platform.js';

/**
 * What the worker hands a job handler, built on the test platform, so a test can run one handler by hand (a
 * retried tick is the same `jobId` twice). These jobs never ask to be rate-limited, so a call to that fails the test.
 */
export function testJobContext(platform: TestPlatform, jobId: string): JobContext {
  return {
    infra: platform.platform.infra,
    services: platform.platform.services,
    logger: createLogger('silent', 'worker'),
    jobId,
    attempt: 1,
    enqueuedAt: Date.now(),
    rateLimit: async (): Promise<never> => {
      throw new Error('not rate-limited here');
    },
  };
}
