import { lazy, Suspense, useEffect } from 'react';
import { afterStyles } from '../../after-styles';
import { HEALTH_POLL_INTERVAL_MS } from '../../constants';
import { refreshHealth, useHealthStatus } from './health-store';
import type * as CoverModule from './MaintenanceCover';

// The cover (portal, focus trap, scroll lock) is only needed when the backend is down: its code
// stays out of the first load.
// It is fetched right after start, while the server is still there to send it.
let coverModule: Promise<typeof CoverModule> | null = null;
const loadCover = () => (coverModule ??= afterStyles(() => import('./MaintenanceCover')));
const MaintenanceCover = lazy(() => loadCover().then((module) => ({ default: module.MaintenanceCover })));

/** Checks the backend at start, on return to the tab and periodically; covers the app while it is down. */
function useHealthMonitor(): void {
  useEffect(() => {
    void loadCover().catch(() => {
      coverModule = null;
    });
    void refreshHealth();
    const poll = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refreshHealth();
    }, HEALTH_POLL_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshHealth();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onVisible);
    return () => {
      window.clearInterval(poll);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onVisible);
    };
  }, []);
}

export function MaintenanceOverlay() {
  useHealthMonitor();
  const status = useHealthStatus();
  if (status !== 'down') return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceCover />
    </Suspense>
  );
}
