import { ActionIcon, Box, Button, Group, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconMessageCircle, IconMessageCircleOff } from '@tabler/icons-react';
import { openAuthModal } from '../auth/auth-modal-store';
import { useSession } from '../auth/session-store';
import { useFeatures } from '../config/use-app-config';
import { GameSearch } from '../games/GameSearch';
import { ThemeSwitcher } from '../theme/ThemeSwitcher';
import { HeaderBalances } from './HeaderBalances';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

interface TopBarProps {
  isMobile: boolean;
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  chatOpen: boolean;
  onToggleChat: () => void;
}

export function TopBar({ isMobile, sidebarCollapsed, onToggleSidebar, chatOpen, onToggleChat }: TopBarProps) {
  const { isSignedIn } = useSession();
  const features = useFeatures();
  const sidebarLabel = sidebarCollapsed ? 'Expand sidebar' : 'Collapse sidebar';
  const chatLabel = chatOpen ? 'Close chat' : 'Open chat';
  return (
    <Group h="100%" px={isMobile ? 'sm' : 'md'} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        {isMobile ? null : (
          <Tooltip label={sidebarLabel}>
            <ActionIcon variant="subtle" color="gray" size="lg" onClick={onToggleSidebar} aria-label={sidebarLabel} aria-expanded={!sidebarCollapsed} aria-controls="sidebar">
              {sidebarCollapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
            </ActionIcon>
          </Tooltip>
        )}
        <Logo />
      </Group>
      {isMobile ? null : (
        <Box flex={1} maw={420} role="search">
          <GameSearch />
        </Box>
      )}
      <Group gap="xs" wrap="nowrap">
        <ThemeSwitcher />
        {isSignedIn ? (
          <>
            <HeaderBalances compact={isMobile} />
            <UserMenu />
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
          <Tooltip label={chatLabel}>
            <ActionIcon variant={chatOpen ? 'light' : 'subtle'} color={chatOpen ? 'brand' : 'gray'} size="lg" onClick={onToggleChat} aria-label={chatLabel} aria-expanded={chatOpen} aria-controls="chat-panel">
              {chatOpen ? <IconMessageCircle size={20} /> : <IconMessageCircleOff size={20} />}
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}
