import { notifications } from '@mantine/notifications';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../constants';
import { reportPossibleOutage } from '../health/health-store';

/**
 * Scrolls to the top after every navigation, and treats a page whose code has not arrived
 * within the chunk-load timeout as failed: it tells the user and asks for a health check.
 */
export function useNavigationEffects(): void {
  const router = useRouter();
  useEffect(() => {
    let watchdog: number | undefined;
    const stopWatchdog = () => window.clearTimeout(watchdog);
    const unsubscribeStart = router.subscribe('onBeforeLoad', ({ pathChanged }) => {
      if (!pathChanged) return;
      stopWatchdog();
      watchdog = window.setTimeout(() => {
        reportPossibleOutage();
        notifications.show({
          color: 'yellow',
          message: 'This page is taking too long to load. Please check your connection.',
        });
      }, CHUNK_LOAD_TIMEOUT_MS);
    });
    const unsubscribeResolved = router.subscribe('onResolved', ({ pathChanged }) => {
      stopWatchdog();
      if (pathChanged) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    });
    return () => {
      stopWatchdog();
      unsubscribeStart();
      unsubscribeResolved();
    };
  }, [router]);
}
