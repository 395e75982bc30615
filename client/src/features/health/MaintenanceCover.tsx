import { Center, FocusTrap, Portal, RemoveScroll } from '@mantine/core';
import { useEffect } from 'react';
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

/** Covers the app while the backend is down (MaintenanceOverlay decides when). */
export function MaintenanceCover() {
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
