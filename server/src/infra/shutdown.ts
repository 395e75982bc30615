import type { Logger } from './logger.js';

/**
 * Runs the drain once on SIGTERM, SIGINT or SIGHUP, then exits; a second signal or a drain that hangs
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
  // A closed terminal: drain like SIGTERM rather than die mid-request (Node's default).
  process.on('SIGHUP', stop);
  // Started by the launcher (scripts/start.ts), which holds the other end of stdin: when the
  // launcher dies without stopping us (kill -9), the pipe closes and we drain and exit instead of
  // holding the port and the database for the next `npm start`.
  if (process.env.BZU_EXIT_WITH_LAUNCHER === '1') {
    process.stdin.on('close', () => {
      if (!stopping) stop('SIGTERM');
    });
    process.stdin.on('data', () => undefined);
    process.stdin.resume();
  }
}
