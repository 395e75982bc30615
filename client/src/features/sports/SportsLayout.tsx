import { Box, Button, Drawer, Group, Stack, Tabs } from '@mantine/core';
import { IconBallFootball, IconTicket } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderState } from '../../components/PlaceholderState';
import { useIsMobile } from '../../components/use-is-mobile';
import { useFeatures } from '../config/use-app-config';
import { BetSlip } from './BetSlip';
import { setSlipOpen, useBetSlip } from './bet-slip-store';
import classes from './Sports.module.css';
import { useSportsLive } from './use-sports';

/** Events / My bets: the sportsbook's own sections. */
export function SportsNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const value = pathname.startsWith('/sports/bets') ? 'bets' : 'events';
  return (
    <Tabs
      value={value}
      onChange={(next) => void navigate({ to: next === 'bets' ? '/sports/bets' : '/sports' })}
      mb="md"
    >
      <Tabs.List>
        <Tabs.Tab value="events" leftSection={<IconBallFootball size={16} aria-hidden />}>
          Events
        </Tabs.Tab>
        <Tabs.Tab value="bets" leftSection={<IconTicket size={16} aria-hidden />}>
          My bets
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}

/**
 * Every /sports page: the content, and the bet slip beside it on desktop or as a bottom sheet on
 * mobile. With SPORTS_ENABLED off, only a notice.
 */
export function SportsLayout() {
  const { sports } = useFeatures();
  const isMobile = useIsMobile();
  const slip = useBetSlip();
  useSportsLive(sports);

  if (!sports) {
    return (
      <Stack gap="lg">
        <PageHeader title="Sports" />
        <PlaceholderState
          icon={IconBallFootball}
          title="Sports betting is not available"
          description="Sports are switched off on this platform for now. The casino and the BZU token are open."
        />
      </Stack>
    );
  }
  if (isMobile) {
    return (
      <Box pb={slip.picks.length > 0 ? 72 : 0}>
        <Outlet />
        {slip.picks.length > 0 && !slip.open ? (
          <Button
            className={classes.slipButton}
            size="md"
            leftSection={<IconTicket size={18} aria-hidden />}
            onClick={() => setSlipOpen(true)}
          >
            Bet slip ({slip.picks.length})
          </Button>
        ) : null}
        <Drawer
          opened={slip.open}
          onClose={() => setSlipOpen(false)}
          position="bottom"
          size="85%"
          title="Bet slip"
          withinPortal
        >
          <BetSlip embedded />
        </Drawer>
      </Box>
    );
  }
  return (
    <Group align="flex-start" wrap="nowrap" gap="lg">
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </Box>
      <Box className={classes.slipPanel}>
        <BetSlip />
      </Box>
    </Group>
  );
}
