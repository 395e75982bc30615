import type { Logger } from './logger.js';

/**
 * Runs the drain once on SIGTERM or SIGINT, then exits; a second signal or a drain that hangs
 * past the grace period exits at once.
 */
export function onShutdown(logger: Logger, drain: () => Promise<void>, graceMs = 10_000): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown took too long, exiting');
      process.exit(1);
    }, graceMs).unref();
    drain().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
