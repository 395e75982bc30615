import { AppShell, Box } from '@mantine/core';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useIsMobile } from '../../components/use-is-mobile';
import { CHAT_PANEL_WIDTH_PX, HEADER_HEIGHT_PX, MOBILE_TAB_BAR_HEIGHT_PX, SIDEBAR_WIDTH_PX } from '../../constants';
import { AuthModal } from '../auth/AuthModal';
import { TipModal } from '../economy/TipModal';
import { VaultModal } from '../economy/VaultModal';
import { ChatPanel } from '../chat/ChatPanel';
import { useFeatures } from '../config/use-app-config';
import { BetDetailsHost } from '../originals/BetDetailsModal';
import { SeedsHost } from '../originals/SeedsModal';
import { useChatOpen, useSidebarCollapsed } from './layout-preferences';
import { MobileTabBar } from './MobileTabBar';
import { Sidebar } from './Sidebar';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';
import { useNavigationEffects } from './use-navigation-effects';
import classes from './AppLayout.module.css';

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

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT_PX }}
      navbar={{ width: SIDEBAR_WIDTH_PX, breakpoint: 0, collapsed: { desktop: sidebarHidden, mobile: sidebarHidden } }}
      aside={{ width: CHAT_PANEL_WIDTH_PX, breakpoint: 0, collapsed: { desktop: chatHidden, mobile: chatHidden } }}
      footer={{ height: MOBILE_TAB_BAR_HEIGHT_PX, collapsed: !isMobile }}
      padding={0}
      data-layout={isMobile ? 'mobile' : 'desktop'}
    >
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header className={classes.header}>
        <TopBar
          isMobile={isMobile}
          sidebarCollapsed={sidebarCollapsed}
          onToggleSidebar={toggleSidebar}
          chatOpen={chatOpen}
          onToggleChat={toggleChat}
        />
      </AppShell.Header>
      {/* inert keeps a hidden panel out of the tab order and away from screen readers. */}
      <AppShell.Navbar id="sidebar" className={classes.sidebar} inert={sidebarHidden} data-collapsed={sidebarHidden || undefined}>
        <Sidebar />
      </AppShell.Navbar>
      <AppShell.Aside id="chat-panel" className={classes.aside} inert={chatHidden} data-collapsed={chatHidden || undefined}>
        {features.chat ? <ChatPanel onClose={toggleChat} active={!chatHidden} /> : null}
      </AppShell.Aside>
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <Box px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }} className={classes.content}>
          <Outlet />
        </Box>
        <SiteFooter />
      </AppShell.Main>
      {isMobile ? (
        <AppShell.Footer component="div" className={classes.tabBar}>
          <MobileTabBar />
        </AppShell.Footer>
      ) : null}
      <AuthModal />
      <BetDetailsHost />
      <SeedsHost />
      <TipModal />
      <VaultModal />
    </AppShell>
  );
}
