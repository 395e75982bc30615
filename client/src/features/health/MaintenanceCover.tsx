import { Center, FocusTrap, Portal, RemoveScroll } from '@mantine/core';
import { useEffect } from 'react';
import { HEALTH_DOWN_POLL_INTERVAL_MS } from '../../constants';
import { refreshHealth } from './health-store';
import { MaintenanceNotice } from './MaintenanceNotice';
import classes from './MaintenanceOverlay.module.css';

/**
 * The periodic check (or the tab coming back) can find the server up before anyone presses Try Again. The cover then
 * goes, and the page reloads as Try Again would: what failed while the server was away (a route's code, a query, the
 * socket's subscriptions) is not all retried by itself. The cover only unmounts when the status leaves "down", so the
 * check here is the confirmation, and it keeps React's development double mount from reloading.
 */
function useReloadWhenBack(): void {
  useEffect(
    () => () => {
      void refreshHealth().then((status) => {
        if (status === 'ok') window.location.reload();
      });
    },
    [],
  );
}

/** While the cover is up the server is asked more often than the 30 s of a healthy page, so the cover lifts by itself. */
function usePollWhileDown(): void {
  useEffect(() => {
    const poll = window.setInterval(() => void refreshHealth(), HEALTH_DOWN_POLL_INTERVAL_MS);
    return () => window.clearInterval(poll);
  }, []);
}

/** Covers the app while the backend is down (MaintenanceOverlay decides when). */
export function MaintenanceCover() {
  usePollWhileDown();
  useReloadWhenBack();
  return (
    <Portal>
      <RemoveScroll>
        <FocusTrap active>
          <Center
            className={classes.overlay}
            role="alertdialog"
            aria-modal="true"
            aria-labelledby="maintenance-title"
            data-testid="maintenance-overlay"
          >
            <MaintenanceNotice />
          </Center>
        </FocusTrap>
      </RemoveScroll>
    </Portal>
  );
}
