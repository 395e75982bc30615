import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useFeatures } from '../config/use-app-config';
import { MOBILE_TABS, SPORTS_LINK } from '../navigation/nav-items';
import classes from './MobileTabBar.module.css';

function isActive(pathname: string, to: string): boolean {
  if (to === '/casino') return pathname === '/' || pathname === '/casino' || pathname.startsWith('/casino/');
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Bottom tabs on narrow screens: Menu, Casino, Sports, BZU, Trollbox. */
export function MobileTabBar() {
  const { pathname } = useLocation();
  const { sports, chat } = useFeatures();
  const tabs = MOBILE_TABS.filter((tab) => (tab.to === SPORTS_LINK.to ? sports : tab.to === '/chat' ? chat : true));
  return (
    <Group component="nav" aria-label="Sections" h="100%" gap={0} grow wrap="nowrap">
      {tabs.map(({ to, label, icon: TabIcon }) => {
        const active = isActive(pathname, to);
        return (
          <UnstyledButton
            key={to}
            component={Link}
            to={to}
            className={classes.tab}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
          >
            <TabIcon size={22} stroke={1.7} aria-hidden />
            <Text size="xs" fw={600}>
              {label}
            </Text>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
