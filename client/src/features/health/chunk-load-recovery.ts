import { refreshHealth } from './health-store';

const RELOADED_FOR_KEY = 'bzu.reloadedForChunk';

/**
 * A route's code failed to load. TanStack Router would reload the page at once (meant for a new
 * deploy), which lands on the browser's own error page when the server is down. Instead: ask the
 * health check first. Down: the maintenance overlay shows. Up: reload once to pick up the new build;
 * if the same chunk fails again, the router's error page shows.
 */
export function installChunkLoadRecovery(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    const message = payload instanceof Error ? payload.message : String(payload);
    sessionStorage.setItem(`tanstack_router_reload:${message}`, '1');
    void refreshHealth().then((status) => {
      if (status !== 'ok' || sessionStorage.getItem(RELOADED_FOR_KEY) === message) return;
      sessionStorage.setItem(RELOADED_FOR_KEY, message);
      window.location.reload();
    });
  });
}
