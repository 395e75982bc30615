import { ActionIcon, Box, Button, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconMessageCircle,
  IconMessageCircleOff,
} from '@tabler/icons-react';
import { afterStyles } from '../../after-styles';
import { LazyTooltip } from '../../components/LazyTooltip';
import { openAuthModal } from '../auth/auth-modal-store';
import { useIsSignedIn } from '../auth/use-is-signed-in';
import { useFeatures } from '../config/use-app-config';
import { HeaderBalances } from './HeaderBalances';
import { Logo } from './Logo';

// Only signed-in players see the user menu; guests (the first visit) never download it.
const UserMenu = lazy(() => afterStyles(() => import('./UserMenu')).then((module) => ({ default: module.UserMenu })));
const SessionClock = lazy(() =>
  import('../responsible-gaming/RealityCheck').then((module) => ({ default: module.SessionClock })),
);
// The search box's combobox (floating-ui) follows the first paint; a same-sized box holds its place.
// Off unless the server turns the theme switcher on.
const ThemeSwitcher = lazy(() =>
  afterStyles(() => import('../theme/ThemeSwitcher')).then((module) => ({ default: module.ThemeSwitcher })),
);
const GameSearch = lazy(() =>
  afterStyles(() => import('../games/GameSearch')).then((module) => ({ default: module.GameSearch })),
);

interface TopBarProps {
  isMobile: boolean;
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  chatOpen: boolean;
  onToggleChat: () => void;
}

export function TopBar({ isMobile, sidebarCollapsed, onToggleSidebar, chatOpen, onToggleChat }: TopBarProps) {
  const isSignedIn = useIsSignedIn();
  const features = useFeatures();
  const sidebarLabel = sidebarCollapsed ? 'Expand sidebar' : 'Collapse sidebar';
  const chatLabel = chatOpen ? 'Close chat' : 'Open chat';
  return (
    <Group h="100%" px={isMobile ? 'sm' : 'md'} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        {isMobile ? null : (
          <LazyTooltip label={sidebarLabel}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onToggleSidebar}
              aria-label={sidebarLabel}
              aria-expanded={!sidebarCollapsed}
              aria-controls="sidebar"
            >
              {sidebarCollapsed ? (
                <IconLayoutSidebarLeftExpand size={20} />
              ) : (
                <IconLayoutSidebarLeftCollapse size={20} />
              )}
            </ActionIcon>
          </LazyTooltip>
        )}
        <Logo markOnly={isMobile && isSignedIn} />
      </Group>
      {isMobile ? null : (
        <Box flex={1} maw={420} role="search">
          <Suspense fallback={<Box h={36} />}>
            <GameSearch />
          </Suspense>
        </Box>
      )}
      <Group gap="xs" wrap="nowrap" miw={0}>
        {features.themeSwitcher ? (
          <Suspense fallback={null}>
            <ThemeSwitcher />
          </Suspense>
        ) : null}
        {isSignedIn ? (
          <>
            <HeaderBalances compact={isMobile} />
            <Suspense fallback={null}>
              {isMobile ? null : <SessionClock />}
              <UserMenu />
            </Suspense>
          </>
        ) : (
          <>
            <Button variant="default" size={isMobile ? 'xs' : 'sm'} onClick={() => openAuthModal('login')}>
              LOGIN
            </Button>
            <Button size={isMobile ? 'xs' : 'sm'} onClick={() => openAuthModal('register')}>
              REGISTER
            </Button>
          </>
        )}
        {isMobile || !features.chat ? null : (
          <LazyTooltip label={chatLabel}>
            <ActionIcon
              variant={chatOpen ? 'light' : 'subtle'}
              color={chatOpen ? 'brand' : 'gray'}
              size="lg"
              onClick={onToggleChat}
              aria-label={chatLabel}
              aria-expanded={chatOpen}
              aria-controls="chat-panel"
            >
              {chatOpen ? <IconMessageCircle size={20} /> : <IconMessageCircleOff size={20} />}
            </ActionIcon>
          </LazyTooltip>
        )}
      </Group>
    </Group>
  );
}
