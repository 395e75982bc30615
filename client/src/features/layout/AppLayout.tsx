import { Box } from '@mantine/core';
import { Outlet, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { MountOnceOpened } from '../../components/MountOnceOpened';
import { afterStyles } from '../../after-styles';
import { useIsMobile } from '../../components/use-is-mobile';
import { CHAT_PANEL_WIDTH_PX, HEADER_HEIGHT_PX, MOBILE_TAB_BAR_HEIGHT_PX, SIDEBAR_WIDTH_PX } from '../../constants';
import { useAuthModal } from '../auth/auth-modal-store';
import { useIsSignedIn } from '../auth/use-is-signed-in';
import { useTipModal } from '../economy/tip-modal-store';
import { useVaultModal } from '../economy/vault-modal-store';
import { useOverlays } from '../game-panel/overlay-store';
import { useFeatures } from '../config/use-app-config';
import { useChatOpen, useSidebarCollapsed } from './layout-preferences';
import { MobileTabBar } from './MobileTabBar';
import { Sidebar } from './Sidebar';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';
import { useNavigationEffects } from './use-navigation-effects';
import classes from './AppLayout.module.css';

// Not part of the first screen's bundle (issue #17: 150 KB budget): the chat panel and the
// login/register forms (zod, @mantine/form) load on their own, the forms only once asked for.
const ChatPanel = lazy(() =>
  afterStyles(() => import('../chat/ChatPanel')).then((module) => ({ default: module.ChatPanel })),
);
// The footer and the phone's tab bar are the shell: in the first load (~1.5 KB brotli), so they show with the header
// however long a cold server takes to send the chunks that come after the first paint.
// Modals opened from game pages, the header and the chat (bet details, seeds, tips, vault): fetched when first opened.
const BetDetailsHost = lazy(() =>
  afterStyles(() => import('../bets/BetDetailsModal')).then((module) => ({ default: module.BetDetailsHost })),
);
const SeedsHost = lazy(() =>
  afterStyles(() => import('../game-panel/SeedsModal')).then((module) => ({ default: module.SeedsHost })),
);
const TipModal = lazy(() =>
  afterStyles(() => import('../economy/TipModal')).then((module) => ({ default: module.TipModal })),
);
const VaultModal = lazy(() =>
  afterStyles(() => import('../economy/VaultModal')).then((module) => ({ default: module.VaultModal })),
);
// The reality check's timer and modal (signed-in players only): after the first paint.
const RealityCheckHost = lazy(() =>
  afterStyles(() => import('../responsible-gaming/RealityCheck')).then((module) => ({
    default: module.RealityCheckHost,
  })),
);
const AuthModal = lazy(() =>
  afterStyles(() => import('../auth/AuthModal')).then((module) => ({ default: module.AuthModal })),
);

/** The layout's modals, each fetched and mounted the first time it opens (MountOnceOpened). */
function LayoutModals() {
  const { opened: authOpened } = useAuthModal();
  const { bet, seedsOpen } = useOverlays();
  const tip = useTipModal();
  const vaultOpened = useVaultModal();
  const isSignedIn = useIsSignedIn();
  return (
    <>
      <MountOnceOpened opened={authOpened}>
        <AuthModal />
      </MountOnceOpened>
      <MountOnceOpened opened={bet !== null}>
        <BetDetailsHost />
      </MountOnceOpened>
      <MountOnceOpened opened={seedsOpen}>
        <SeedsHost />
      </MountOnceOpened>
      <MountOnceOpened opened={tip !== null}>
        <TipModal />
      </MountOnceOpened>
      <MountOnceOpened opened={vaultOpened}>
        <VaultModal />
      </MountOnceOpened>
      {/* The reality check's timer runs for signed-in players only. */}
      <MountOnceOpened opened={isSignedIn}>
        <RealityCheckHost />
      </MountOnceOpened>
    </>
  );
}

/**
 * Desktop: top bar, collapsible sidebar, content + footer, chat panel on the right.
 * Mobile (<= 1000 px): top bar, content + footer, bottom tab bar.
 * Breakpoints are 0 because the layout is chosen in JS (useIsMobile), read before first paint.
 */
export function AppLayout() {
  useNavigationEffects();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const features = useFeatures();
  const [sidebarCollapsed, toggleSidebar] = useSidebarCollapsed();
  const [chatOpen, toggleChat] = useChatOpen();

  const sidebarHidden = isMobile || sidebarCollapsed;
  // The /chat page already shows the Trollbox full size.
  const chatHidden = isMobile || !chatOpen || !features.chat || pathname === '/chat';
  // Loaded the first time it is shown, then kept mounted (hidden panels keep their scroll position).
  const [chatShown, setChatShown] = useState(!chatHidden);
  if (!chatHidden && !chatShown) setChatShown(true);

  const shellVariables = {
    '--shell-header-height': `${HEADER_HEIGHT_PX}px`,
    '--shell-navbar-width': sidebarHidden ? '0px' : `${SIDEBAR_WIDTH_PX}px`,
    '--shell-navbar-size': `${SIDEBAR_WIDTH_PX}px`,
    '--shell-aside-width': chatHidden ? '0px' : `${CHAT_PANEL_WIDTH_PX}px`,
    '--shell-aside-size': `${CHAT_PANEL_WIDTH_PX}px`,
    '--shell-footer-height': isMobile ? `${MOBILE_TAB_BAR_HEIGHT_PX}px` : '0px',
  } as CSSProperties;

  // A hand-made shell (fixed header, sliding side panels, padded main) rather than Mantine's
  // AppShell, whose media-query styles, resize handles and scroll-lock code weigh ~9 KB
  // compressed in the first load (issue #17).
  return (
    <div className={classes.shell} style={shellVariables} data-layout={isMobile ? 'mobile' : 'desktop'}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <header className={classes.header}>
        <TopBar
          isMobile={isMobile}
          sidebarCollapsed={sidebarCollapsed}
          onToggleSidebar={toggleSidebar}
          chatOpen={chatOpen}
          onToggleChat={toggleChat}
        />
      </header>
      {/* inert keeps a hidden panel out of the tab order and away from screen readers. */}
      <nav id="sidebar" className={classes.sidebar} inert={sidebarHidden} data-collapsed={sidebarHidden || undefined}>
        <Sidebar />
      </nav>
      <aside id="chat-panel" className={classes.aside} inert={chatHidden} data-collapsed={chatHidden || undefined}>
        {features.chat && chatShown ? (
          <Suspense fallback={null}>
            <ChatPanel onClose={toggleChat} active={!chatHidden} />
          </Suspense>
        ) : null}
      </aside>
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Box px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }} className={classes.content}>
          <Outlet />
        </Box>
        <SiteFooter />
      </main>
      {isMobile ? (
        <div className={classes.tabBar}>
          <MobileTabBar />
        </div>
      ) : null}
      <LayoutModals />
    </div>
  );
}
