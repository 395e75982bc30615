import { HEALTH_CHECK_PATH, HEALTH_CHECK_TIMEOUT_MS } from '../../constants';
import { createStore, useStore } from '../../lib/external-store';

export type HealthStatus = 'unknown' | 'ok' | 'down';

/** The backend health check of spec section 7: a cache-busting GET with a 2 s timeout. */
export async function checkHealth(): Promise<boolean> {
  try {
    const response = await fetch(`${HEALTH_CHECK_PATH}?t=${Date.now()}`, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

const status = createStore<HealthStatus>('unknown');
let inFlight: Promise<HealthStatus> | null = null;

/** Runs one check (concurrent callers share it) and publishes the result. */
export function refreshHealth(): Promise<HealthStatus> {
  inFlight ??= checkHealth()
    .then((ok) => {
      status.set(ok ? 'ok' : 'down');
      return status.get();
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * Called when a request failed without an answer or with a server error: the overlay is shown
 * only if the health check agrees, so one flaky call does not cover the page.
 */
export function reportPossibleOutage(): void {
  void refreshHealth();
}

export function useHealthStatus(): HealthStatus {
  return useStore(status);
}
