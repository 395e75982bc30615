import { Box, Button, Grid, NavLink, Paper, Stack } from '@mantine/core';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { PageHeader } from '../../components/PageHeader';
import { useIsMobile } from '../../components/use-is-mobile';
import { GuestPrompt } from '../auth/GuestPrompt';
import { useSession } from '../auth/session-store';
import { ACCOUNT_LINKS } from '../navigation/nav-items';

/** The account area: a section list beside the current section; guests are asked to log in. */
export function AccountLayout() {
  const { isSignedIn } = useSession();
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  if (!isSignedIn) {
    return (
      <Stack gap="lg">
        <PageHeader title="Account" />
        <GuestPrompt
          title="Log in to see your account"
          description="Your profile, balances, referrals, deposits, withdrawals and settings live here."
        />
      </Stack>
    );
  }
  const isActive = (to: string) =>
    pathname === to ||
    (pathname === '/account' && to === '/account/profile') ||
    (to.endsWith('/ALL') && pathname.startsWith(to.slice(0, -3)));
  if (isMobile) {
    // Phones: one row of tabs that scrolls sideways (the stacked list took 300 px before any content).
    return (
      <Stack gap="md">
        <Box
          component="nav"
          aria-label="Account sections"
          data-testid="account-tabs"
          style={{ display: 'flex', gap: 4, overflowX: 'auto', scrollbarWidth: 'none', minWidth: 0 }}
        >
          {ACCOUNT_LINKS.map((link) => (
            <Button
              key={link.to}
              component={Link}
              to={link.to}
              size="xs"
              radius="xl"
              variant={isActive(link.to) ? 'light' : 'subtle'}
              color={isActive(link.to) ? undefined : 'gray'}
              aria-current={isActive(link.to) ? 'page' : undefined}
              style={{ flex: 'none' }}
            >
              {link.label}
            </Button>
          ))}
        </Box>
        <Outlet />
      </Stack>
    );
  }
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder radius="md" p={4} bg="var(--bzu-card)" component="nav" aria-label="Account sections">
          {ACCOUNT_LINKS.map((link) => (
            <NavLink key={link.to} component={Link} to={link.to} label={link.label} active={isActive(link.to)} />
          ))}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
