import {
  HEALTH_CHECK_PATH,
  HEALTH_CHECK_TIMEOUT_MS,
  HEALTH_OUTAGE_CONFIRMATIONS,
  HEALTH_RECHECK_DELAY_MS,
} from '../../constants';
import { createStore, useStore, type Store } from '../../lib/external-store';

export type HealthStatus = 'unknown' | 'ok' | 'down';

/** The backend health check of spec section 7: a cache-busting GET with a 2 s timeout. */
export async function checkHealth(): Promise<boolean> {
  try {
    const response = await fetch(`${HEALTH_CHECK_PATH}?t=${Date.now()}`, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS),
    });
    // Read to the end within the timeout: an unread body is cut off when the timeout fires, which leaves the
    // connection half used and the request marked failed in the network log.
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

export interface HealthTracker {
  status: Store<HealthStatus>;
  /**
   * Settles what the server's state is: 'ok' at the first answer; 'down' only after `confirmations` failed checks in a
   * row, re-checking `recheckDelayMs` apart, so one slow answer on a busy machine never covers the app. Once down, one
   * answer brings it back. Concurrent callers share one run.
   */
  refresh(): Promise<HealthStatus>;
}

export function createHealthTracker(
  check: () => Promise<boolean>,
  {
    confirmations,
    recheckDelayMs,
    wait,
  }: { confirmations: number; recheckDelayMs: number; wait: (ms: number) => Promise<void> },
): HealthTracker {
  const status = createStore<HealthStatus>('unknown');
  let failuresInARow = 0;
  let inFlight: Promise<HealthStatus> | null = null;

  async function settle(): Promise<HealthStatus> {
    for (;;) {
      if (await check()) {
        failuresInARow = 0;
        status.set('ok');
        return 'ok';
      }
      failuresInARow += 1;
      if (failuresInARow >= confirmations) {
        status.set('down');
        return 'down';
      }
      await wait(recheckDelayMs);
    }
  }

  return {
    status,
    refresh() {
      inFlight ??= settle().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

const tracker = createHealthTracker(checkHealth, {
  confirmations: HEALTH_OUTAGE_CONFIRMATIONS,
  recheckDelayMs: HEALTH_RECHECK_DELAY_MS,
  wait: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
});

/** Checks the server until it answers or has failed often enough in a row to count as down, and publishes that. */
export function refreshHealth(): Promise<HealthStatus> {
  return tracker.refresh();
}

/**
 * Called when a request failed without an answer or with a server error: the overlay is shown
 * only if the health check agrees, so one flaky call does not cover the page.
 */
export function reportPossibleOutage(): void {
  void refreshHealth();
}

export function useHealthStatus(): HealthStatus {
  return useStore(tracker.status);
}
