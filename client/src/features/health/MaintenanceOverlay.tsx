import { Center, FocusTrap, Portal, RemoveScroll } from '@mantine/core';
import { useEffect } from 'react';
import { HEALTH_POLL_INTERVAL_MS } from '../../constants';
import { MaintenanceNotice } from './MaintenanceNotice';
import { refreshHealth, useHealthStatus } from './health-store';
import classes from './MaintenanceOverlay.module.css';

/** Checks the backend at start, on return to the tab and periodically; covers the app while it is down. */
function useHealthMonitor(): void {
  useEffect(() => {
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
    <Portal>
      <RemoveScroll>
        <FocusTrap active>
          <Center className={classes.overlay} role="alertdialog" aria-modal="true" aria-labelledby="maintenance-title" data-testid="maintenance-overlay">
            <MaintenanceNotice />
          </Center>
        </FocusTrap>
      </RemoveScroll>
    </Portal>
  );
}
