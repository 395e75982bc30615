import { Center, FocusTrap, Portal, RemoveScroll } from '@mantine/core';
import { MaintenanceNotice } from './MaintenanceNotice';
import classes from './MaintenanceOverlay.module.css';

/** Covers the app while the backend is down (MaintenanceOverlay decides when). */
export function MaintenanceCover() {
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
