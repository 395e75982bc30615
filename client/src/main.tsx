import './mantine-first-screen.css';
import './global.css';
// For its effect, before anything else runs: the registry fills the game directory the panel, the bets and the routes'
// search validation read (names, bet lines, known slugs).
import './features/games/registry';

import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, useMemo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterStyles, firstScreenShown } from './after-styles';
import { MountOnceOpened } from './components/MountOnceOpened';
import { NOTIFICATION_AUTO_CLOSE_MS } from './constants';
import { captureReferralFromUrl } from './features/auth/referral-code';
import { restoreSession } from './features/auth/session-actions';
import { AppErrorBoundary } from './features/errors/AppErrorBoundary';
import { installChunkLoadRecovery } from './features/health/chunk-load-recovery';
import { MaintenanceOverlay } from './features/health/MaintenanceOverlay';
import { useFaviconKeeper } from './features/layout/use-favicon-keeper';
import { RealtimeConnector } from './features/realtime/RealtimeConnector';
import { useActiveTheme } from './features/theme/theme-preference';
import { queryClient } from './lib/api-clients';
import { router } from './router';
import { buildTheme, cssVariablesResolver } from './theme';
import { trpc, trpcClient } from './trpc';

// The toast container (and its transitions) is fetched with the first toast (MountOnceOpened): toasts raised before
// it arrives wait in the notifications store and show when it mounts. A guest who sees none never fetches it.
const Notifications = lazy(() =>
  afterStyles(() => import('./components/notifications-chunk')).then((module) => ({ default: module.Notifications })),
);

function ApiProviders({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RealtimeConnector />
        {children}
      </QueryClientProvider>
    </trpc.Provider>
  );
}

/** The theme depends on the server's feature flags, so it sits inside the API providers. */
function ThemedApp() {
  const themeName = useActiveTheme();
  const theme = useMemo(() => buildTheme(themeName), [themeName]);
  const toasts = useNotifications();
  const toastsRaised = toasts.notifications.length + toasts.queue.length > 0;
  useFaviconKeeper();
  return (
    // All theme variables come from here, not only those that differ from Mantine's defaults: the
    // first screen's stylesheet leaves out the defaults' 27 KB file (mantine-first-screen.css).
    <MantineProvider
      theme={theme}
      forceColorScheme="dark"
      cssVariablesResolver={cssVariablesResolver}
      deduplicateCssVariables={false}
    >
      <MountOnceOpened opened={toastsRaised}>
        <Notifications autoClose={NOTIFICATION_AUTO_CLOSE_MS} position="top-right" limit={4} />
      </MountOnceOpened>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
      <MaintenanceOverlay />
    </MantineProvider>
  );
}

installChunkLoadRecovery();
// The first route on screen releases the deferred chunks (after-styles.ts).
const stopWatchingFirstRender = router.subscribe('onRendered', () => {
  stopWatchingFirstRender();
  firstScreenShown();
});
captureReferralFromUrl();
void restoreSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApiProviders>
      <ThemedApp />
    </ApiProviders>
  </StrictMode>,
);
